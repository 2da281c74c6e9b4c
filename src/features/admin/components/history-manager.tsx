import { Badge, Box, Button, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { History, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { EmptyBlock, ErrorState, LinesSkeleton } from '../../../components/ui/query-states.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { HISTORY_RESTORE_DAYS, type HistoryEntry } from '../../../shared/schemas/history-schemas.ts';
import { useDeletedPlacesQuery, useHistoryQuery, useRestorePlaceVersion } from '../api/admin-history-api.ts';
import { historyChanges, historyTargetFromParams } from '../history-view.ts';
import { describeValue } from '../../../components/place-request/display-value.ts';
import { formatDateTime } from '../place-requests-view.ts';
import { AdminPageHeader } from './admin-page-header.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useAdminValueLookups } from './admin-request-details-dialog.tsx';
import { ChangeView } from '../../../components/place-request/request-details-dialog.tsx';
import { useRequestFieldLabel } from '../../../components/place-request/request-text.ts';

const PAGE_SIZE = 20;

/**
 * /admin/history: with `?entity=&id=` the timeline of that record (newest first, before → after as
 * in the moderation requests, "Restore this version" on a place's updates and deletion); always the
 * places deleted in the last 30 days with Restore. Restores ask for confirmation first.
 */
export function HistoryManager() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const target = historyTargetFromParams(params);
  const [restoring, setRestoring] = useState<{ entryId: number; name?: string; created?: boolean } | null>(null);
  const restore = useRestorePlaceVersion();

  return (
    <>
      <AdminPageHeader title={t('history.title')} description={t('history.description')} />
      <Stack gap="10">
        {target && <Timeline key={`${target.entity}-${target.id}`} entity={target.entity} id={target.id} onRestore={(entryId, created) => setRestoring({ entryId, created })} />}
        <DeletedPlaces onRestore={(entryId, name) => setRestoring({ entryId, name })} />
      </Stack>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => { if (!open && !restore.isPending) setRestoring(null); }}
        title={t('history.confirmTitle')}
        confirmLabel={t('history.restore')}
        pendingLabel={t('history.restoring')}
        pending={restore.isPending}
        tone="brand"
        onConfirm={() => restoring && restore.mutate(restoring.entryId, { onSuccess: () => setRestoring(null) })}
      >
        <Text>{restoring?.name ? t('history.confirmDeleted', { name: restoring.name }) : restoring?.created ? t('history.confirmCreated') : t('history.confirmVersion')}</Text>
      </ConfirmDialog>
    </>
  );
}

function Timeline({ entity, id, onRestore }: { entity: HistoryEntry['entity']; id: number; onRestore: (entryId: number, created: boolean) => void }) {
  const { t } = useTranslation('admin');
  const { lang } = usePreferences();
  const [page, setPage] = useState(1);
  const query = useHistoryQuery({ entity, id, page, limit: PAGE_SIZE });
  const lookups = useAdminValueLookups();
  const label = useRequestFieldLabel();
  const total = query.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Box as="section" aria-labelledby="history-timeline">
      <Heading as="h2" id="history-timeline" size="lg" mb="4">{t('history.timelineTitle', { entity: t(`history.entities.${entity}`), id })}</Heading>
      {query.isError ? <ErrorState message={t('history.loadError')} onRetry={() => void query.refetch()} />
        : !query.data ? <LinesSkeleton lines={6} />
        : query.data.data.length === 0 ? <EmptyBlock title={t('history.empty')} icon={<History />} />
        : (
          <Stack as="ol" gap="4" listStyleType="none" ps="0">
            {query.data.data.map((entry) => (
              <Box as="li" key={entry.id} borderWidth="1px" borderRadius="lg" p="4" data-testid="history-entry">
                <HStack justify="space-between" wrap="wrap" gap="3" mb="3">
                  <Stack gap="1">
                    <HStack gap="2" wrap="wrap">
                      <Badge colorPalette={entry.operation === 'delete' ? 'red' : entry.operation === 'insert' ? 'green' : 'blue'}>
                        {t(`history.operations.${entry.operation}`)}
                      </Badge>
                      <Text fontSize="sm" color="fg.muted">{formatDateTime(entry.at, lang)}</Text>
                    </HStack>
                    <Text fontSize="sm">
                      {entry.actor ? <>{t('history.by')} <bdi>{entry.actor.email ?? entry.actor.id}</bdi></>
                        : t('history.byDatabase', { role: entry.role })}
                      {entry.requestId !== null && <> · {t('history.fromRequest', { id: entry.requestId })}</>}
                    </Text>
                  </Stack>
                  {entity === 'place' && (
                    <Button size="sm" variant="outline" onClick={() => onRestore(entry.id, entry.operation === 'insert')}>
                      <RotateCcw aria-hidden /> {t('history.restoreVersion')}
                    </Button>
                  )}
                </HStack>
                <Stack as="ul" gap="3" listStyleType="none" ps="0">
                  {historyChanges(entry).map((change) => (
                    <ChangeView key={change.field} label={label(change.field)}
                      before={describeValue(change.field, change.before, lookups)} after={describeValue(change.field, change.after, lookups)} />
                  ))}
                </Stack>
              </Box>
            ))}
          </Stack>
        )}
      {pages > 1 && (
        <HStack mt="4" gap="2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>{t('history.newer')}</Button>
          <Text fontSize="sm">{t('history.pageOf', { page, pages })}</Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>{t('history.older')}</Button>
        </HStack>
      )}
    </Box>
  );
}

function DeletedPlaces({ onRestore }: { onRestore: (entryId: number, name: string) => void }) {
  const { t } = useTranslation('admin');
  const { lang, localize } = usePreferences();
  const query = useDeletedPlacesQuery({ page: 1, limit: 100 });
  return (
    <Box as="section" aria-labelledby="history-deleted">
      <Heading as="h2" id="history-deleted" size="lg" mb="1">{t('history.deletedTitle')}</Heading>
      <Text color="fg.muted" mb="4">{t('history.deletedDescription', { count: HISTORY_RESTORE_DAYS })}</Text>
      {query.isError ? <ErrorState message={t('history.loadError')} onRetry={() => void query.refetch()} />
        : !query.data ? <LinesSkeleton lines={3} />
        : query.data.data.length === 0 ? <EmptyBlock title={t('history.noDeleted')} icon={<History />} />
        : (
          <Stack as="ul" gap="2" listStyleType="none" ps="0">
            {query.data.data.map((d) => (
              <HStack as="li" key={d.entryId} borderWidth="1px" borderRadius="md" p="3" justify="space-between" wrap="wrap" data-testid="deleted-place">
                <Stack gap="0" minW="0">
                  <Text fontWeight="medium" dir="auto" textAlign="start">{d.name}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {t('history.deletedAt', { date: formatDateTime(d.at, lang) })}
                    {' · '}{d.actor ? <bdi>{d.actor.email ?? d.actor.id}</bdi> : t('history.byDatabase', { role: d.role })}
                  </Text>
                </Stack>
                <HStack gap="2">
                  <Link asChild fontSize="sm" colorPalette="brand" color="colorPalette.fg" textDecoration="underline">
                    <RouterLink to={localize(`/admin/history?entity=place&id=${d.placeId}`)}>{t('history.viewHistory')}</RouterLink>
                  </Link>
                  <Button size="sm" colorPalette="brand" onClick={() => onRestore(d.entryId, d.name)} aria-label={t('history.restoreNamed', { name: d.name })}>
                    <RotateCcw aria-hidden /> {t('history.restore')}
                  </Button>
                </HStack>
              </HStack>
            ))}
          </Stack>
        )}
    </Box>
  );
}
