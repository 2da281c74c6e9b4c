import { Box, Button, Card, HStack, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ExternalLink, Inbox } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { PlaceFormOption } from '../../../components/place-form/place-form-fields.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { useClampedPage } from '../../../lib/use-clamped-page.ts';
import { EmptyBlock, ErrorState, Section } from '../../../components/ui/query-states.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { LIMITS } from '../../../shared/schemas/common-schemas.ts';
import { PLACE_REQUEST_STATUSES, type PlaceRequest, type PlaceRequestStatus, type PlaceRequestType } from '../../../shared/schemas/place-request-schemas.ts';
import { useMyRequestsQuery } from '../api/get-my-requests.ts';
import { usePlaceCreatedListener } from '../events.ts';
import { formatDate } from './format.ts';
import { OutboxList } from './outbox-list.tsx';
import { RequestStatusBadge } from '../../../components/place-request/request-status-badge.tsx';
import { RequestDetailsDialog } from '../../../components/place-request/request-details-dialog.tsx';
import { requestName } from '../../../components/place-request/request-text.ts';
import { AppLink } from '../../../components/ui/link.tsx';
import '../../../lib/late-strings.ts';

const TEXT = {
  create: { heading: 'createHeading', intro: 'createIntro', empty: 'emptyCreate', emptyHint: 'emptyCreateHint' },
  edit: { heading: 'editHeading', intro: 'editIntro', empty: 'emptyEdit', emptyHint: 'emptyEditHint' },
} as const;

const isStatus = (v: string | null): v is PlaceRequestStatus => (PLACE_REQUEST_STATUSES as readonly string[]).includes(v ?? '');

function RequestRow({ request, onOpen }: { request: PlaceRequest; onOpen: () => void }) {
  const { t } = useTranslation();
  const { lang, pick } = usePreferences();
  const name = requestName(request, pick);
  return (
    <Card.Root as="li" variant="outline" borderRadius="lg">
      <Card.Body p="4" gap="2">
        <HStack justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap="1" minW="0" flex="1">
            <Text as="h3" fontWeight="semibold" lineClamp={2}>{name}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t('contribute.requests.submittedOn', { date: formatDate(request.createdAt, lang) })}
              {request.reviewedAt && request.status !== 'pending' && ` · ${t(`contribute.requests.decidedOn.${request.status}`, { date: formatDate(request.reviewedAt, lang) })}`}
              {request.type === 'edit' && ` · ${t('contribute.requests.changeCount', { count: request.proposedChanges.length })}`}
            </Text>
          </Stack>
          <RequestStatusBadge status={request.status} />
        </HStack>
        {request.status === 'rejected' && request.rejectionReason && (
          <Text fontSize="sm" lineClamp={2}>
            <Text as="span" fontWeight="medium">{t('contribute.requests.rejectionReason')}: </Text><bdi>{request.rejectionReason}</bdi>
          </Text>
        )}
        <Box>
          <Button size="xs" variant="outline" onClick={onOpen} aria-label={t('contribute.requests.detailsNamed', { name })}>
            {t('contribute.requests.details')}
          </Button>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The signed-in user's creation or edit requests: newest first, a status filter and the
 * page in the URL (`?status=`, `?page=`), each with its status badge, submission date and (rejected)
 * reason, and a details dialog. Loading skeleton, empty states, 'Failed to load your requests' with
 * retry. Refetches when a place is submitted ('public:placeCreated').
 */
export function MyRequestsList({ type, categories, zones }: { type: PlaceRequestType; categories: PlaceFormOption[]; zones: PlaceFormOption[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as PlaceRequestStatus) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useMyRequestsQuery({ type, status, page, limit: LIMITS.defaultPageSize });
  const [selected, setSelected] = useState<PlaceRequest | null>(null);
  usePlaceCreatedListener(() => void query.refetch());
  const text = TEXT[type];
  const headingId = `requests-${type}-heading`;

  const update = (next: { status?: string; page?: number }) => setParams((prev) => {
    const p = new URLSearchParams(prev);
    if ('status' in next) {
      if (next.status) p.set('status', next.status); else p.delete('status');
      p.delete('page');
    }
    if (next.page) { if (next.page > 1) p.set('page', String(next.page)); else p.delete('page'); }
    return p;
  }, { replace: true });

  const total = query.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LIMITS.defaultPageSize));
  useClampedPage(page, pages, query.isSuccess && !query.isPlaceholderData, (n) => update({ page: n }));
  const filter = (
    <NativeSelect.Root size="sm" width="auto" minW="40">
      <NativeSelect.Field aria-label={t('contribute.requests.status')} value={status ?? ''} onChange={(e) => update({ status: e.target.value })}>
        <option value="">{t('contribute.requests.allStatuses')}</option>
        {PLACE_REQUEST_STATUSES.map((s) => <option key={s} value={s}>{t(`contribute.requests.statuses.${s}`)}</option>)}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );

  return (
    <Section title={t(`contribute.requests.${text.heading}`)} id={headingId} action={filter}>
      <Text color="fg.muted" fontSize="sm" mt="-2" mb="4">{t(`contribute.requests.${text.intro}`)}</Text>
      {/* requests made without a connection, still on this device (decision 048) */}
      <OutboxList kind={type} />
      {query.isError ? (
        <ErrorState message={t('contribute.requests.loadError')} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Stack gap="3" aria-busy="true" aria-label={t('app.loading')}>
          {Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height="24" borderRadius="lg" />)}
        </Stack>
      ) : query.data.data.length === 0 ? (
        status
          ? <EmptyBlock icon={<Inbox />} title={t('contribute.requests.emptyFiltered')} />
          : <EmptyBlock icon={<Inbox />} title={t(`contribute.requests.${text.empty}`)} description={t(`contribute.requests.${text.emptyHint}`)} />
      ) : (
        <>
          <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label={t('contribute.requests.list')} opacity={query.isPlaceholderData ? 0.6 : 1}>
            {query.data.data.map((r) => <RequestRow key={r.id} request={r} onOpen={() => setSelected(r)} />)}
          </Stack>
          <Pager page={Math.min(page, pages)} pages={pages} onPage={(n) => update({ page: n })} />
        </>
      )}
      <MyRequestDetails request={selected} onClose={() => setSelected(null)} categories={categories} zones={zones} />
    </Section>
  );
}

const byId = (options: PlaceFormOption[]) => (id: number) => options.find((o) => o.id === id)?.label;

/**
 * The shared request details for one of the user's requests (null: closed): titled with the
 * place's name, with a link to the place once approved. The last request stays on screen while the
 * dialog animates out.
 */
function MyRequestDetails({ request: selected, onClose, categories, zones }: {
  request: PlaceRequest | null;
  onClose: () => void;
  categories: PlaceFormOption[];
  zones: PlaceFormOption[];
}) {
  const { t } = useTranslation();
  const { pick, localize } = usePreferences();
  const last = useRef(selected);
  if (selected) last.current = selected;
  const request = selected ?? last.current ?? undefined;
  return (
    <RequestDetailsDialog
      open={selected !== null}
      onOpenChange={(open) => !open && onClose()}
      title={request ? t('contribute.requests.detailsTitle', { name: requestName(request, pick) }) : ''}
      request={request}
      lookups={{ category: byId(categories), zone: byId(zones) }}
      aside={request?.status === 'approved' && request.place && (
        <AppLink to={localize(`/p/${request.place.slug}`)} color="brand.fg" fontWeight="medium" alignSelf="start">
          {t('contribute.requests.viewPlace')} <ExternalLink size={14} aria-hidden />
        </AppLink>
      )}
    />
  );
}
