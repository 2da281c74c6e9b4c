import { Alert, Box, Button, CloseButton, DataList, Dialog, Heading, HStack, Link, Portal, SimpleGrid, Stack, Text, useBreakpointValue, VisuallyHidden } from '@chakra-ui/react';
import { ArrowLeft, ArrowRight, Check, ExternalLink, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestDuplicates } from './request-duplicates.tsx';
import { ErrorState, LinesSkeleton } from '../../../components/ui/query-states.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { flattenPayload } from '../../../shared/place-request-fields.ts';
import type { PlaceRequest } from '../../../shared/schemas/place-request.ts';
import { useAdminCategoriesQuery } from '../api/categories.ts';
import { useAdminPlaceRequestQuery } from '../api/get-place-request.ts';
import { useAdminZonesQuery } from '../api/get-admin-zones.ts';
import { describeValue, type DisplayValue, type ValueLookups } from '../../../components/place-request/display-value.ts';
import { Preview, RequestValueView } from '../../../components/place-request/request-value.tsx';
import { fieldLabelKey, formatDateTime } from '../place-requests.ts';
import { RequestStatusBadge } from '../../../components/place-request/request-status-badge.tsx';

/**
 * The details of one place request (Requests): requester, dates and status; for a creation
 * request every submitted field with its label; for an edit request the proposed changes as
 * before → after and the updated images previewed; once decided, who decided, when and the rejection
 * reason. Pending requests get Approve and Reject in the footer (handled by the caller).
 */
export function RequestDetailsDialog({ requestId, onOpenChange, onApprove, onReject, approving, finalFocusEl }: {
  requestId: number | null;
  onOpenChange: (open: boolean) => void;
  onApprove: (request: PlaceRequest) => void;
  onReject: (request: PlaceRequest) => void;
  approving: boolean;
  /** Where focus goes on close (the opener's row may be gone after a decision). */
  finalFocusEl?: () => HTMLElement | null;
}) {
  const { t } = useTranslation('admin');
  const query = useAdminPlaceRequestQuery(requestId);
  const request = query.data && query.data.id === requestId ? query.data : undefined;
  // Recipe variants take no responsive objects here: the size is picked per breakpoint instead.
  const size = useBreakpointValue<'full' | 'lg'>({ base: 'full', md: 'lg' }) ?? 'lg';

  return (
    <Dialog.Root open={requestId !== null} onOpenChange={(e) => onOpenChange(e.open)} placement="center" size={size} scrollBehavior="inside" finalFocusEl={finalFocusEl}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={size === 'full' ? '0' : '4'} aria-busy={query.isFetching || undefined}>
            <Dialog.Header pe="12">
              <HStack gap="3" wrap="wrap">
                <Dialog.Title>
                  {request ? t(`requests.detail.title.${request.type}`, { id: request.id }) : t('requests.requestNumber', { id: requestId ?? '' })}
                </Dialog.Title>
                {request && <RequestStatusBadge status={request.status} />}
              </HStack>
            </Dialog.Header>
            <Dialog.Body>
              {request ? (
                <>
                  <RequestDuplicates request={request} onRejected={() => onOpenChange(false)} />
                  <RequestDetails request={request} />
                </>
              ) : query.isError ? (
                <ErrorState message={t('requests.loadOneError')} onRetry={() => void query.refetch()} />
              ) : (
                <LinesSkeleton lines={6} />
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="ghost">{t('common.close')}</Button>
              </Dialog.ActionTrigger>
              {request?.status === 'pending' && (
                <>
                  <Button variant="outline" colorPalette="red" onClick={() => onReject(request)} disabled={approving}>
                    <X aria-hidden /> {t('requests.reject')}
                  </Button>
                  <Button colorPalette="brand" onClick={() => onApprove(request)} loading={approving} loadingText={t('requests.approving')}>
                    <Check aria-hidden /> {t('requests.approve')}
                  </Button>
                </>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function RequestDetails({ request }: { request: PlaceRequest }) {
  const { t } = useTranslation('admin');
  const { lang, pick, localize } = usePreferences();
  const categories = useAdminCategoriesQuery();
  const zones = useAdminZonesQuery();
  const lookups: ValueLookups = {
    category: (id) => {
      const c = categories.data?.find((x) => x.id === id);
      return c && pick(c.name, c.nameAr);
    },
    zone: (id) => {
      const z = zones.data?.find((x) => x.id === id);
      return z && pick(z.title, z.titleAr);
    },
  };
  const fields = flattenPayload(request.payload);
  const label = (field: string) => {
    const key = fieldLabelKey(field);
    return key ? t(key) : field;
  };
  const narrow = useBreakpointValue({ base: true, sm: false }) ?? false;
  const hasImages = request.type === 'edit' && (request.updatedImages.logo || request.updatedImages.mainImage);

  return (
    <Stack gap="6">
      <DataList.Root orientation="horizontal" size="md" gap="3">
        <Item label={t('requests.detail.requester')}>
          {request.user ? (
            <Stack gap="0" minW="0">
              {request.user.name && <Text fontWeight="medium" dir="auto" textAlign="start">{request.user.name}</Text>}
              <Text textAlign="start" wordBreak="break-all" color={request.user.name ? 'fg.muted' : undefined}><bdi>{request.user.email}</bdi></Text>
            </Stack>
          ) : t('requests.unknownUser')}
        </Item>
        <Item label={t('requests.detail.submitted')}>{formatDateTime(request.createdAt, lang)}</Item>
        {(request.type === 'edit' || request.place) && (
          <Item label={request.type === 'edit' ? t('requests.detail.place') : t('requests.detail.newPlace')}>
            {request.place ? (
              <Link href={localize(`/p/${request.place.slug}`)} target="_blank" rel="noopener noreferrer" colorPalette="brand" color="colorPalette.fg" textDecoration="underline">
                <bdi>{pick(request.place.name, request.place.nameAr)}</bdi> <ExternalLink size={14} aria-hidden />
                <VisuallyHidden>{t('common.opensInNewTab')}</VisuallyHidden>
              </Link>
            ) : <Text color="fg.muted">{t('requests.placeGone')}</Text>}
          </Item>
        )}
      </DataList.Root>

      {request.status !== 'pending' && (
        <Box as="section" aria-labelledby="request-decision" borderWidth="1px" borderRadius="lg" p="4" bg="bg.subtle">
          <Heading as="h3" id="request-decision" size="sm" mb="3">{t('requests.detail.decision')}</Heading>
          <DataList.Root orientation="horizontal" gap="3">
            <Item label={t('requests.detail.status')}><RequestStatusBadge status={request.status} /></Item>
            <Item label={t('requests.detail.decidedBy')}>
              {request.reviewer ? (
                <Stack gap="0" minW="0">
                  {request.reviewer.name && <Text fontWeight="medium" dir="auto" textAlign="start">{request.reviewer.name}</Text>}
                  <Text textAlign="start" wordBreak="break-all"><bdi>{request.reviewer.email}</bdi></Text>
                </Stack>
              ) : t('requests.detail.unknownAdmin')}
            </Item>
            <Item label={t('requests.detail.decidedAt')}>{formatDateTime(request.reviewedAt, lang)}</Item>
          </DataList.Root>
          {request.status === 'rejected' && (
            <Alert.Root status="error" mt="4" borderRadius="md">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('requests.detail.rejectionReason')}</Alert.Title>
                <Alert.Description whiteSpace="pre-wrap" dir="auto" textAlign="start">{request.rejectionReason || '—'}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </Box>
      )}

      {request.type === 'create' ? (
        <Box as="section" aria-labelledby="request-fields">
          <Heading as="h3" id="request-fields" size="sm" mb="3">{t('requests.detail.submittedFields')}</Heading>
          {fields.length === 0 ? <Text color="fg.muted">{t('requests.detail.noFields')}</Text> : (
            <DataList.Root orientation={narrow ? 'vertical' : 'horizontal'} gap="3">
              {fields.map(([field, value]) => (
                <Item key={field} label={label(field)}>
                  <RequestValueView value={describeValue(field, value, lookups)} alt={label(field)} />
                </Item>
              ))}
            </DataList.Root>
          )}
        </Box>
      ) : (
        <Box as="section" aria-labelledby="request-changes">
          <Heading as="h3" id="request-changes" size="sm" mb="3">{t('requests.detail.proposedChanges')}</Heading>
          {request.proposedChanges.length === 0 ? <Text color="fg.muted">{t('requests.detail.noFields')}</Text> : (
            <Stack as="ul" gap="3" listStyleType="none" ps="0">
              {request.proposedChanges.map((change) => (
                <ChangeView key={change.field} label={label(change.field)}
                  before={describeValue(change.field, change.before, lookups)} after={describeValue(change.field, change.after, lookups)} />
              ))}
            </Stack>
          )}
        </Box>
      )}

      {hasImages && (
        <Box as="section" aria-labelledby="request-images">
          <Heading as="h3" id="request-images" size="sm" mb="3">{t('requests.detail.updatedImages')}</Heading>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {request.updatedImages.logo && <Figure label={t('requests.detail.logo')} url={request.updatedImages.logo} />}
            {request.updatedImages.mainImage && <Figure label={t('requests.detail.mainImage')} url={request.updatedImages.mainImage} />}
          </SimpleGrid>
        </Box>
      )}
    </Stack>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW={{ base: '24', sm: '36' }} color="fg.muted">{label}</DataList.ItemLabel>
      <DataList.ItemValue minW="0" wordBreak="break-word">{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** One proposed change: the field, then its value before and after (arrow mirrored in RTL). */
export function ChangeView({ label, before, after }: { label: string; before: DisplayValue; after: DisplayValue }) {
  const { t } = useTranslation('admin');
  const { dir } = usePreferences();
  const Arrow = dir === 'rtl' ? ArrowLeft : ArrowRight;
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p="3">
      <Text fontWeight="semibold" mb="2">{label}</Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'start' }}>
        <Stack gap="1" flex="1" minW="0">
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase">{t('requests.detail.before')}</Text>
          <Box color="fg.muted">
            <RequestValueView value={before} alt={`${label} (${t('requests.detail.before')})`} />
          </Box>
        </Stack>
        <Box color="fg.muted" alignSelf="center" hideBelow="sm"><Arrow size={18} aria-hidden /></Box>
        <Stack gap="1" flex="1" minW="0">
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase">{t('requests.detail.after')}</Text>
          <Box fontWeight="medium"><RequestValueView value={after} alt={`${label} (${t('requests.detail.after')})`} /></Box>
        </Stack>
      </Stack>
    </Box>
  );
}

function Figure({ label, url }: { label: string; url: string }) {
  return (
    <Stack as="figure" gap="2" m="0" borderWidth="1px" borderRadius="lg" p="3" align="center">
      <Preview url={url} alt={label} size="full" />
      <Text as="figcaption" fontSize="sm" color="fg.muted">{label}</Text>
    </Stack>
  );
}
