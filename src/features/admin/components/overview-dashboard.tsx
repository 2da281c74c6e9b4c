import { Badge, Box, Button, Flex, HStack, Heading, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ChevronRight, History, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyBlock, ErrorState } from '../../../components/ui/query-states.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import type { Overview } from '../../../shared/schemas/overview-schemas.ts';
import { useOverviewQuery } from '../api/admin-overview-api.ts';
import { changeRecordName, chartRows, formatAge, GAP_LINKS, historyLink } from '../overview-view.ts';
import { formatDateTime } from '../place-requests-view.ts';
import { AdminPageHeader } from './admin-page-header.tsx';
import { OverviewBarChart } from './overview-bar-chart.tsx';

const linkStyle = { colorPalette: 'brand', color: 'colorPalette.fg', textDecoration: 'underline' } as const;

/**
 * /admin/overview: data health at a glance (GET /admin/overview) — places per category and per zone
 * (charts with text alternatives), pending requests and their age, the gaps worth fixing linking to
 * the filtered places list (likely duplicates to /admin/duplicates), and the latest changes linking
 * to the history. Loading skeleton, error with retry, empty directory.
 */
export function OverviewDashboard() {
  const { t } = useTranslation('admin');
  const { localize } = usePreferences();
  const query = useOverviewQuery();
  const data = query.data;
  return (
    <>
      <AdminPageHeader title={t('overview.title')} description={t('overview.description')} />
      {query.isError && !data ? (
        <ErrorState message={t('overview.loadError')} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <OverviewSkeleton />
      ) : (
        <Stack gap="6" aria-busy={query.isFetching || undefined}>
          <Text fontWeight="medium">{t('overview.totalPlaces', { count: data.totalPlaces })}</Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <PendingCard pending={data.pending} />
            <GapsCard data={data} />
          </SimpleGrid>
          {data.totalPlaces === 0 ? (
            <EmptyBlock icon={<Store />} title={t('overview.noPlaces')} action={
              <Button asChild variant="outline"><RouterLink to={localize('/admin/places')}>{t('places.add')}</RouterLink></Button>} />
          ) : (
            <PlaceCharts data={data} />
          )}
          <LatestChanges changes={data.latestChanges} />
        </Stack>
      )}
    </>
  );
}

function OverviewSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="4" aria-busy="true" aria-label={t('app.loading')}>
      <Skeleton h="6" w="40%" />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4"><Skeleton h="40" borderRadius="lg" /><Skeleton h="40" borderRadius="lg" /></SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4"><Skeleton h="80" borderRadius="lg" /><Skeleton h="80" borderRadius="lg" /></SimpleGrid>
    </Stack>
  );
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '5' }} minW="0">
      <Heading as="h2" id={id} size="md" mb="3">{title}</Heading>
      {children}
    </Box>
  );
}

function PendingCard({ pending }: { pending: Overview['pending'] }) {
  const { t } = useTranslation('admin');
  const { lang, localize } = usePreferences();
  return (
    <Card id="overview-pending" title={t('overview.pendingTitle')}>
      <Stack gap="2">
        <Text fontSize="lg" fontWeight="semibold">{t('overview.pendingCount', { count: pending.count })}</Text>
        {pending.oldestHours !== null && <Text>{t('overview.pendingOldest', { age: formatAge(pending.oldestHours, lang) })}</Text>}
        {pending.medianHours !== null && pending.count > 1 && <Text color="fg.muted">{t('overview.pendingMedian', { age: formatAge(pending.medianHours, lang) })}</Text>}
        <Link asChild {...linkStyle} alignSelf="start">
          <RouterLink to={localize('/admin/requests')}>{t('overview.reviewRequests')}</RouterLink>
        </Link>
      </Stack>
    </Card>
  );
}

function GapLink({ to, children, count }: { to: string; children: ReactNode; count: number }) {
  const { localize } = usePreferences();
  return (
    <Box as="li">
      <Link asChild display="flex" alignItems="center" gap="2" px="2" py="1.5" borderRadius="md" _hover={{ bg: 'bg.muted', textDecoration: 'none' }}>
        <RouterLink to={localize(to)}>
          <Badge colorPalette={count === 0 ? 'green' : 'orange'} variant="subtle" minW="8" justifyContent="center" aria-hidden="true">
            {count}
          </Badge>
          <Text as="span" flex="1">{children}</Text>
          <Box as="span" aria-hidden="true" color="fg.muted" _rtl={{ transform: 'scaleX(-1)' }}><ChevronRight size={16} /></Box>
        </RouterLink>
      </Link>
    </Box>
  );
}

function GapsCard({ data }: { data: Overview }) {
  const { t } = useTranslation('admin');
  return (
    <Card id="overview-gaps" title={t('overview.gapsTitle')}>
      <Stack as="ul" gap="1" listStyleType="none" ps="0" m="0">
        {GAP_LINKS.map(({ gap, to }) => (
          <GapLink key={gap} to={to} count={data.gaps[gap]}>{t(`overview.gaps.${gap}`, { count: data.gaps[gap] })}</GapLink>
        ))}
        <GapLink to="/admin/duplicates" count={data.likelyDuplicates}>
          {t('overview.gaps.duplicates', { count: data.likelyDuplicates })}
        </GapLink>
      </Stack>
    </Card>
  );
}

function PlaceCharts({ data }: { data: Overview }) {
  const { t } = useTranslation('admin');
  const { pick } = usePreferences();
  const categories = chartRows(data.perCategory, pick, t('overview.noZone'));
  const zones = chartRows(data.perZone, pick, t('overview.noZone'));
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      <OverviewBarChart
        id="overview-categories" title={t('overview.perCategory')} rows={categories}
        summary={t('overview.categoriesSummary', { count: categories.length, top: categories[0]?.label ?? '' })}
        nameHeader={t('places.columns.category')} countHeader={t('overview.placesColumn')}
      />
      <OverviewBarChart
        id="overview-zones" title={t('overview.perZone')} rows={zones}
        summary={t('overview.zonesSummary', { count: data.perZone.filter((z) => z.id !== null).length, top: zones[0]?.label ?? '' })}
        nameHeader={t('places.columns.zone')} countHeader={t('overview.placesColumn')}
      />
    </SimpleGrid>
  );
}

function LatestChanges({ changes }: { changes: Overview['latestChanges'] }) {
  const { t } = useTranslation('admin');
  const { lang, localize } = usePreferences();
  return (
    <Card id="overview-changes" title={t('overview.changesTitle')}>
      {changes.length === 0 ? (
        <EmptyBlock icon={<History />} title={t('history.empty')} />
      ) : (
        <Stack as="ol" gap="2" listStyleType="none" ps="0" m="0">
          {changes.map((entry) => {
            const entity = t(`history.entities.${entry.entity}`);
            const name = changeRecordName(entry, lang) ?? t('overview.recordNumber', { entity, id: entry.entityId });
            return (
              <Flex as="li" key={entry.id} gap="3" align={{ base: 'start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}
                borderBottomWidth="1px" pb="2" data-testid="overview-change">
                <HStack gap="2" flex="1" minW="0" wrap="wrap">
                  <Badge colorPalette={entry.operation === 'delete' ? 'red' : entry.operation === 'insert' ? 'green' : 'blue'}>
                    {t(`history.operations.${entry.operation}`)}
                  </Badge>
                  <Text as="span" color="fg.muted" fontSize="sm">{entity}</Text>
                  <Text as="span" fontWeight="medium" truncate maxW={{ base: 'full', sm: 'xs' }}><bdi>{name}</bdi></Text>
                </HStack>
                <Text fontSize="sm" color="fg.muted" whiteSpace={{ base: 'normal', md: 'nowrap' }}>
                  {formatDateTime(entry.at, lang)} · {entry.actor ? <bdi>{entry.actor.email ?? entry.actor.id}</bdi> : t('history.byDatabase', { role: entry.role })}
                </Text>
                <Link asChild {...linkStyle} fontSize="sm" whiteSpace="nowrap">
                  <RouterLink to={localize(historyLink(entry))} aria-label={t('history.placeHistoryNamed', { name })}>
                    <History size={14} aria-hidden /> {t('history.viewHistory')}
                  </RouterLink>
                </Link>
              </Flex>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
