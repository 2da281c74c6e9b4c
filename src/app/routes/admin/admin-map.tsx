import { Box, Container } from '@chakra-ui/react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapView, type MapMarker } from '../../../components/map/map-view.tsx';
import { ZonesManager } from '../../../features/admin/components/zones-manager.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { coordinatesOf } from '../../../shared/map-coordinates.ts';
import type { Zone } from '../../../shared/schemas/entity-schemas.ts';

/** Zones with known coordinates (latitude/longitude or their location URL) as map pins opening their buildings. */
function ZonesMap({ zones }: { zones: Zone[] }) {
  const { t } = useTranslation('admin');
  const { pick, localize } = usePreferences();
  // Memoised: a new array or callback would make the map clear, re-add and re-fit every pin on each render.
  const markers: MapMarker[] = useMemo(() => zones.flatMap((z) => {
    const at = coordinatesOf(z);
    return at ? [{ id: z.id, ...at, kind: 'building' as const, title: pick(z.title, z.titleAr), subtitle: t('zones.counts', { buildings: z.buildingsCount, places: z.placesCount }), href: localize(`/admin/map/zones/${z.id}`) }] : [];
  }), [zones, pick, localize, t]);
  const clusterLabel = useCallback((count: number) => t('map.clusterLabel', { count }), [t]);
  if (markers.length === 0) return null;
  return (
    <Box mb="6">
      <MapView markers={markers} label={t('map.zonesMapLabel')} height="max(280px, 40vh)" clusterLabel={clusterLabel} />
    </Box>
  );
}

/** /admin/map and /admin/zones (and /ar): Map & Zones — a map of the zones and the zone list with reorder, create, edit, delete. */
export default function AdminMapPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('map.title'));
  return (
    <Container maxW="6xl" py={{ base: '5', md: '8' }}>
      <ZonesManager mapSlot={(zones) => <ZonesMap zones={zones} />} />
    </Container>
  );
}
