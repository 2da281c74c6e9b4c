import { Alert, Box, Button, CloseButton, Dialog, Grid, Heading, HStack, Image, Portal, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, ExternalLink } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaceFormOption } from '../../../components/place-form/place-form-fields.tsx';
import { AppLink } from '../../../components/ui/link.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { flattenPayload } from '../../../shared/place-request-fields.ts';
import type { PlaceRequest } from '../../../shared/schemas/place-request.ts';
import { formatDate } from './format.ts';
import { RequestStatusBadge } from '../../../components/place-request/request-status-badge.tsx';
import { RequestValue } from './request-value.tsx';
import { useContributeText } from './use-contribute-text.ts';

/** The name a request is known by: the place's (edits), else the submitted name. */
export function requestName(request: PlaceRequest, pick: (en: string, ar?: string | null) => string): string {
  const payload = request.payload as { name?: unknown; nameAr?: unknown };
  const submitted = typeof payload.name === 'string' ? payload.name : null;
  const submittedAr = typeof payload.nameAr === 'string' ? payload.nameAr : null;
  if (request.type === 'edit' && request.place) return pick(request.place.name, request.place.nameAr);
  if (submitted) return pick(submitted, submittedAr);
  return request.place ? pick(request.place.name, request.place.nameAr) : `#${request.id}`;
}

function SubHeading({ children }: { children: string }) {
  return <Heading as="h3" size="sm">{children}</Heading>;
}

/**
 * Details of one of the user's requests: status with submission and review dates, the
 * rejection reason, a link to the place once it exists; for a creation request the submitted fields,
 * for an edit request each proposed change as before → after; the updated images (logo, main image).
 */
export function RequestDetailsDialog({ request: selected, onClose, categories, zones }: {
  request: PlaceRequest | null;
  onClose: () => void;
  categories: PlaceFormOption[];
  zones: PlaceFormOption[];
}) {
  const { t } = useTranslation();
  const { lang, pick, localize } = usePreferences();
  const { fieldLabel } = useContributeText();
  // The last request stays on screen while the dialog animates out.
  const last = useRef(selected);
  if (selected) last.current = selected;
  const request = selected ?? last.current;
  const name = request ? requestName(request, pick) : '';
  const value = (field: string, v: unknown, alt: string) => <RequestValue field={field} value={v} categories={categories} zones={zones} alt={alt} />;
  const images = request ? ([['logo', request.updatedImages.logo], ['mainImage', request.updatedImages.mainImage]] as const).filter(([, url]) => url) : [];

  return (
    <Dialog.Root open={selected !== null} onOpenChange={(e) => !e.open && onClose()} placement="center" size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={{ base: '2', sm: '4' }}>
            {request && (
              <>
                <Dialog.Header pe="12">
                  <Dialog.Title>{t('contribute.requests.detailsTitle', { name })}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="5">
                    <HStack gap="3" wrap="wrap">
                      <RequestStatusBadge status={request.status} />
                      <Text fontSize="sm" color="fg.muted">{t('contribute.requests.submittedOn', { date: formatDate(request.createdAt, lang) })}</Text>
                      {request.reviewedAt && <Text fontSize="sm" color="fg.muted">{t('contribute.requests.reviewedOn', { date: formatDate(request.reviewedAt, lang) })}</Text>}
                    </HStack>

                    {request.status === 'rejected' && request.rejectionReason && (
                      <Alert.Root status="error" borderRadius="md">
                        <Alert.Indicator />
                        <Alert.Content>
                          <Alert.Title>{t('contribute.requests.rejectionReason')}</Alert.Title>
                          <Alert.Description dir="auto" whiteSpace="pre-wrap">{request.rejectionReason}</Alert.Description>
                        </Alert.Content>
                      </Alert.Root>
                    )}

                    {request.status === 'approved' && request.place && (
                      <AppLink to={localize(`/p/${request.place.slug}`)} color="brand.fg" fontWeight="medium" alignSelf="start">
                        {t('contribute.requests.viewPlace')} <ExternalLink size={14} aria-hidden />
                      </AppLink>
                    )}

                    {request.type === 'edit' ? (
                      <Stack gap="3" as="section" aria-label={t('contribute.requests.proposedChanges')}>
                        <SubHeading>{t('contribute.requests.proposedChanges')}</SubHeading>
                        <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
                          {request.proposedChanges.map((change) => (
                            <Box as="li" key={change.field} borderWidth="1px" borderRadius="md" p="3">
                              <Text fontWeight="semibold" fontSize="sm" mb="2">{fieldLabel(change.field)}</Text>
                              <Grid templateColumns={{ base: '1fr', sm: 'minmax(0,1fr) auto minmax(0,1fr)' }} gap="2" alignItems="center">
                                <Stack gap="0.5">
                                  <Text fontSize="xs" color="fg.muted">{t('contribute.requests.before')}</Text>
                                  {value(change.field, change.before, `${fieldLabel(change.field)} — ${t('contribute.requests.before')}`)}
                                </Stack>
                                <Box color="fg.muted" display={{ base: 'none', sm: 'block' }}><ArrowRight className="flip-rtl" size={16} aria-hidden /></Box>
                                <Stack gap="0.5">
                                  <Text fontSize="xs" color="fg.muted">{t('contribute.requests.after')}</Text>
                                  {value(change.field, change.after, `${fieldLabel(change.field)} — ${t('contribute.requests.after')}`)}
                                </Stack>
                              </Grid>
                            </Box>
                          ))}
                        </Stack>
                      </Stack>
                    ) : (
                      <Stack gap="3" as="section" aria-label={t('contribute.requests.submittedFields')}>
                        <SubHeading>{t('contribute.requests.submittedFields')}</SubHeading>
                        <Grid as="dl" templateColumns={{ base: '1fr', sm: 'minmax(8rem, auto) minmax(0,1fr)' }} columnGap="4" rowGap={{ base: '1', sm: '2' }} m="0">
                          {flattenPayload(request.payload).map(([field, v]) => (
                            <Box key={field} display="contents">
                              <Text as="dt" fontSize="sm" color="fg.muted" mt={{ base: '2', sm: '0' }}>{fieldLabel(field)}</Text>
                              <Box as="dd" m="0" fontSize="sm">{value(field, v, fieldLabel(field))}</Box>
                            </Box>
                          ))}
                        </Grid>
                      </Stack>
                    )}

                    {images.length > 0 && (
                      <Stack gap="3" as="section" aria-label={t('contribute.requests.updatedImages')}>
                        <SubHeading>{t('contribute.requests.updatedImages')}</SubHeading>
                        <HStack gap="4" wrap="wrap" align="start">
                          {images.map(([kind, url]) => (
                            <Stack as="figure" key={kind} gap="1" m="0" align="center">
                              <Image src={url!} alt={t('contribute.requests.imageAlt', { image: t(`contribute.requests.${kind}`), name })} boxSize="24" objectFit="contain" borderRadius="md" borderWidth="1px" bg="bg.muted" />
                              <Text as="figcaption" fontSize="xs" color="fg.muted">{t(`contribute.requests.${kind}`)}</Text>
                            </Stack>
                          ))}
                        </HStack>
                      </Stack>
                    )}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">{t('app.close')}</Button>
                  </Dialog.ActionTrigger>
                </Dialog.Footer>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t('app.close')} />
                </Dialog.CloseTrigger>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
