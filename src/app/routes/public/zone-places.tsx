import { Badge, Container, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useCategoriesQuery } from '../../../features/categories/api/get-categories.ts';
import { PlacesBrowser } from '../../../features/places/components/places-browser.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import { useZoneQuery } from '../../../features/zones/api/get-zones.ts';
import { ApiError } from '../../../lib/api-client-error.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import NotFound from './not-found.tsx';
import { PageBreadcrumb } from '../../../components/ui/page-breadcrumb.tsx';
import type { RouteHandle } from '../../route-data.ts';
import { categoriesQueryOptions } from '../../../features/categories/api/get-categories.ts';
import { placesListQueryOptions } from '../../../features/places/api/places-list-url.ts';
import { zoneQueryOptions } from '../../../features/zones/api/get-zones.ts';

/**
 * The zone, the category filter's categories and the list's page (`handle.queries`, src/app/route-data.ts).
 * @public the router reads it through the route's lazy import (src/app/router.tsx `screen`)
 */
export const handle: RouteHandle = {
  queries: ({ params, search, lang }) => {
    const slug = params.slug ?? '';
    return [zoneQueryOptions(lang, slug), categoriesQueryOptions(lang), placesListQueryOptions(lang, search, { kind: 'zone', slug })];
  },
};

/** /zones/{slug}: places in one zone, with its buildings listed. */
export default function ZonePlacesPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation();
  const { pick, localize, lang } = usePreferences();
  const zone = useZoneQuery(slug);
  const categories = useCategoriesQuery();
  const title = zone.data ? pick(zone.data.title, zone.data.titleAr) : slug;
  useDocumentTitle(title);
  if (zone.error instanceof ApiError && zone.error.status === 404) return <NotFound />;
  const description = zone.data ? (lang === 'ar' ? zone.data.descriptionAr || zone.data.description : zone.data.description) : null;
  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <PageBreadcrumb trail={[{ to: localize('/map'), label: t('sections.zones') }]} current={title} />
        {zone.isPending ? <Skeleton height="10" width="50%" /> : <Heading as="h1" size="2xl">{t('places.inZone', { zone: title })}</Heading>}
        {description && <Text color="fg.muted">{description}</Text>}
        {zone.data && zone.data.buildings.length > 0 && (
          <Stack gap="2">
            <Text fontWeight="semibold">{t('sections.buildings')}</Text>
            <HStack wrap="wrap" gap="2">
              {zone.data.buildings.map((b) => (
                <Badge key={b.id} asChild variant="surface" size="lg" _hover={{ bg: 'brand.subtle' }}>
                  <RouterLink to={`${localize(`/map/zones/${slug}`)}#building-${b.slug}`}>{b.number ? `${b.number} · ` : ''}<bdi>{pick(b.name, b.nameAr)}</bdi></RouterLink>
                </Badge>
              ))}
            </HStack>
          </Stack>
        )}
        <PlacesBrowser scope={{ kind: 'zone', slug }} categories={categories.data} />
      </Stack>
    </Container>
  );
}
