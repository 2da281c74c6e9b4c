import { Alert, Button, CloseButton, Flex, HStack, Link, List, NativeSelect, Stack, Tabs, Text, VisuallyHidden } from '@chakra-ui/react';
import '../../../components/ui/late-recipes.ts';
import { CheckCheck, ExternalLink, FileSearch, Inbox } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { toaster } from '../../../components/ui/toaster.tsx';
import { EmptyBlock, ErrorState } from '../../../components/ui/query-states.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { PLACE_REQUEST_TYPES, type ApproveAllResult, type PlaceRequest, type PlaceRequestType } from '../../../shared/schemas/place-request-schemas.ts';
import { useApproveAllPlaceRequests, useApprovePlaceRequest, useAdminPlaceRequestsQuery, usePendingRequestCount } from '../api/admin-place-requests-api.ts';
import { formatDateTime, requestsFilterFromParams, requestsFilterToParams, STATUS_FILTERS, toRequestRow, type RequestRow, type RequestsFilter } from '../place-requests-view.ts';
import { AdminPageHeader } from './admin-page-header.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { RejectRequestDialog } from './reject-request-dialog.tsx';
import { AdminRequestDetailsDialog } from './admin-request-details-dialog.tsx';
import { RequestStatusBadge } from '../../../components/place-request/request-status-badge.tsx';
import { PendingCountBadge } from './pending-count-badge.tsx';
import { useClampedPage } from '../../../lib/use-clamped-page.ts';

const PAGE_SIZE = 20;

/**
 * Requests: creation and edit requests in two tabs, filtered by status (pending by
 * default), paginated — all kept in the URL (`?type=edit&status=all&page=2`). Each request opens in
 * a details dialog; pending ones are approved or rejected (with a reason) from the list or the
 * dialog; Approve all approves every pending request of the tab after a confirmation and shows what
 * was approved and what failed, with the reasons. Lists, counts and the public place lists refresh
 * after each decision.
 */
export function RequestsManager() {
  const { t } = useTranslation('admin');
  const { pick } = usePreferences();
  const [params, setParams] = useSearchParams();
  const filter = requestsFilterFromParams(params);
  const setFilter = (changes: Partial<RequestsFilter>) =>
    setParams((prev) => requestsFilterToParams({ ...requestsFilterFromParams(prev), ...changes }, prev), { replace: true });

  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<{ id: number; name: string } | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const [summary, setSummary] = useState<{ type: PlaceRequestType; result: ApproveAllResult } | null>(null);

  // After a decision the opener (a row's button) may be gone: focus returns to the tab's list.
  const listRef = useRef<HTMLDivElement>(null);
  const decided = useRef(false);
  const focusAfterDecision = () => (decided.current ? ((decided.current = false), listRef.current) : null);
  const approve = useApprovePlaceRequest();
  const approveAll = useApproveAllPlaceRequests();
  const pendingCounts = { create: usePendingRequestCount('create'), edit: usePendingRequestCount('edit') };
  const pendingInTab = pendingCounts[filter.type].data ?? 0;

  const approveOne = (id: number, inDialog = false) =>
    approve.mutate(id, {
      onSuccess: () => {
        if (!inDialog) return listRef.current?.focus();
        decided.current = true;
        setDetailsId(null);
      },
    });
  const runApproveAll = () =>
    approveAll.mutate(filter.type, {
      onSuccess: (result) => {
        decided.current = true;
        setConfirmAll(false);
        setSummary({ type: filter.type, result });
        toaster.create({
          id: 'approve-all',
          type: result.failed.length ? 'warning' : 'success',
          title: t('requests.summaryTitle'),
          description: `${t('requests.summaryApproved', { count: result.approved.length })} · ${t('requests.summaryFailed', { count: result.failed.length })}`,
        });
      },
      onError: () => {
        setConfirmAll(false);
        toaster.create({ id: 'approve-all', type: 'error', title: t('requests.approveAllError'), description: null });
      },
    });
  const rowName = (row: RequestRow | null) => (row?.placeName ? pick(row.placeName, row.placeNameAr) : t('requests.unnamedPlace'));

  const approveAllButton = (
    <Button colorPalette="brand" onClick={() => setConfirmAll(true)} disabled={pendingInTab === 0}>
      <CheckCheck aria-hidden /> {pendingInTab > 0 ? t('requests.approveAllCount', { count: pendingInTab }) : t('requests.approveAll')}
    </Button>
  );

  return (
    <>
      <AdminPageHeader title={t('requests.title')} description={t('requests.description')} actions={approveAllButton} />
      {summary && <ApproveAllSummary summary={summary} onDismiss={() => setSummary(null)} />}

      <Tabs.Root value={filter.type} onValueChange={(d) => setFilter({ type: d.value as PlaceRequestType, page: 1 })} lazyMount unmountOnExit variant="line">
        <Flex gap="3" align={{ base: 'stretch', md: 'end' }} justify="space-between" direction={{ base: 'column', md: 'row' }} mb="4">
          <Tabs.List aria-label={t('requests.tabsLabel')} flex="1" overflowX="auto">
            {PLACE_REQUEST_TYPES.map((type) => (
              <Tabs.Trigger key={type} value={type} whiteSpace="nowrap">
                {t(`requests.tabs.${type}`)}
                {!!pendingCounts[type].data && <PendingCountBadge count={pendingCounts[type].data} />}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <NativeSelect.Root size="sm" width={{ base: 'full', md: '48' }}>
            <NativeSelect.Field aria-label={t('requests.statusFilter')} value={filter.status} onChange={(e) => setFilter({ status: e.target.value as RequestsFilter['status'], page: 1 })}>
              {STATUS_FILTERS.map((s) => <option key={s} value={s}>{t(`requests.status.${s}`)}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Flex>
        {PLACE_REQUEST_TYPES.map((type) => (
          <Tabs.Content key={type} value={type} pt="0" ref={listRef}>
            <RequestsList
              filter={{ ...filter, type }}
              onShowAll={() => setFilter({ status: 'all', page: 1 })}
              onPage={(page) => setFilter({ page })}
              onDetails={setDetailsId}
              onApprove={(row) => approveOne(row.id)}
              approvingId={approve.isPending ? approve.variables : undefined}
              onReject={(row) => setRejecting({ id: row.id, name: rowName(row) })}
            />
          </Tabs.Content>
        ))}
      </Tabs.Root>

      <AdminRequestDetailsDialog
        requestId={detailsId}
        onOpenChange={(open) => !open && setDetailsId(null)}
        approving={approve.isPending && approve.variables === detailsId}
        finalFocusEl={focusAfterDecision}
        onApprove={(request: PlaceRequest) => approveOne(request.id, true)}
        onReject={(request: PlaceRequest) => {
          setDetailsId(null);
          setRejecting({ id: request.id, name: rowName(toRequestRow(request)) });
        }}
      />
      <RejectRequestDialog request={rejecting} onOpenChange={(open) => !open && setRejecting(null)} onRejected={() => (decided.current = true)} finalFocusEl={focusAfterDecision} />
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={(open) => !open && !approveAll.isPending && setConfirmAll(false)}
        title={t(`requests.approveAllTitle.${filter.type}`)}
        confirmLabel={t('requests.approveAllCount', { count: pendingInTab })}
        pending={approveAll.isPending}
        pendingLabel={t('requests.approving')}
        tone="brand"
        finalFocusEl={focusAfterDecision}
        onConfirm={runApproveAll}
      >
        <Text>{t(`requests.approveAllBody.${filter.type}`, { count: pendingInTab })}</Text>
        <Text color="fg.muted" fontSize="sm">{t('requests.approveAllNote')}</Text>
      </ConfirmDialog>
    </>
  );
}

/** One tab's list: loading skeleton, error with retry, empty state for the tab and status, table (md+) or cards. */
function RequestsList({ filter, onShowAll, onPage, onDetails, onApprove, approvingId, onReject }: {
  filter: RequestsFilter;
  onShowAll: () => void;
  onPage: (page: number) => void;
  onDetails: (id: number) => void;
  onApprove: (row: RequestRow) => void;
  approvingId: number | undefined;
  onReject: (row: RequestRow) => void;
}) {
  const { t } = useTranslation('admin');
  const { lang, pick, localize } = usePreferences();
  const query = useAdminPlaceRequestsQuery({
    type: filter.type,
    status: filter.status === 'all' ? undefined : filter.status,
    page: filter.page,
    limit: PAGE_SIZE,
  });
  const rows = useMemo(() => (query.data?.data ?? []).map(toRequestRow).filter((r): r is RequestRow => r !== null), [query.data]);
  const total = query.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  useClampedPage(filter.page, pages, query.isSuccess && !query.isPlaceholderData, onPage);

  const requester = (row: RequestRow) => (row.requester ? (
    <Stack gap="0" minW="0">
      {row.requester.name && <Text fontWeight="medium" dir="auto" textAlign="start" truncate>{row.requester.name}</Text>}
      <Text fontSize="sm" color={row.requester.name ? 'fg.muted' : undefined} textAlign="start" truncate><bdi>{row.requester.email}</bdi></Text>
    </Stack>
  ) : <Text color="fg.muted">{t('requests.unknownUser')}</Text>);

  const place = (row: RequestRow) => {
    const name = row.placeName ? pick(row.placeName, row.placeNameAr) : null;
    return (
      <Stack gap="0" minW="0">
        {row.placeSlug && name ? (
          <Link href={localize(`/p/${row.placeSlug}`)} target="_blank" rel="noopener noreferrer" fontWeight="medium" colorPalette="brand" color="colorPalette.fg" textDecoration="underline">
            <bdi>{name}</bdi> <ExternalLink size={12} aria-hidden />
            <VisuallyHidden>{t('common.opensInNewTab')}</VisuallyHidden>
          </Link>
        ) : (
          <Text fontWeight="medium" color={name ? undefined : 'fg.muted'} truncate dir={name ? 'auto' : undefined} textAlign="match-parent">
            {name ?? (row.type === 'edit' ? t('requests.placeGone') : t('requests.unnamedPlace'))}
          </Text>
        )}
        <Text fontSize="xs" color="fg.muted">{t('requests.requestNumber', { id: row.id })}</Text>
      </Stack>
    );
  };

  const actions = (row: RequestRow) => (
    <HStack gap="2" justify={{ base: 'flex-start', md: 'flex-end' }} wrap="wrap">
      <Button size="xs" variant="outline" onClick={() => onDetails(row.id)} aria-label={t('requests.detailsNamed', { id: row.id })}>
        <FileSearch aria-hidden /> {t('requests.details')}
      </Button>
      {row.status === 'pending' && (
        <>
          <Button size="xs" colorPalette="brand" onClick={() => onApprove(row)} loading={approvingId === row.id} disabled={approvingId !== undefined}
            aria-label={t('requests.approveNamed', { id: row.id })}>
            {t('requests.approve')}
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => onReject(row)} disabled={approvingId === row.id}
            aria-label={t('requests.rejectNamed', { id: row.id })}>
            {t('requests.reject')}
          </Button>
        </>
      )}
    </HStack>
  );

  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row.id}
      loading={query.isPending}
      skeletonLines={8}
      error={query.isError && !query.data && <ErrorState message={t('requests.loadError')} onRetry={() => void query.refetch()} />}
      empty={(
        <EmptyBlock
          icon={<Inbox />}
          title={t(`requests.empty.${filter.type}.${filter.status}`)}
          description={filter.status === 'pending' || filter.status === 'all' ? t('requests.emptyHint.pending') : t('requests.emptyHint.other')}
          action={filter.status !== 'all' ? <Button variant="outline" onClick={onShowAll}>{t('requests.showAllStatuses')}</Button> : undefined}
        />
      )}
      busy={query.isFetching}
      dimmed={query.isPlaceholderData}
      summary={(
        <>
          <Text role="status" fontSize="sm" color="fg.muted" mb="2">{t('requests.total', { count: total })}</Text>
          {query.data && !query.data.checked && (
            <Alert.Root status="warning" mb="3" borderRadius="lg" size="sm">
              <Alert.Indicator />
              <Alert.Title>{t('requests.rawNotice')}</Alert.Title>
            </Alert.Root>
          )}
        </>
      )}
      caption={t(`requests.tabs.${filter.type}`)}
      columns={[
        { header: t('requests.columns.requester'), cell: requester, cellProps: () => ({ maxW: 'xs' }) },
        { header: t('requests.columns.place'), cell: place, cellProps: () => ({ maxW: 'xs' }) },
        { header: t('requests.columns.submitted'), cell: (row) => formatDateTime(row.createdAt, lang), cellProps: () => ({ whiteSpace: 'nowrap' }) },
        { header: t('requests.columns.status'), cell: (row) => <RequestStatusBadge status={row.status} /> },
        { header: t('common.actions'), cell: actions, align: 'end' },
      ]}
      cardsLabel={t(`requests.tabs.${filter.type}`)}
      card={(row) => (
        <Stack as="li" borderWidth="1px" borderRadius="lg" p="3" gap="3">
          <Flex justify="space-between" gap="3" align="start">
            {place(row)}
            <RequestStatusBadge status={row.status} />
          </Flex>
          {requester(row)}
          <Text fontSize="sm" color="fg.muted">{t('requests.columns.submitted')}: {formatDateTime(row.createdAt, lang)}</Text>
          {actions(row)}
        </Stack>
      )}
      pager={{ page: Math.min(filter.page, pages), pages, onPage, label: t('requests.pagination') }}
    />
  );
}

/** What approve-all did: approved and failed counts, each failure with its request and reason. */
function ApproveAllSummary({ summary, onDismiss }: { summary: { type: PlaceRequestType; result: ApproveAllResult }; onDismiss: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const { approved, failed } = summary.result;
  const problem = (code: string) => {
    const key = `requests.failure.${code}`;
    return i18n.exists(key, { ns: 'admin' }) ? t(key) : t('requests.failure.other');
  };
  return (
    <Alert.Root status={failed.length ? 'warning' : 'success'} mb="6" borderRadius="lg" role={failed.length ? 'alert' : 'status'} aria-labelledby="approve-all-summary">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title id="approve-all-summary">{t('requests.summaryTitle')} · {t(`requests.tabs.${summary.type}`)}</Alert.Title>
        <Alert.Description>
          {approved.length === 0 && failed.length === 0 ? (
            <Text>{t('requests.summaryNothing')}</Text>
          ) : (
            <Stack gap="1">
              <Text>{t('requests.summaryApproved', { count: approved.length })}</Text>
              <Text>{t('requests.summaryFailed', { count: failed.length })}</Text>
              {failed.length > 0 && (
                <List.Root ps="5" gap="1">
                  {failed.map((f) => (
                    <List.Item key={f.id}>
                      {t('requests.summaryFailedItem', { id: f.id, problem: problem(f.code) })}
                      {/* The database's reason is in English: isolated so it reads right in Arabic. */}
                      {f.reason && <> — <bdi>{f.reason}</bdi></>}
                    </List.Item>
                  ))}
                </List.Root>
              )}
            </Stack>
          )}
        </Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" aria-label={t('requests.dismiss')} onClick={onDismiss} alignSelf="start" />
    </Alert.Root>
  );
}
