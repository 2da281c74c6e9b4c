import { Box, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, LayoutGrid, MapPin, Search, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { LIMITS } from '../../../shared/constants.ts';
import type { SearchResults } from '../../../shared/schemas/entity-schemas.ts';
import { countResults } from '../result-count.ts';

/** Marks the links the arrow keys move between (see moveFocus). */
export const SEARCH_ITEM_ATTR = 'data-search-item';

/** ArrowDown/ArrowUp move focus through the result links of `container`; returns false at the top edge. */
export function moveFocus(container: HTMLElement, step: 1 | -1 | 'first' | 'last'): boolean {
  const items = [...container.querySelectorAll<HTMLElement>(`[${SEARCH_ITEM_ATTR}]`)];
  if (items.length === 0) return false;
  if (step === 'first') return items[0].focus(), true;
  if (step === 'last') return items[items.length - 1].focus(), true;
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next = index + step;
  if (next < 0) return false;
  items[Math.min(next, items.length - 1)].focus();
  return true;
}

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id}>
      <Text id={id} px="3" pt="3" pb="1" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">{title}</Text>
      <Stack as="ul" listStyleType="none" gap="0">{children}</Stack>
    </Box>
  );
}

function Item({ to, icon, title, detail, onNavigate }: { to: string; icon: ReactNode; title: string; detail?: string; onNavigate: () => void }) {
  return (
    <li>
      <Link asChild {...{ [SEARCH_ITEM_ATTR]: '' }} display="flex" gap="3" alignItems="center" px="3" py="2" borderRadius="md" textDecoration="none" color="fg"
        _hover={{ bg: 'bg.muted', textDecoration: 'none' }} _focusVisible={{ bg: 'brand.subtle', outlineOffset: '-2px' }}>
        <RouterLink to={to} onClick={onNavigate}>
          <Box color="brand.fg" flexShrink={0} aria-hidden>{icon}</Box>
          <Stack gap="0" minW="0">
            <Text fontWeight="medium" truncate>{title}</Text>
            {detail && <Text fontSize="sm" color="fg.muted" truncate>{detail}</Text>}
          </Stack>
        </RouterLink>
      </Link>
    </li>
  );
}

export interface OverlayResultsProps {
  /** The trimmed text the results belong to ('' = nothing typed yet). */
  query: string;
  data: SearchResults | undefined;
  /** Typing not yet settled (300 ms) or the request in flight. */
  pending: boolean;
  error: boolean;
  onRetry: () => void;
  /** Called when a result or 'see all' is followed (closes the overlay). */
  onNavigate: () => void;
}

/**
 * The overlay's body: up to 3 categories (/categories/{slug}), 3 places (/places/{slug}) and
 * 3 zones (/map/zones/{slug}), 'start typing' and 'no results' states, and a link to every result on /search.
 */
export function OverlayResults({ query, data, pending, error, onRetry, onNavigate }: OverlayResultsProps) {
  const { t } = useTranslation();
  const { pick, localize } = usePreferences();
  const n = LIMITS.overlayGroupSize;
  const categories = data?.categories.slice(0, n) ?? [];
  const places = data?.places.slice(0, n) ?? [];
  const zones = data?.zones.slice(0, n) ?? [];
  const total = categories.length + places.length + zones.length;
  // the same count as the /search page: results shown, "+" when a group holds more
  const count = countResults([data?.categories.length ?? 0, data?.places.length ?? 0, data?.zones.length ?? 0], n, LIMITS.overlayPlaceLimit);

  let body: ReactNode;
  if (!query) {
    body = (
      <Stack align="center" gap="2" py="8" px="4" textAlign="center" color="fg.muted">
        <Search aria-hidden />
        <Text>{t('search.startTyping')}</Text>
      </Stack>
    );
  } else if (error && !data) {
    body = <Box p="3"><ErrorState message={t('search.error')} onRetry={onRetry} /></Box>;
  } else if (!data) {
    body = (
      <HStack justify="center" py="8" color="fg.muted"><Spinner size="sm" /><Text>{t('search.searching')}</Text></HStack>
    );
  } else if (total === 0 && !pending) {
    body = (
      <Stack align="center" gap="1" py="8" px="4" textAlign="center">
        <Text fontWeight="medium">{t('search.noResults', { query })}</Text>
        <Text fontSize="sm" color="fg.muted">{t('search.noResultsHint')}</Text>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="1" pb="2" opacity={pending ? 0.6 : 1} transition="opacity 0.15s">
        {categories.length > 0 && (
          <Group id="search-overlay-categories" title={t('search.categories')}>
            {categories.map((c) => (
              <Item key={c.id} to={localize(`/categories/${c.slug}`)} icon={<LayoutGrid size={18} />} title={pick(c.name, c.nameAr)}
                detail={t('home.placesCount', { count: c.placesCount })} onNavigate={onNavigate} />
            ))}
          </Group>
        )}
        {places.length > 0 && (
          <Group id="search-overlay-places" title={t('search.places')}>
            {places.map((p) => (
              <Item key={p.id} to={localize(`/places/${p.slug}`)} icon={<Store size={18} />} title={pick(p.name, p.nameAr)}
                detail={[pick(p.category.name, p.category.nameAr), p.zone && pick(p.zone.title, p.zone.titleAr)].filter(Boolean).join(' · ')} onNavigate={onNavigate} />
            ))}
          </Group>
        )}
        {zones.length > 0 && (
          <Group id="search-overlay-zones" title={t('search.zones')}>
            {zones.map((z) => (
              <Item key={z.id} to={localize(`/map/zones/${z.slug}`)} icon={<MapPin size={18} />} title={pick(z.title, z.titleAr)}
                detail={[t('home.placesCount', { count: z.placesCount }), z.buildingsCount ? t('home.buildingsCount', { count: z.buildingsCount }) : ''].filter(Boolean).join(' · ')} onNavigate={onNavigate} />
            ))}
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="0">
      {query && pending && data && (
        <HStack px="3" pt="2" gap="2" fontSize="xs" color="fg.muted"><Spinner size="xs" /><Text>{t('search.searching')}</Text></HStack>
      )}
      {body}
      {query && (
        <Box as="ul" listStyleType="none" borderTopWidth="1px" p="1">
          <Item to={localize(`/search?q=${encodeURIComponent(query)}`)} icon={<ArrowRight size={18} className="flip-rtl" />} title={t('search.seeAll', { query })} onNavigate={onNavigate} />
        </Box>
      )}
      <Text srOnly aria-live="polite">
        {query && data && !pending ? (total === 0 ? t('search.noResults', { query }) : t(count.more ? 'search.atLeast' : 'search.resultsCount', { count: count.shown })) : ''}
      </Text>
    </Stack>
  );
}
