import { Breadcrumb, Container, Heading, Skeleton, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useCategoryQuery } from '../../../features/categories/api/get-categories.ts';
import { PlacesBrowser } from '../../../features/places/components/places-browser.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import { useZonesQuery } from '../../../features/zones/api/get-zones.ts';
import { ApiError } from '../../../lib/api-client-error.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import NotFound from './not-found.tsx';

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
        <Breadcrumb.Root size="sm" aria-label={t('app.breadcrumb')}>
          <Breadcrumb.List>
            <Breadcrumb.Item><Breadcrumb.Link asChild><RouterLink to={localize('/categories')}>{t('sections.categories')}</RouterLink></Breadcrumb.Link></Breadcrumb.Item>
            <Breadcrumb.Separator />
            <Breadcrumb.Item><Breadcrumb.CurrentLink>{name}</Breadcrumb.CurrentLink></Breadcrumb.Item>
          </Breadcrumb.List>
        </Breadcrumb.Root>
        {category.isPending ? <Skeleton height="10" width="60%" /> : <Heading as="h1" size="2xl">{name}</Heading>}
        <PlacesBrowser scope={{ kind: 'category', slug }} zones={zones.data} />
      </Stack>
    </Container>
  );
}
