import { Box, chakra, Heading, Input, InputGroup, SimpleGrid, Stack } from '@chakra-ui/react';
import { Search, SearchX } from 'lucide-react';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardGridSkeleton, EmptyBlock, ErrorState } from '../../../components/ui/query-states.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { useZonesQuery } from '../api/get-zones.ts';
import { ZoneCard } from './zone-card.tsx';
import '../../../lib/page-strings.ts';

/** Lower-cased, without Arabic diacritics/tatweel and with alef/yeh/teh marbuta variants unified: for the zone filter. */
const fold = (s: string) =>
  s.toLocaleLowerCase().normalize('NFKD').replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '').replace(/[أإآ]/g, 'ا').replace(/ى/g, 'ي').replace(/ة/g, 'ه');

/** The zones with their building and place counts, filterable by name; kept out of the map's re-renders. */
export const ZoneList = memo(function ZoneList() {
  const { t } = useTranslation();
  const { localize } = usePreferences();
  const zones = useZonesQuery();
  const [zoneFilter, setZoneFilter] = useState('');
  const deferredFilter = useDeferredValue(zoneFilter); // typing stays responsive while the grid catches up
  const visibleZones = useMemo(() => {
    const needle = fold(deferredFilter.trim());
    const list = zones.data ?? [];
    return needle ? list.filter((z) => fold(`${z.title} ${z.titleAr ?? ''}`).includes(needle)) : list;
  }, [zones.data, deferredFilter]);
  return (
    <Box as="section" aria-labelledby="map-zones-heading">
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'end' }} gap="3" mb="4">
        <Heading as="h2" id="map-zones-heading" size="xl">{t('mapPage.zones')}</Heading>
        <Stack gap="1" width={{ base: 'full', sm: '72' }}>
          <chakra.label htmlFor="zone-filter" fontSize="sm" fontWeight="medium">{t('mapPage.filterZones')}</chakra.label>
          <InputGroup startElement={<Search size={16} aria-hidden />}>
            <Input id="zone-filter" size="sm" type="search" value={zoneFilter} onChange={(e) => setZoneFilter(e.target.value)} placeholder={t('mapPage.filterZonesPlaceholder')} autoComplete="off" />
          </InputGroup>
        </Stack>
      </Stack>
      {zones.isPending ? (
        <CardGridSkeleton count={12} height="72px" columns={{ base: 1, sm: 2, md: 3, lg: 4 }} />
      ) : zones.isError ? (
        <ErrorState message={t('mapPage.loadError')} onRetry={() => void zones.refetch()} />
      ) : visibleZones.length === 0 ? (
        <EmptyBlock icon={<SearchX />} title={t('mapPage.noZones')} />
      ) : (
        <SimpleGrid as="ul" aria-labelledby="map-zones-heading" listStyleType="none" columns={{ base: 1, sm: 2, md: 3, lg: 4 }} gap="3">
          {visibleZones.map((z) => <li key={z.id}><ZoneCard zone={z} to={localize(`/map/zones/${z.slug}`)} /></li>)}
        </SimpleGrid>
      )}
    </Box>
  );
});

