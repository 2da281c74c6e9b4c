import { AspectRatio, Badge, Box, Card, Container, Grid, Heading, HStack, Image, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Building2, Clock, ExternalLink, Globe, MapPin, MessageCircle, Navigation, Phone, Store, User } from 'lucide-react';
import { lazy, Suspense, useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Deferred, useHydrated } from '../../../components/ui/deferred.tsx';
import { ErrorState, LinesSkeleton } from '../../../components/ui/query-states.tsx';
import { usePlaceQuery } from '../../../features/places/api/get-places.ts';
import type { PlaceWithRelated } from '../../../shared/schemas/entity-schemas.ts';
import { DirectionsLink } from '../../../features/places/components/directions-link.tsx';
import { VisitorDistance } from '../../../features/places/components/visitor-distance.tsx';
import { OpenStatusBadge } from '../../../features/places/components/open-status-badge.tsx';
import { PlaceHoursPanel } from '../../../features/places/components/place-hours.tsx';
import { PlaceCard } from '../../../features/places/components/place-card.tsx';
import { ShareActions } from '../../../features/places/components/share-actions.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import { ApiError } from '../../../lib/api-client-error.ts';
import { loadWhenOnline } from '../../../lib/network-status.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { toYouTubeEmbedUrl } from '../../../shared/youtube.ts';
import NotFound from './not-found.tsx';
import { PageBreadcrumb } from '../../../components/ui/page-breadcrumb.tsx';
import type { RouteHandle } from '../../route-data.ts';
import { placeQueryOptions } from '../../../features/places/api/get-places.ts';

// Save / Saved (decision 048): device state, so shown once the page is interactive, its code loaded then
const SavePlaceButton = lazy(() => loadWhenOnline(() => import('../../../features/saved/components/save-place-button.tsx')));
function SaveToggle({ place }: { place: PlaceWithRelated }) {
  return useHydrated() ? <Suspense fallback={null}><SavePlaceButton place={place} /></Suspense> : null;
}

// for /saved (decision 048): it shows saved places with these (and digits, InfoRow), and shares this screen's script
export { DirectionsLink, OpenStatusBadge, PlaceHoursPanel };

/** A phone number's digits and leading `+`, for `tel:` and wa.me links. */
export const digits = (phone: string) => phone.replace(/[^\d+]/g, '');

/** One labelled line of a place's details (icon, small label, value). */
export function InfoRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <HStack align="start" gap="3">
      <Box color="brand.fg" pt="0.5" aria-hidden>{icon}</Box>
      <Stack gap="0" minW="0">
        <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">{label}</Text>
        <Box wordBreak="break-word">{children}</Box>
      </Stack>
    </HStack>
  );
}

/**
 * The place's details (`handle.queries`, src/app/route-data.ts).
 * @public the router reads it through the route's lazy import (src/app/router.tsx `screen`)
 */
export const handle: RouteHandle = { queries: ({ params, lang }) => [placeQueryOptions(lang, params.slug ?? '')] };

/** /p/{slug} (and /places/{slug}): place details. */
export default function PlaceDetailsPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation();
  const { pick, localize, lang } = usePreferences();
  const query = usePlaceQuery(slug);
  const place = query.data;
  const { refetch } = query;
  // a fresh reading of the hours once their next change has passed (stable, so the status timer is not reset each render)
  const refreshHours = useCallback(() => void refetch(), [refetch]);
  const name = place ? pick(place.name, place.nameAr) : slug;
  // "Name — Category, Zone" (issue 14), as in the server's <title>
  const comma = lang === 'ar' ? '، ' : ', ';
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  // an unknown slug is titled as the not-found page (this page's effect runs after NotFound's and would win)
  useDocumentTitle(place ? `${name} — ${[pick(place.category.name, place.category.nameAr), place.zone ? pick(place.zone.title, place.zone.titleAr) : null].filter(Boolean).join(comma)}` : notFound ? t('sections.notFound') : name);

  if (notFound) return <NotFound />;
  if (query.isError) return <Container maxW="5xl" py="10"><ErrorState message={t('place.loadError')} onRetry={() => void query.refetch()} /></Container>;
  if (!place) {
    return (
      <Container maxW="5xl" py="8">
        <Stack gap="6" aria-busy="true">
          <Skeleton height="10" width="60%" />
          <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="6"><LinesSkeleton lines={6} /><Skeleton height="48" borderRadius="xl" /></Grid>
        </Stack>
      </Container>
    );
  }

  const address = pick(place.address ?? '', place.addressAr);
  const manager = pick(place.managerName ?? '', place.managerNameAr);
  const video = toYouTubeEmbedUrl(place.details.youtubeUrl);
  return (
    <Container maxW="5xl" py="8">
      <Stack gap="8">
        <PageBreadcrumb
          trail={[
            { to: localize('/places'), label: t('sections.places') },
            { to: localize(`/categories/${place.category.slug}`), label: <bdi>{pick(place.category.name, place.category.nameAr)}</bdi> },
          ]}
          current={<bdi>{name}</bdi>}
        />

        <Stack direction={{ base: 'column', sm: 'row' }} gap="4" align={{ sm: 'center' }}>
          <Box boxSize="20" borderRadius="2xl" bg="brand.subtle" color="brand.fg" display="grid" placeItems="center" overflow="hidden" flexShrink={0}>
            {place.logoUrl ? <Image src={place.logoUrl} alt={t('place.media')} boxSize="20" objectFit="cover" /> : <Store size={36} aria-hidden />}
          </Box>
          <Stack gap="2" flex="1" minW="0">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} overflowWrap="anywhere"><bdi>{name}</bdi></Heading>
            <HStack gap="2" wrap="wrap">
              <Badge asChild colorPalette="brand"><RouterLink to={localize(`/categories/${place.category.slug}`)}><bdi>{pick(place.category.name, place.category.nameAr)}</bdi></RouterLink></Badge>
              {place.zone && <Badge asChild variant="outline" whiteSpace="normal" height="auto"><RouterLink to={localize(`/zones/${place.zone.slug}`)}><bdi>{pick(place.zone.title, place.zone.titleAr)}</bdi></RouterLink></Badge>}
            </HStack>
          </Stack>
          <HStack gap="2" wrap="wrap">
            <SaveToggle place={place} />
            <ShareActions slug={place.slug} fallbackTitle={name} />
          </HStack>
        </Stack>

        <Grid templateColumns={{ base: '1fr', md: '3fr 2fr' }} gap="6" alignItems="start">
          <Stack gap="6">
            <Box as="section" aria-labelledby="about-heading">
              <Heading as="h2" id="about-heading" size="lg" mb="3">{t('place.about')}</Heading>
              <Text color={place.details.description ? 'fg' : 'fg.muted'} whiteSpace="pre-line" dir="auto" textAlign="match-parent">{place.details.description || t('place.noDetails')}</Text>
            </Box>
            {(place.details.imageUrl || video) && (
              <Box as="section" aria-labelledby="media-heading">
                <Heading as="h2" id="media-heading" size="lg" mb="3">{t('place.media')}</Heading>
                <Stack gap="4">
                  {place.details.imageUrl && <Image src={place.details.imageUrl} alt={name} borderRadius="xl" maxH="96" objectFit="cover" loading="lazy" />}
                  {video && (
                    <AspectRatio ratio={16 / 9} borderRadius="xl" overflow="hidden">
                      <iframe src={video} title={`${t('place.video')}: ${name}`} loading="lazy" allow="accelerometer; encrypted-media; gyroscope; picture-in-picture" allowFullScreen referrerPolicy="strict-origin-when-cross-origin" />
                    </AspectRatio>
                  )}
                </Stack>
              </Box>
            )}
          </Stack>

          <Card.Root variant="outline" borderRadius="xl" as="section" aria-labelledby="contact-heading">
            <Card.Body gap="4">
              <Heading as="h2" id="contact-heading" size="md">{t('place.contact')}</Heading>
              <InfoRow icon={<Clock size={18} />} label={t('place.hours')}>
                {place.hours
                  ? <PlaceHoursPanel hours={place.hours} onExpired={refreshHours} />
                  : place.openingHours
                    ? <HStack gap="2" wrap="wrap"><Text as="span" dir="ltr" data-testid="opening-hours">{place.openingHours}</Text><OpenStatusBadge openNow={place.openNow} /></HStack>
                    : <Text color="fg.muted">{t('place.hoursUnknown')}</Text>}
              </InfoRow>
              {address && <InfoRow icon={<MapPin size={18} />} label={t('place.address')}><Text><bdi>{address}</bdi></Text></InfoRow>}
              {place.building && <InfoRow icon={<Building2 size={18} />} label={t('place.building')}><Text>{place.building.number ? `${place.building.number} · ` : ''}<bdi>{pick(place.building.name, place.building.nameAr)}</bdi></Text></InfoRow>}
              {place.phone && <InfoRow icon={<Phone size={18} />} label={t('place.phone')}><Link href={`tel:${digits(place.phone)}`} dir="ltr">{place.phone}</Link></InfoRow>}
              {place.whatsapp && <InfoRow icon={<MessageCircle size={18} />} label={t('place.whatsapp')}><Link href={`https://wa.me/${digits(place.whatsapp).replace(/^\+/, '')}`} target="_blank" rel="noopener noreferrer" dir="ltr">{place.whatsapp}</Link></InfoRow>}
              {place.websiteUrl && <InfoRow icon={<Globe size={18} />} label={t('place.website')}><Link href={place.websiteUrl} target="_blank" rel="noopener noreferrer nofollow" dir="ltr">{place.websiteUrl.replace(/^https?:\/\//, '').replace(/\/$/, '')}</Link></InfoRow>}
              {place.latitude != null && place.longitude != null && <InfoRow icon={<Navigation size={18} />} label={t('place.directions')}><HStack gap="3" wrap="wrap"><DirectionsLink lat={place.latitude} lng={place.longitude} name={name ?? place.name} /><VisitorDistance lat={place.latitude} lng={place.longitude} /></HStack></InfoRow>}
              {place.mapUrl && <InfoRow icon={<ExternalLink size={18} />} label={t('place.location')}><Link href={place.mapUrl} target="_blank" rel="noopener noreferrer">{t('place.openInMaps')}</Link></InfoRow>}
              {manager && <InfoRow icon={<User size={18} />} label={t('place.manager')}><Text><bdi>{manager}</bdi></Text></InfoRow>}
              {place.managerPhone && <InfoRow icon={<Phone size={18} />} label={t('place.managerPhone')}><Link href={`tel:${digits(place.managerPhone)}`} dir="ltr">{place.managerPhone}</Link></InfoRow>}
            </Card.Body>
          </Card.Root>
        </Grid>

        {place.related.length > 0 && (
          <Deferred>
            <Box as="section" aria-labelledby="related-heading">
              <Heading as="h2" id="related-heading" size="lg" mb="4">{t('place.related')}</Heading>
              <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
                {place.related.map((p) => <li key={p.id}><PlaceCard place={p} /></li>)}
              </SimpleGrid>
            </Box>
          </Deferred>
        )}
      </Stack>
    </Container>
  );
}
