import { Badge, Box, Button, Card, Container, Heading, HStack, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Building2, ExternalLink } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { MapView, preloadLeafletMap, type MapMarker } from '../../../components/map/map-view.tsx';
import { ErrorState, LinesSkeleton } from '../../../components/ui/query-states.tsx';
import { useCategoriesQuery } from '../../../features/categories/api/get-categories.ts';
import { PlacesBrowser } from '../../../features/places/components/places-browser.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import { useMapMarkersQuery } from '../../../features/zones/api/get-map-markers.ts';
import { useZoneQuery } from '../../../features/zones/api/get-zones.ts';
import { ApiError } from '../../../lib/api-client-error.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { coordinatesOf } from '../../../shared/map-coordinates.ts';
import type { ZoneWithBuildings } from '../../../shared/schemas/entity-schemas.ts';
import NotFound from './not-found.tsx';
import { PageBreadcrumb } from '../../../components/ui/page-breadcrumb.tsx';
import '../../../lib/page-strings.ts';
import type { RouteHandle } from '../../route-data.ts';
import { categoriesQueryOptions } from '../../../features/categories/api/get-categories.ts';
import { placesListQueryOptions } from '../../../features/places/api/places-list-url.ts';
import { zoneQueryOptions } from '../../../features/zones/api/get-zones.ts';

// Leaflet starts loading with this page's module in the browser, not once the page has hydrated
if (typeof document !== 'undefined') void preloadLeafletMap();

/** Scrolls to and focuses `#building-…` once the buildings are shown (links from search and the city map). */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const el = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
  }, [ready, hash]);
}

function BuildingsList({ zone }: { zone: ZoneWithBuildings }) {
  const { t } = useTranslation();
  const { pick, lang } = usePreferences();
  return (
    <SimpleGrid as="ul" aria-labelledby="zone-buildings-heading" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
      {zone.buildings.map((b) => {
        const description = lang === 'ar' ? b.descriptionAr || b.description : b.description;
        return (
          <li key={b.id}>
            <Card.Root id={`building-${b.slug}`} tabIndex={-1} variant="outline" borderRadius="xl" height="full" _target={{ borderColor: 'brand.solid', shadow: 'md' }}>
              <Card.Body p="4" gap="2">
                <HStack align="start" gap="2">
                  <Box color="brand.fg" pt="0.5" aria-hidden><Building2 size={18} /></Box>
                  <Stack gap="0.5" minW="0">
                    <Heading as="h3" size="sm">{b.number ? `${t('zone.buildingNumber', { number: b.number })} · ` : ''}<bdi>{pick(b.name, b.nameAr)}</bdi></Heading>
                    <Text fontSize="sm" color="fg.muted">{t('home.placesCount', { count: b.placesCount })}</Text>
                  </Stack>
                </HStack>
                {description && <Text fontSize="sm" lineClamp={3}>{description}</Text>}
                {b.mapUrl && (
                  <Link href={b.mapUrl} target="_blank" rel="noopener noreferrer" fontSize="sm" color="brand.fg">
                    <ExternalLink size={14} aria-hidden /> {t('place.openInMaps')}
                    <Text as="span" srOnly> — {pick(b.name, b.nameAr)}</Text>
                  </Link>
                )}
              </Card.Body>
            </Card.Root>
          </li>
        );
      })}
    </SimpleGrid>
  );
}

/**
 * The zone, the categories and the zone's list page (`handle.queries`, src/app/route-data.ts); its map's markers are
 * the browser's (src/entry-server.tsx `CLIENT_ONLY_QUERIES`).
 * @public the router reads it through the route's lazy import (src/app/router.tsx `screen`)
 */
export const handle: RouteHandle = {
  queries: ({ params, search, lang }) => {
    const slug = params.slug ?? '';
    return [zoneQueryOptions(lang, slug), categoriesQueryOptions(lang), placesListQueryOptions(lang, search, { kind: 'zone', slug })];
  },
};

/**
 * /map/zones/{slug} (the overlay's zone links): the zone's title and description, its places and
 * buildings on a map, the building list (anchors `#building-{slug}`) and the zone's places list.
 */
export default function MapZonePage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation();
  const { pick, localize, lang } = usePreferences();
  const zone = useZoneQuery(slug);
  const markersQuery = useMapMarkersQuery(slug);
  const categories = useCategoriesQuery();
  const title = zone.data ? pick(zone.data.title, zone.data.titleAr) : slug;
  useDocumentTitle(title);
  useScrollToHash(!!zone.data);

  const categoryNames = useMemo(() => new Map((categories.data ?? []).map((c) => [c.slug, pick(c.name, c.nameAr)])), [categories.data, pick]);
  const markers = useMemo<MapMarker[]>(() => {
    const data = markersQuery.data;
    if (!data || categories.isPending) return [];
    return [
      ...data.places.map((p) => ({ id: `p-${p.slug}`, lat: p.lat, lng: p.lng, title: pick(p.name, p.nameAr), subtitle: categoryNames.get(p.category), href: localize(`/p/${p.slug}`) })),
      ...data.buildings.map((b): MapMarker => ({
        id: `b-${b.slug}`, lat: b.lat, lng: b.lng, kind: 'building',
        title: b.number ? `${t('zone.buildingNumber', { number: b.number })} · ${pick(b.name, b.nameAr)}` : pick(b.name, b.nameAr),
        href: `${localize(`/map/zones/${b.zone}`)}#building-${b.slug}`,
      })),
    ];
  }, [markersQuery.data, categories.isPending, categoryNames, pick, localize, t]);

  if (zone.error instanceof ApiError && zone.error.status === 404) return <NotFound />;
  const zoneCenter = zone.data ? coordinatesOf(zone.data) : null;
  const description = zone.data ? (lang === 'ar' ? zone.data.descriptionAr || zone.data.description : zone.data.description) : null;

  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <PageBreadcrumb trail={[{ to: localize('/map'), label: t('sections.map') }]} current={title} />

        {zone.isError ? (
          <ErrorState message={t('mapPage.loadError')} onRetry={() => void zone.refetch()} />
        ) : !zone.data ? (
          <Stack gap="3" aria-busy="true"><Skeleton height="10" width="50%" /><LinesSkeleton lines={2} /></Stack>
        ) : (
          <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'end' }} gap="4">
            <Stack gap="2" maxW="3xl">
              <Heading as="h1" size="2xl">{title}</Heading>
              <HStack gap="2" wrap="wrap">
                <Badge colorPalette="brand" size="lg">{t('home.placesCount', { count: zone.data.placesCount })}</Badge>
                <Badge size="lg">{t('home.buildingsCount', { count: zone.data.buildingsCount })}</Badge>
              </HStack>
              {description && <Text color="fg.muted">{description}</Text>}
            </Stack>
            {zone.data.locationUrl && (
              <Button asChild variant="outline" size="sm">
                <a href={zone.data.locationUrl} target="_blank" rel="noopener noreferrer"><ExternalLink aria-hidden /> {t('place.openInMaps')}</a>
              </Button>
            )}
          </Stack>
        )}

        {markersQuery.isError ? (
          <ErrorState message={t('mapPage.loadError')} onRetry={() => void markersQuery.refetch()} />
        ) : !zone.data ? (
          <Skeleton height="max(300px, 45vh)" borderRadius="12px" />
        ) : (
          <Stack gap="2">
            <MapView
              markers={markers}
              label={t('mapZone.mapLabel', { zone: title })}
              height="max(300px, 45vh)"
              center={zoneCenter ? [zoneCenter.lat, zoneCenter.lng] : undefined}
              zoom={zoneCenter ? 14 : undefined}
              fitToMarkers={markers.length > 0}
            />
            {markersQuery.data && markers.length === 0 && <Text fontSize="sm" color="fg.muted">{t('mapZone.noCoordinates')}</Text>}
          </Stack>
        )}

        {zone.data && zone.data.buildings.length > 0 && (
          <Box as="section" aria-labelledby="zone-buildings-heading">
            <Heading as="h2" id="zone-buildings-heading" size="xl" mb="4">{t('sections.buildings')}</Heading>
            <BuildingsList zone={zone.data} />
          </Box>
        )}

        <Box as="section" aria-labelledby="zone-places-heading">
          <Heading as="h2" id="zone-places-heading" size="xl" mb="4">{t('mapZone.places')}</Heading>
          <PlacesBrowser scope={{ kind: 'zone', slug }} categories={categories.data} cardHeadingLevel="h3" />
        </Box>
      </Stack>
    </Container>
  );
}
