import { Button, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Check, ExternalLink, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RequestDuplicates } from './request-duplicates.tsx';
import { DetailItem, RequestDetailsDialog } from '../../../components/place-request/request-details-dialog.tsx';
import type { ValueLookups } from '../../../components/place-request/display-value.ts';
import { ErrorState, LinesSkeleton } from '../../../components/ui/query-states.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import type { PlaceRequest } from '../../../shared/schemas/place-request-schemas.ts';
import { useAdminCategoriesQuery } from '../api/admin-categories-api.ts';
import { useAdminPlaceRequestQuery } from '../api/admin-place-requests-api.ts';
import { useAdminZonesQuery } from '../api/admin-zones-api.ts';

/** Category and zone names by id for request and history values, from the admin lists (page language). */
export function useAdminValueLookups(): ValueLookups {
  const { pick } = usePreferences();
  const categories = useAdminCategoriesQuery();
  const zones = useAdminZonesQuery();
  return {
    category: (id) => { const c = categories.data?.find((x) => x.id === id); return c && pick(c.name, c.nameAr); },
    zone: (id) => { const z = zones.data?.find((x) => x.id === id); return z && pick(z.title, z.titleAr); },
  };
}

/**
 * The admin Requests page's details of one request (loaded by id): the shared request details
 * (components/place-request) plus what only admins get — the requester, the place link, the likely
 * duplicates of a pending creation request, and Approve / Reject in the footer (handled by the caller).
 */
export function AdminRequestDetailsDialog({ requestId, onOpenChange, onApprove, onReject, approving, finalFocusEl }: {
  requestId: number | null;
  onOpenChange: (open: boolean) => void;
  onApprove: (request: PlaceRequest) => void;
  onReject: (request: PlaceRequest) => void;
  approving: boolean;
  /** Where focus goes on close (the opener's row may be gone after a decision). */
  finalFocusEl?: () => HTMLElement | null;
}) {
  const { t } = useTranslation('admin');
  const { pick, localize } = usePreferences();
  const query = useAdminPlaceRequestQuery(requestId);
  const lookups = useAdminValueLookups();
  const request = query.data && query.data.id === requestId ? query.data : undefined;

  return (
    <RequestDetailsDialog
      open={requestId !== null}
      onOpenChange={onOpenChange}
      finalFocusEl={finalFocusEl}
      busy={query.isFetching}
      title={request ? t(`requests.detail.title.${request.type}`, { id: request.id }) : t('requests.requestNumber', { id: requestId ?? '' })}
      request={request}
      lookups={lookups}
      placeholder={query.isError
        ? <ErrorState message={t('requests.loadOneError')} onRetry={() => void query.refetch()} />
        : <LinesSkeleton lines={6} />}
      notice={request && <RequestDuplicates request={request} onRejected={() => onOpenChange(false)} />}
      facts={request && (
        <>
          <DetailItem label={t('requests.detail.requester')}>
            {request.user ? (
              <Stack gap="0" minW="0">
                {request.user.name && <Text fontWeight="medium" dir="auto" textAlign="start">{request.user.name}</Text>}
                <Text textAlign="start" wordBreak="break-all" color={request.user.name ? 'fg.muted' : undefined}><bdi>{request.user.email}</bdi></Text>
              </Stack>
            ) : t('requests.unknownUser')}
          </DetailItem>
          {(request.type === 'edit' || request.place) && (
            <DetailItem label={request.type === 'edit' ? t('requests.detail.place') : t('requests.detail.newPlace')}>
              {request.place ? (
                <Link href={localize(`/p/${request.place.slug}`)} target="_blank" rel="noopener noreferrer" colorPalette="brand" color="colorPalette.fg" textDecoration="underline">
                  <bdi>{pick(request.place.name, request.place.nameAr)}</bdi> <ExternalLink size={14} aria-hidden />
                  <VisuallyHidden>{t('common.opensInNewTab')}</VisuallyHidden>
                </Link>
              ) : <Text color="fg.muted">{t('requests.placeGone')}</Text>}
            </DetailItem>
          )}
        </>
      )}
      actions={request?.status === 'pending' && (
        <>
          <Button variant="outline" colorPalette="red" onClick={() => onReject(request)} disabled={approving}>
            <X aria-hidden /> {t('requests.reject')}
          </Button>
          <Button colorPalette="brand" onClick={() => onApprove(request)} loading={approving} loadingText={t('requests.approving')}>
            <Check aria-hidden /> {t('requests.approve')}
          </Button>
        </>
      )}
    />
  );
}
