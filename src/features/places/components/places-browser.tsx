import { Alert, Box, Button, chakra, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQueries } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Deferred } from '../../../components/ui/deferred.tsx';
import { PlainInput } from '../../../components/ui/plain-input.tsx';
import { PlainNativeSelect } from '../../../components/ui/plain-native-select.tsx';
import { CardGridSkeleton, EmptyBlock, ErrorState } from '../../../components/ui/query-states.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { LIMITS } from '../../../shared/constants.ts';
import type { Category, Zone } from '../../../shared/schemas/entity-schemas.ts';
import type { PlaceSort, PlacesScope } from '../api/get-places.ts';
import { placesListPageQueryOptions, placesListUrl } from '../api/places-list-url.ts';
import { PLACE_SORTS } from '../../../shared/constants.ts';
import { PlaceCard } from './place-card.tsx';
import { NearMeControl } from './near-me-control.tsx';
import type { PublicPlaceSort } from '../../../shared/schemas/common-schemas.ts';
import { OPEN_NOW_PARAM } from '../../../shared/boot-data.ts';
import { useClampedPage } from '../../../lib/use-clamped-page.ts';

const SORTS: readonly PlaceSort[] = PLACE_SORTS;
const SORT_LABEL: Record<PublicPlaceSort | 'relevance', string> = { distance: 'nearMe.sortDistance', relevance: 'places.sortRelevance', 'name-asc': 'places.sortNameAsc', 'name-desc': 'places.sortNameDesc', newest: 'places.sortNewest', oldest: 'places.sortOldest' };

/** The search box of the list: typing updates `q` in the URL 300 ms after the last keystroke (replacing the entry). */
function SearchField({ value, onChange }: { value: string; onChange: (q: string | undefined) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text, LIMITS.searchDelayMs);
  useEffect(() => {
    if (settled.trim() !== value) onChange(settled.trim() || undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  useEffect(() => {
    if (text.trim() !== value) setText(value); // the URL changed elsewhere (back button, a link)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <Field label={t('places.search')} id="filter-search">
      <PlainInput id="filter-search" size="sm" type="search" value={text} maxLength={LIMITS.searchMaxLength} placeholder={t('places.searchPlaceholder')} onChange={(e) => setText(e.target.value)} />
    </Field>
  );
}

export interface PlacesBrowserProps {
  /** Restricts the list to one category or zone (then that filter is hidden). */
  scope?: PlacesScope;
  zones?: Zone[];
  categories?: Category[];
  pageSize?: number;
  /** Heading level of the cards' names: h2 under a page's h1 (default), h3 inside an h2 section. */
  cardHeadingLevel?: 'h2' | 'h3';
}

/** Cards rendered with the first paint; the rest follow right after it (Deferred, decision 012). */
const FIRST_CARDS = 3;

/**
 * The places list: zone/category filters, sort, Prev/Next with 'Page X of Y', Load more
 * (appends the following pages), the network-issue notice when some pages failed, and the empty state.
 * Filters, search text, sort, "Open now" and page live in the URL (`q`, `zone`, `category`, `sort`, `open=1`, `page`) so lists
 * are shareable and the back button works. A search is ordered by relevance unless a sort is chosen.
 */
export function PlacesBrowser({ scope, zones, categories, pageSize = LIMITS.defaultPageSize, cardHeadingLevel = 'h2' }: PlacesBrowserProps) {
  const { t } = useTranslation();
  const { lang, pick } = usePreferences();
  const [params, setParams] = useSearchParams();
  const url = placesListUrl(params, scope);
  const { page, zone, category, q, sort, near, openNow } = url;
  const defaultSort = q ? 'relevance' : 'name-asc';
  // "Open now" (`open=1` in the URL, so the filtered list is shareable and kept while paging):
  // the box follows the click at once, before the URL's navigation (a transition) has the filtered list;
  // the URL stays the source of truth (back/forward, a shared link)
  const [openChecked, setOpenChecked] = useState(openNow);
  useEffect(() => setOpenChecked(openNow), [openNow]);
  const [extraPages, setExtraPages] = useState(0);
  useEffect(() => setExtraPages(0), [page, zone, category, sort, near, q, openNow, scope?.slug]);

  const pages = Array.from({ length: extraPages + 1 }, (_, i) => page + i);
  const results = useQueries({ queries: pages.map((p) => placesListPageQueryOptions(lang, url, p, pageSize, scope)) });
  const first = results[0];
  const total = first.data?.meta.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const items = results.flatMap((r) => r.data?.data ?? []);
  const someFailed = results.some((r) => r.isError) && items.length > 0;
  const lastShown = page + extraPages;

  const update = (changes: Record<string, string | undefined>, resetPage = true, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) (v ? next.set(k, v) : next.delete(k));
    if (resetPage) next.delete('page');
    setParams(next, { replace });
  };
  useClampedPage(page, pageCount, first.isSuccess && !first.isPlaceholderData, (p) => update({ page: p > 1 ? String(p) : undefined }, false, true));
  const goToPage = (p: number) => {
    update({ page: p > 1 ? String(p) : undefined }, false);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <Stack gap="5">
      <NearMeControl />
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'end' }} wrap="wrap" role="search" aria-label={t('places.filters')}>
        <SearchField value={q ?? ''} onChange={(text) => update({ q: text }, true, true)} />
        {scope?.kind !== 'zone' && (
          <Field label={t('places.zone')} id="filter-zone">
            <PlainNativeSelect.Root size="sm">
              <PlainNativeSelect.Field id="filter-zone" value={zone ?? ''} onChange={(e) => update({ zone: e.target.value || undefined })}>
                <option value="">{t('places.allZones')}</option>
                {zones?.map((z) => <option key={z.slug} value={z.slug}>{pick(z.title, z.titleAr)}</option>)}
              </PlainNativeSelect.Field>
              <PlainNativeSelect.Indicator />
            </PlainNativeSelect.Root>
          </Field>
        )}
        {scope?.kind !== 'category' && (
          <Field label={t('places.category')} id="filter-category">
            <PlainNativeSelect.Root size="sm">
              <PlainNativeSelect.Field id="filter-category" value={category ?? ''} onChange={(e) => update({ category: e.target.value || undefined })}>
                <option value="">{t('places.allCategories')}</option>
                {categories?.map((c) => <option key={c.slug} value={c.slug}>{pick(c.name, c.nameAr)}</option>)}
              </PlainNativeSelect.Field>
              <PlainNativeSelect.Indicator />
            </PlainNativeSelect.Root>
          </Field>
        )}
        <Field label={t('places.sort')} id="filter-sort">
          <PlainNativeSelect.Root size="sm">
            <PlainNativeSelect.Field id="filter-sort" value={sort ?? 'relevance'} onChange={(e) => update({ sort: e.target.value === defaultSort ? undefined : e.target.value, near: undefined })}>
              {[...(q ? (['relevance', ...SORTS] as const) : SORTS), ...(near ? (['distance'] as const) : [])].map((s) => <option key={s} value={s}>{t(SORT_LABEL[s])}</option>)}
            </PlainNativeSelect.Field>
            <PlainNativeSelect.Indicator />
          </PlainNativeSelect.Root>
        </Field>
        <chakra.label display="inline-flex" alignItems="center" gap="2" fontSize="sm" fontWeight="medium" minH="8" cursor="pointer">
          <chakra.input
            type="checkbox" id="filter-open-now" checked={openChecked} boxSize="4" accentColor="colorPalette.solid" colorPalette="brand"
            onChange={(e) => {
              setOpenChecked(e.target.checked);
              update({ [OPEN_NOW_PARAM]: e.target.checked ? '1' : undefined });
            }}
          />
          {t('places.openNowFilter')}
        </chakra.label>
        {first.data && (
          <Text color="fg.muted" fontSize="sm" ms={{ md: 'auto' }} aria-live="polite">
            {t('places.results', { count: total })}
          </Text>
        )}
      </Stack>

      {someFailed && (
        <Alert.Root status="warning" borderRadius="lg" alignItems="center">
          <Alert.Indicator />
          <Alert.Title flex="1">{t('places.networkIssue')}</Alert.Title>
          <Button size="xs" variant="outline" onClick={() => results.forEach((r) => r.isError && void r.refetch())}>{t('app.retry')}</Button>
        </Alert.Root>
      )}

      {first.isPending ? (
        <CardGridSkeleton count={pageSize} />
      ) : first.isError && !first.data ? (
        <ErrorState message={t('places.loadError')} onRetry={() => void first.refetch()} />
      ) : items.length === 0 ? (
        <EmptyBlock icon={<SearchX />} title={t('places.empty')} />
      ) : (
        <SimpleGrid as="ul" aria-label={t('sections.places')} listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="4" opacity={first.isPlaceholderData ? 0.6 : 1}>
          {items.slice(0, FIRST_CARDS).map((p) => (
            <Box as="li" key={p.id}>
              <PlaceCard place={p} headingLevel={cardHeadingLevel} />
            </Box>
          ))}
          <Deferred>
            {items.slice(FIRST_CARDS).map((p) => (
              <Box as="li" key={p.id}>
                <PlaceCard place={p} headingLevel={cardHeadingLevel} />
              </Box>
            ))}
          </Deferred>
        </SimpleGrid>
      )}
      {results.slice(1).some((r) => r.isPending) && <CardGridSkeleton count={3} />}

      {first.data && total > 0 && (
        <Stack align="center" gap="4" pt="2">
          {lastShown < pageCount && (
            <Button variant="outline" onClick={() => setExtraPages((n) => n + 1)} loading={results.some((r) => r.isFetching)}>
              {t('places.loadMore')}
            </Button>
          )}
          <HStack as="nav" aria-label={t('places.pagination')} gap="3">
            <Button size="sm" variant="ghost" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
              <ChevronLeft className="flip-rtl" aria-hidden /> {t('places.prev')}
            </Button>
            <Text fontSize="sm">{t('places.pageOf', { page: extraPages ? `${page}–${lastShown}` : page, pages: pageCount })}</Text>
            <Button size="sm" variant="ghost" disabled={lastShown >= pageCount} onClick={() => goToPage(lastShown + 1)}>
              {t('places.next')} <ChevronRight className="flip-rtl" aria-hidden />
            </Button>
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}

function Field({ label, id, children }: { label: string; id: string; children: React.ReactNode }) {
  return (
    <Stack gap="1" minW={{ md: '48' }}>
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">{label}</chakra.label>
      {children}
    </Stack>
  );
}
