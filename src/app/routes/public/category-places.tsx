import { Container, Heading, Skeleton, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useCategoryQuery } from '../../../features/categories/api/get-categories.ts';
import { PlacesBrowser } from '../../../features/places/components/places-browser.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import { useZonesQuery } from '../../../features/zones/api/get-zones.ts';
import { ApiError } from '../../../lib/api-client-error.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import NotFound from './not-found.tsx';
import { PageBreadcrumb } from '../../../components/ui/page-breadcrumb.tsx';
import type { RouteHandle } from '../../route-data.ts';
import { categoryQueryOptions } from '../../../features/categories/api/get-categories.ts';
import { placesListQueryOptions } from '../../../features/places/api/places-list-url.ts';
import { zonesQueryOptions } from '../../../features/zones/api/get-zones.ts';

/**
 * The category, the zone filter's zones and the list's page (`handle.queries`, src/app/route-data.ts).
 * @public the router reads it through the route's lazy import (src/app/router.tsx `screen`)
 */
export const handle: RouteHandle = {
  queries: ({ params, search, lang }) => {
    const slug = params.slug ?? '';
    return [categoryQueryOptions(lang, slug), zonesQueryOptions(lang), placesListQueryOptions(lang, search, { kind: 'category', slug })];
  },
};

/** /categories/{slug}: places in one category; title = category name (or slug while loading). */
export default function CategoryPlacesPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation();
  const { pick, localize } = usePreferences();
  const category = useCategoryQuery(slug);
  const zones = useZonesQuery();
  const name = category.data ? pick(category.data.name, category.data.nameAr) : slug;
  useDocumentTitle(name);
  if (category.error instanceof ApiError && category.error.status === 404) return <NotFound />;
  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <PageBreadcrumb trail={[{ to: localize('/categories'), label: t('sections.categories') }]} current={name} />
        {category.isPending ? <Skeleton height="10" width="60%" /> : <Heading as="h1" size="2xl">{name}</Heading>}
        <PlacesBrowser scope={{ kind: 'category', slug }} zones={zones.data} />
      </Stack>
    </Container>
  );
}
