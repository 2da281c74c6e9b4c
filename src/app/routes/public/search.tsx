import { Box, Button, Container, Heading, HStack, Input, InputGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Search, SearchX } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { CardGridSkeleton, EmptyBlock, ErrorState } from '../../../components/ui/query-states.tsx';
import { CategoryCard } from '../../../features/categories/components/category-card.tsx';
import { PlaceCard } from '../../../features/places/components/place-card.tsx';
import { normalizeSearchText, useSearchQuery } from '../../../features/search/api/get-search-results.ts';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import { BuildingCard, ZoneCard } from '../../../features/zones/components/zone-card.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { LIMITS } from '../../../shared/constants.ts';
import { countResults } from '../../../features/search/result-count.ts';
import type { RouteHandle } from '../../route-data.ts';
import { searchQueryOptions } from '../../../features/search/api/get-search-results.ts';

/** Results per group on this page; a full places group links on to the places list with the same text. */
const PAGE_GROUP_LIMIT = 24;

function Group({ id, title, count, children, action }: { id: string; title: string; count: number; children: ReactNode; action?: ReactNode }) {
  const { t } = useTranslation();
  const label = count >= PAGE_GROUP_LIMIT ? t('search.atLeast', { count }) : t('search.resultsCount', { count });
  return (
    <Box as="section" aria-labelledby={id}>
      <HStack justify="space-between" align="baseline" mb="3" wrap="wrap">
        <Heading as="h2" id={id} size="lg">
          {title} <Text as="span" color="fg.muted" fontWeight="normal" fontSize="md">({label})</Text>
        </Heading>
        {action}
      </HStack>
      {children}
    </Box>
  );
}

/**
 * The results for the URL's `q`, none when it is blank (`handle.queries`, src/app/route-data.ts).
 * @public the router reads it through the route's lazy import (src/app/router.tsx `screen`)
 */
export const handle: RouteHandle = { queries: ({ search, lang }) => [searchQueryOptions(lang, normalizeSearchText(search.get('q') ?? ''), PAGE_GROUP_LIMIT)] };

/**
 * /search?q=: the directory searched at once, results grouped as categories, places, zones and
 * buildings; a start-typing state without text, a no-results state, loading skeletons and retry on error.
 * The box updates `q` in the URL (history replaced) 300 ms after the last keystroke.
 */
export default function SearchPage() {
  const { t } = useTranslation();
  const { localize } = usePreferences();
  useDocumentTitle(t('sections.search'));
  const [params, setParams] = useSearchParams();
  const urlQuery = normalizeSearchText(params.get('q') ?? '');
  const [text, setText] = useState(urlQuery);
  const settled = useDebouncedValue(normalizeSearchText(text), LIMITS.searchDelayMs);

  const setQuery = (q: string) => {
    const next = new URLSearchParams(params);
    if (q) next.set('q', q);
    else next.delete('q');
    setParams(next, { replace: true });
  };
  useEffect(() => {
    if (settled !== urlQuery) setQuery(settled);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  useEffect(() => {
    if (normalizeSearchText(text) !== urlQuery) setText(urlQuery); // a new ?q= arrived (overlay, back button)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlQuery]);

  const search = useSearchQuery(urlQuery, PAGE_GROUP_LIMIT);
  const data = urlQuery ? search.data : undefined;
  const total = data ? data.categories.length + data.places.length + data.zones.length + data.buildings.length : 0;
  // the same count as the search overlay: results shown, "+" when a group came back full
  const count = countResults(data ? [data.categories.length, data.places.length, data.zones.length, data.buildings.length] : [], PAGE_GROUP_LIMIT, PAGE_GROUP_LIMIT);
  const stale = search.isPlaceholderData || normalizeSearchText(text) !== urlQuery;

  let body: ReactNode;
  if (!urlQuery) {
    body = <EmptyBlock icon={<Search />} title={t('search.startTypingTitle')} description={t('search.startTyping')} />;
  } else if (search.isError && !data) {
    body = <ErrorState message={t('search.error')} onRetry={() => void search.refetch()} />;
  } else if (!data) {
    body = <CardGridSkeleton count={6} />;
  } else if (total === 0) {
    body = (
      <EmptyBlock icon={<SearchX />} title={t('search.noResults', { query: urlQuery })} description={t('search.noResultsHint')}
        action={<Button asChild variant="outline" size="sm"><RouterLink to={localize('/categories')}>{t('home.viewCategories')}</RouterLink></Button>} />
    );
  } else {
    body = (
      <Stack gap="10" opacity={stale ? 0.6 : 1} transition="opacity 0.15s">
        {data.categories.length > 0 && (
          <Group id="results-categories" title={t('search.categories')} count={data.categories.length}>
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
              {data.categories.map((c) => <li key={c.id}><CategoryCard category={c} /></li>)}
            </SimpleGrid>
          </Group>
        )}
        {data.places.length > 0 && (
          <Group id="results-places" title={t('search.places')} count={data.places.length}
            action={data.places.length >= PAGE_GROUP_LIMIT && (
              <Button asChild variant="ghost" size="sm"><RouterLink to={localize(`/places?q=${encodeURIComponent(urlQuery)}`)}>{t('search.allPlaces')}</RouterLink></Button>
            )}>
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
              {data.places.map((p) => <li key={p.id}><PlaceCard place={p} /></li>)}
            </SimpleGrid>
          </Group>
        )}
        {data.zones.length > 0 && (
          <Group id="results-zones" title={t('search.zones')} count={data.zones.length}>
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
              {data.zones.map((z) => <li key={z.id}><ZoneCard zone={z} to={localize(`/map/zones/${z.slug}`)} /></li>)}
            </SimpleGrid>
          </Group>
        )}
        {data.buildings.length > 0 && (
          <Group id="results-buildings" title={t('search.buildings')} count={data.buildings.length}>
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
              {data.buildings.map((b) => (
                <li key={b.id}><BuildingCard building={b} zone={b.zone} to={`${localize(`/map/zones/${b.zone.slug}`)}#building-${b.slug}`} /></li>
              ))}
            </SimpleGrid>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Heading as="h1" size="2xl">{urlQuery ? t('search.resultsFor', { query: urlQuery }) : t('sections.search')}</Heading>
        <Box as="form" role="search" aria-label={t('nav.searchLabel')} maxW="2xl" onSubmit={(e) => { e.preventDefault(); setQuery(normalizeSearchText(text)); }}>
          <InputGroup startElement={<Search size={18} aria-hidden />}>
            <Input
              type="search"
              size="lg"
              aria-label={t('nav.searchLabel')}
              placeholder={t('nav.searchPlaceholder')}
              value={text}
              maxLength={LIMITS.searchMaxLength}
              onChange={(e) => setText(e.target.value)}
              autoComplete="off"
              enterKeyHint="search"
            />
          </InputGroup>
        </Box>
        <Text srOnly aria-live="polite">{data && !stale ? t(count.more ? 'search.atLeast' : 'search.resultsCount', { count: count.shown }) : ''}</Text>
        {body}
      </Stack>
    </Container>
  );
}
