import { Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, LayoutGrid } from 'lucide-react';
import { usePrefetchQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { Deferred } from '../../../components/ui/deferred.tsx';
import { CardGridSkeleton, ErrorState, Section } from '../../../components/ui/query-states.tsx';
import { categoriesQueryOptions, useCategoriesQuery } from '../../../features/categories/api/get-categories.ts';
import { CategoryCard } from '../../../features/categories/components/category-card.tsx';
import { placesQueryOptions, usePlacesQuery } from '../../../features/places/api/get-places.ts';
import { PlaceCard } from '../../../features/places/components/place-card.tsx';
import { useWebsiteSettings } from '../../../features/settings/api/get-website-settings.ts';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import { useZonesQuery, zonesQueryOptions } from '../../../features/zones/api/get-zones.ts';
import { ZoneCard } from '../../../features/zones/components/zone-card.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { HOME_FEATURED_COUNT } from '../../../shared/boot-data.ts';
import type { RouteHandle } from '../../route-data.ts';
import type { Lang } from '../../../lib/browser-language.ts';

const HOME_ZONES = 12;

/** The site's description from the settings, else the default subtitle (its own component: settings arrive ~1 s in). */
function HomeDescription() {
  const { t } = useTranslation();
  const { lang } = usePreferences();
  const settings = useWebsiteSettings();
  const description = lang === 'ar' ? settings.siteDescriptionAr || t('home.subtitle') : settings.siteDescription || t('home.subtitle');
  return <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted">{description}</Text>;
}

function SeeAll({ to }: { to: string }) {
  const { t } = useTranslation();
  return <Button asChild variant="ghost" size="sm"><RouterLink to={to}>{t('app.seeAll')}</RouterLink></Button>;
}

/**
 * One section of the home page: heading with a "See all" link, then a skeleton while `query` loads,
 * an error with Retry when it fails, else `items` as a list of cards.
 */
function HomeSection<T extends { id: number }>({ id, title, seeAll, query, items, skeleton, columns, gap, card }: {
  id: string;
  title: string;
  /** Where "See all" goes (a localized path). */
  seeAll: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  items: () => T[];
  skeleton: { count: number; height?: string };
  columns: Record<string, number>;
  gap: string;
  card: (item: T) => ReactNode;
}) {
  return (
    <Section id={id} title={title} action={<SeeAll to={seeAll} />}>
      {query.isPending ? (
        <CardGridSkeleton count={skeleton.count} height={skeleton.height} columns={columns} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={columns} gap={gap}>
          {items().map((item) => <li key={item.id}>{card(item)}</li>)}
        </SimpleGrid>
      )}
    </Section>
  );
}

function HomeCategories() {
  const { t } = useTranslation();
  const { localize } = usePreferences();
  const categories = useCategoriesQuery();
  return (
    <HomeSection id="home-categories" title={t('home.categories')} seeAll={localize('/categories')} query={categories}
      items={() => categories.data ?? []} skeleton={{ count: 8, height: '80px' }} columns={{ base: 2, md: 3, lg: 4 }} gap="3"
      card={(c) => <CategoryCard category={c} />} />
  );
}

function HomeFeatured() {
  const { t } = useTranslation();
  const { localize } = usePreferences();
  const featured = usePlacesQuery({ limit: HOME_FEATURED_COUNT, sort: 'newest' });
  return (
    <HomeSection id="home-featured" title={t('home.featured')} seeAll={localize('/places')} query={featured}
      items={() => featured.data?.data ?? []} skeleton={{ count: HOME_FEATURED_COUNT }} columns={{ base: 1, sm: 2, lg: 3 }} gap="4"
      card={(p) => <PlaceCard place={p} />} />
  );
}

function HomeZones() {
  const { t } = useTranslation();
  const { localize } = usePreferences();
  const zones = useZonesQuery();
  const topZones = () => (zones.data ?? []).filter((z) => z.placesCount > 0).sort((a, b) => b.placesCount - a.placesCount).slice(0, HOME_ZONES);
  return (
    <HomeSection id="home-zones" title={t('home.zones')} seeAll={localize('/map')} query={zones}
      items={topZones} skeleton={{ count: 8, height: '76px' }} columns={{ base: 2, md: 3, lg: 4 }} gap="3"
      card={(z) => <ZoneCard zone={z} to={localize(`/zones/${z.slug}`)} />} />
  );
}

/** The sections' data: the categories, the newest places, the zones. */
const homeQueries = (lang: Lang) =>
  [categoriesQueryOptions(lang), placesQueryOptions(lang, { limit: HOME_FEATURED_COUNT, sort: 'newest' }), zonesQueryOptions(lang)] as const;

/**
 * The sections' data (`handle.queries`, src/app/route-data.ts).
 * @public the router reads it through the route's lazy import (src/app/router.tsx `screen`)
 */
export const handle: RouteHandle = { queries: ({ lang }) => homeQueries(lang) };

/**
 * Home: title, subtitle, explore-all and view-categories buttons, zones, categories, featured places.
 * The sections below the hero load and render after the first paint, one after another (decision 012).
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { localize, lang } = usePreferences();
  useDocumentTitle(null);
  // The sections' data starts loading now (without re-rendering this page when it arrives), so each
  // section renders once, with its data, right after the first paint.
  const [categories, featured, zones] = homeQueries(lang);
  usePrefetchQuery(categories);
  usePrefetchQuery(featured);
  usePrefetchQuery(zones);

  return (
    <>
      <Box bgGradient="to-b" gradientFrom="brand.subtle" gradientTo="bg" borderBottomWidth="1px">
        <Container maxW="7xl" py={{ base: '10', md: '16' }}>
          <Stack gap="5" maxW="3xl">
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="shorter">{t('home.title')}</Heading>
            <HomeDescription />
            <HStack gap="3" wrap="wrap">
              <Button asChild colorPalette="brand" size="lg">
                <RouterLink to={localize('/places')}>{t('home.exploreAll')} <ArrowRight className="flip-rtl" aria-hidden /></RouterLink>
              </Button>
              <Button asChild variant="outline" size="lg">
                <RouterLink to={localize('/categories')}><LayoutGrid aria-hidden /> {t('home.viewCategories')}</RouterLink>
              </Button>
            </HStack>
          </Stack>
        </Container>
      </Box>

      <Container maxW="7xl" py="10">
        <Stack gap="12">
          <Deferred><HomeCategories /></Deferred>
          <Deferred delay={1}><HomeFeatured /></Deferred>
          <Deferred delay={2}><HomeZones /></Deferred>
        </Stack>
      </Container>
    </>
  );
}
