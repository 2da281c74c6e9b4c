import { Alert, Box, DataList, Dialog, Heading, HStack, SimpleGrid, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import '../ui/late-recipes.ts';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/intl.ts';
import { usePreferences } from '../../lib/preferences.tsx';
import { flattenPayload } from '../../shared/place-request-fields.ts';
import type { PlaceRequest } from '../../shared/schemas/place-request-schemas.ts';
import { describeValue, type DisplayValue, type ValueLookups } from './display-value.ts';
import { RequestStatusBadge } from './request-status-badge.tsx';
import { requestName, useRequestFieldLabel } from './request-text.ts';
import { Preview, RequestValueView } from './request-value.tsx';
import { DialogDismissButton } from '../ui/dialog-close-button.tsx';
import { DialogFrame } from '../ui/dialog-frame.tsx';
import '../../lib/late-strings.ts';

/**
 * The details of one place request — one dialog for the profile's request lists and the admin
 * Requests page. Shows the title beside the status badge; the submission date, and once decided the
 * decision date, who decided (when the answer carries `reviewer`: admins only) and the rejection reason;
 * for a creation request every submitted field with its label, for an edit request each proposed
 * change as before → after; the updated images previewed. Texts in the common namespace.
 *
 * What differs per page comes in as slots, never as a fork: `facts` (more DataList items, e.g. the
 * requester), `notice` (above everything, e.g. likely duplicates), `aside` (after the decision, e.g. a
 * link to the place), `actions` (footer buttons beside Close, e.g. Approve / Reject), and `placeholder`
 * (the body while `request` is undefined: loading or error).
 */
export function RequestDetailsDialog({
  open, onOpenChange, title, request, placeholder, busy, lookups, finalFocusEl, facts, notice, aside, actions,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name. */
  title: string;
  request: PlaceRequest | undefined;
  placeholder?: ReactNode;
  /** The request is being (re)loaded (aria-busy). */
  busy?: boolean;
  /** Category and zone names by id, in the page's language. */
  lookups: ValueLookups;
  /** Where focus goes on close (the opener may be gone after a decision). */
  finalFocusEl?: () => HTMLElement | null;
  facts?: ReactNode;
  notice?: ReactNode;
  aside?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('common');
  // Recipe variants take no responsive objects here: the size is picked per breakpoint instead.
  const size = useBreakpointValue<'full' | 'lg'>({ base: 'full', md: 'lg' }) ?? 'lg';
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} root={{ size, scrollBehavior: 'inside', finalFocusEl }}
      content={{ mx: size === 'full' ? '0' : '4', 'aria-busy': busy || undefined }}>
      <Dialog.Header pe="12">
        <HStack gap="3" wrap="wrap">
          <Dialog.Title>{title}</Dialog.Title>
          {request && <RequestStatusBadge status={request.status} />}
        </HStack>
      </Dialog.Header>
      <Dialog.Body>
        {request ? (
          <Stack gap="6">
            {notice}
            <RequestBody request={request} lookups={lookups} facts={facts} aside={aside} />
          </Stack>
        ) : placeholder}
      </Dialog.Body>
      <Dialog.Footer>
        <DialogDismissButton>{t('app.close')}</DialogDismissButton>
        {request && actions}
      </Dialog.Footer>
    </DialogFrame>
  );
}

function RequestBody({ request, lookups, facts, aside }: { request: PlaceRequest; lookups: ValueLookups; facts?: ReactNode; aside?: ReactNode }) {
  const { t } = useTranslation('common');
  const { lang, pick } = usePreferences();
  const label = useRequestFieldLabel();
  const id = useId();
  const narrow = useBreakpointValue({ base: true, sm: false }) ?? false;
  const decided = request.status !== 'pending';
  const name = requestName(request, pick);
  const fields = flattenPayload(request.payload);
  const images = ([['logo', request.updatedImages.logo], ['mainImage', request.updatedImages.mainImage]] as const)
    .filter((entry): entry is readonly ['logo' | 'mainImage', string] => !!entry[1]);

  return (
    <>
      <DataList.Root orientation="horizontal" size="md" gap="3">
        {facts}
        <DetailItem label={t('contribute.requests.submitted')}>{formatDate(request.createdAt, lang, 'dateTime')}</DetailItem>
        {decided && <DetailItem label={t('contribute.requests.decidedAt')}>{formatDate(request.reviewedAt, lang, 'dateTime')}</DetailItem>}
        {decided && request.reviewer !== undefined && (
          <DetailItem label={t('contribute.requests.decidedBy')}>
            {request.reviewer ? (
              <Stack gap="0" minW="0">
                {request.reviewer.name && <Text fontWeight="medium" dir="auto" textAlign="start">{request.reviewer.name}</Text>}
                <Text textAlign="start" wordBreak="break-all"><bdi>{request.reviewer.email}</bdi></Text>
              </Stack>
            ) : t('contribute.requests.unknownAdmin')}
          </DetailItem>
        )}
      </DataList.Root>

      {request.status === 'rejected' && (
        <Alert.Root status="error" borderRadius="md">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('contribute.requests.rejectionReason')}</Alert.Title>
            <Alert.Description whiteSpace="pre-wrap" dir="auto" textAlign="start">{request.rejectionReason || '—'}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {aside}

      {request.type === 'create' ? (
        <Box as="section" aria-labelledby={`${id}-fields`}>
          <Heading as="h3" id={`${id}-fields`} size="sm" mb="3">{t('contribute.requests.submittedFields')}</Heading>
          {fields.length === 0 ? <Text color="fg.muted">{t('contribute.requests.noFields')}</Text> : (
            <DataList.Root orientation={narrow ? 'vertical' : 'horizontal'} gap="3">
              {fields.map(([field, value]) => (
                <DetailItem key={field} label={label(field)}>
                  <RequestValueView value={describeValue(field, value, lookups)} alt={label(field)} />
                </DetailItem>
              ))}
            </DataList.Root>
          )}
        </Box>
      ) : (
        <Box as="section" aria-labelledby={`${id}-changes`}>
          <Heading as="h3" id={`${id}-changes`} size="sm" mb="3">{t('contribute.requests.proposedChanges')}</Heading>
          {request.proposedChanges.length === 0 ? <Text color="fg.muted">{t('contribute.requests.noFields')}</Text> : (
            <Stack as="ul" gap="3" listStyleType="none" ps="0" m="0">
              {request.proposedChanges.map((change) => (
                <ChangeView key={change.field} label={label(change.field)}
                  before={describeValue(change.field, change.before, lookups)} after={describeValue(change.field, change.after, lookups)} />
              ))}
            </Stack>
          )}
        </Box>
      )}

      {images.length > 0 && (
        <Box as="section" aria-labelledby={`${id}-images`}>
          <Heading as="h3" id={`${id}-images`} size="sm" mb="3">{t('contribute.requests.updatedImages')}</Heading>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {images.map(([kind, url]) => (
              <Stack as="figure" key={kind} gap="2" m="0" borderWidth="1px" borderRadius="lg" p="3" align="center">
                <Preview url={url} alt={t('contribute.requests.imageAlt', { image: t(`contribute.requests.${kind}`), name })} size="full" />
                <Text as="figcaption" fontSize="sm" color="fg.muted">{t(`contribute.requests.${kind}`)}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Box>
      )}
    </>
  );
}

/** One labelled fact of the details (a DataList item); pages pass more of them as `facts`. */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW={{ base: '24', sm: '36' }} color="fg.muted">{label}</DataList.ItemLabel>
      <DataList.ItemValue minW="0" wordBreak="break-word">{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** One change (request or history entry): the field, then its value before and after (arrow mirrored in RTL). */
export function ChangeView({ label, before, after }: { label: string; before: DisplayValue; after: DisplayValue }) {
  const { t } = useTranslation('common');
  const { dir } = usePreferences();
  const Arrow = dir === 'rtl' ? ArrowLeft : ArrowRight;
  return (
    <Box as="li" borderWidth="1px" borderRadius="lg" p="3">
      <Text fontWeight="semibold" mb="2">{label}</Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'start' }}>
        <Stack gap="1" flex="1" minW="0">
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase">{t('contribute.requests.before')}</Text>
          <Box color="fg.muted">
            <RequestValueView value={before} alt={`${label} (${t('contribute.requests.before')})`} />
          </Box>
        </Stack>
        <Box color="fg.muted" alignSelf="center" hideBelow="sm"><Arrow size={18} aria-hidden /></Box>
        <Stack gap="1" flex="1" minW="0">
          <Text fontSize="xs" color="fg.muted" textTransform="uppercase">{t('contribute.requests.after')}</Text>
          <Box fontWeight="medium"><RequestValueView value={after} alt={`${label} (${t('contribute.requests.after')})`} /></Box>
        </Stack>
      </Stack>
    </Box>
  );
}
