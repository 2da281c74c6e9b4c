import { Box, Button, chakra, Container, Group, Heading, HStack, IconButton, Input, InputGroup, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LayoutGrid, List, Search, SearchX } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CardGridSkeleton, EmptyBlock, ErrorState } from '../../../components/ui/query-states.tsx';
import { categoriesQueryOptions } from '../../../features/categories/api/get-categories.ts';
import { CategoryCard } from '../../../features/categories/components/category-card.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import { sortCategories } from '../../../lib/name-order.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { LIMITS } from '../../../shared/constants.ts';
import '../../../lib/page-strings.ts';
import type { RouteHandle } from '../../route-data.ts';

type View = 'grid' | 'list';
type Sort = 'az' | 'za';

/**
 * The categories matching the URL's `q` (`handle.queries`, src/app/route-data.ts).
 * @public the router reads it through the route's lazy import (src/app/router.tsx `screen`)
 */
export const handle: RouteHandle = { queries: ({ search, lang }) => [categoriesQueryOptions(lang, (search.get('q') ?? '').trim())] };

/**
 * /categories: search box, grid/list view and A–Z/Z–A sort. `q`, `view` (grid default) and
 * `sort` (az default) live in the URL; the search runs through the API (Arabic-aware, typo-tolerant)
 * 300 ms after typing stops; names sort in the current language's collation, "Other" last (decision 044).
 */
export default function CategoriesPage() {
  const { t } = useTranslation();
  const { lang } = usePreferences();
  useDocumentTitle(t('sections.categories'));
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'list' ? 'list' : 'grid';
  const sort: Sort = params.get('sort') === 'za' ? 'za' : 'az';
  const urlQuery = (params.get('q') ?? '').trim();
  const [text, setText] = useState(urlQuery);
  const settled = useDebouncedValue(text.trim(), LIMITS.searchDelayMs);

  const update = (changes: Record<string, string | undefined>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) (v ? next.set(k, v) : next.delete(k));
    setParams(next, { replace });
  };
  useEffect(() => {
    if (settled !== urlQuery) update({ q: settled || undefined }, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  useEffect(() => {
    if (text.trim() !== urlQuery) setText(urlQuery);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlQuery]);

  const query = useQuery({ ...categoriesQueryOptions(lang, urlQuery), placeholderData: keepPreviousData });
  const sorted = useMemo(() => {
    return sortCategories(query.data ?? [], lang, sort === 'za');
  }, [query.data, sort, lang]);

  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">{t('categoriesPage.title')}</Heading>
          <Text color="fg.muted">{t('categoriesPage.intro')}</Text>
        </Stack>

        <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'end' }}>
          <Stack gap="1" flex="1" maxW={{ md: 'md' }} as="form" role="search" aria-label={t('categoriesPage.searchLabel')} onSubmit={(e) => { e.preventDefault(); update({ q: text.trim() || undefined }, true); }}>
            <chakra.label htmlFor="categories-search" fontSize="sm" fontWeight="medium">{t('categoriesPage.searchLabel')}</chakra.label>
            <InputGroup startElement={<Search size={16} aria-hidden />}>
              <Input id="categories-search" size="sm" type="search" value={text} maxLength={LIMITS.searchMaxLength} placeholder={t('categoriesPage.searchPlaceholder')} onChange={(e) => setText(e.target.value)} autoComplete="off" />
            </InputGroup>
          </Stack>
          <HStack gap="3" align="end" ms={{ md: 'auto' }}>
            <Stack gap="1">
              <chakra.label htmlFor="categories-sort" fontSize="sm" fontWeight="medium">{t('categoriesPage.sort')}</chakra.label>
              <NativeSelect.Root size="sm" width="auto">
                <NativeSelect.Field id="categories-sort" value={sort} onChange={(e) => update({ sort: e.target.value === 'za' ? 'za' : undefined })}>
                  <option value="az">{t('categoriesPage.sortAz')}</option>
                  <option value="za">{t('categoriesPage.sortZa')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Stack>
            <Stack gap="1">
              <Text id="categories-view-label" fontSize="sm" fontWeight="medium">{t('categoriesPage.view')}</Text>
              <Group attached role="group" aria-labelledby="categories-view-label">
                <IconButton size="sm" variant={view === 'grid' ? 'solid' : 'outline'} colorPalette={view === 'grid' ? 'brand' : 'gray'} aria-label={t('categoriesPage.grid')} aria-pressed={view === 'grid'} onClick={() => update({ view: undefined })}>
                  <LayoutGrid />
                </IconButton>
                <IconButton size="sm" variant={view === 'list' ? 'solid' : 'outline'} colorPalette={view === 'list' ? 'brand' : 'gray'} aria-label={t('categoriesPage.list')} aria-pressed={view === 'list'} onClick={() => update({ view: 'list' })}>
                  <List />
                </IconButton>
              </Group>
            </Stack>
          </HStack>
        </Stack>

        <Text color="fg.muted" fontSize="sm" aria-live="polite" minH="5">
          {query.data ? t('categoriesPage.count', { count: sorted.length }) : ''}
        </Text>

        {query.isPending ? (
          <CardGridSkeleton count={12} height={view === 'grid' ? '80px' : '52px'} columns={view === 'grid' ? { base: 2, lg: 3, xl: 4 } : { base: 1 }} />
        ) : query.isError && !query.data ? (
          <ErrorState onRetry={() => void query.refetch()} />
        ) : sorted.length === 0 ? (
          <EmptyBlock icon={<SearchX />} title={t('categoriesPage.empty', { query: urlQuery })}
            action={<Button size="sm" variant="outline" onClick={() => { setText(''); update({ q: undefined }, true); }}>{t('categoriesPage.clear')}</Button>} />
        ) : (
          <Box opacity={query.isPlaceholderData ? 0.6 : 1} transition="opacity 0.15s">
            {view === 'grid' ? (
              <SimpleGrid as="ul" aria-label={t('categoriesPage.title')} listStyleType="none" columns={{ base: 2, lg: 3, xl: 4 }} gap="3">
                {sorted.map((c) => <li key={c.id}><CategoryCard category={c} headingLevel="h2" /></li>)}
              </SimpleGrid>
            ) : (
              <Stack as="ul" aria-label={t('categoriesPage.title')} listStyleType="none" gap="2">
                {sorted.map((c) => <li key={c.id}><CategoryCard category={c} layout="list" headingLevel="h2" /></li>)}
              </Stack>
            )}
          </Box>
        )}
      </Stack>
    </Container>
  );
}
