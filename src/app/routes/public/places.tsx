import { Container, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useCategoriesQuery } from '../../../features/categories/api/get-categories.ts';
import { PlacesBrowser } from '../../../features/places/components/places-browser.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import { useZonesQuery } from '../../../features/zones/api/get-zones.ts';
import type { RouteHandle } from '../../route-data.ts';
import { categoriesQueryOptions } from '../../../features/categories/api/get-categories.ts';
import { placesListQueryOptions } from '../../../features/places/api/places-list-url.ts';
import { zonesQueryOptions } from '../../../features/zones/api/get-zones.ts';

/**
 * The filters' zones and categories and the list's page (`handle.queries`, src/app/route-data.ts).
 * @public the router reads it through the route's lazy import (src/app/router.tsx `screen`)
 */
export const handle: RouteHandle = {
  queries: ({ search, lang }) => [zonesQueryOptions(lang), categoriesQueryOptions(lang), placesListQueryOptions(lang, search)],
};

/** /places: every place with zone/category filters, sort and pagination. */
export default function PlacesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('sections.places'));
  const zones = useZonesQuery();
  const categories = useCategoriesQuery();
  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Heading as="h1" size="2xl">{t('places.title')}</Heading>
        <PlacesBrowser zones={zones.data} categories={categories.data} />
      </Stack>
    </Container>
  );
}
