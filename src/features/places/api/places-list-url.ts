import { distanceNearOf } from '../../../lib/geolocation.ts';
import type { Lang } from '../../../lib/browser-language.ts';
import { OPEN_NOW_PARAM } from '../../../shared/boot-data.ts';
import { LIMITS, PLACE_SORTS } from '../../../shared/constants.ts';
import type { PlaceSort, PublicPlaceSort } from '../../../shared/schemas/common-schemas.ts';
import { placesQueryOptions, type PlacesScope } from './get-places.ts';

// A places list's URL and its queries, apart from ./get-places.ts: pages that only read places (home, a place's
// details) do not load the list's URL reading (and geolocation's helpers) with it.

/** What a places list's URL asks for (`PlacesBrowser`): its filters, search text, sort, "Open now" and page. */
export interface PlacesListUrl {
  /** The first page shown, ≥ 1 (`page`). */
  page: number;
  zone?: string;
  category?: string;
  /** Search text (`q`), trimmed, at most the API's length; undefined when blank. */
  q?: string;
  /** Undefined for a search ordered by relevance. */
  sort?: PublicPlaceSort;
  /** `<lat>,<lng>` when sorted by distance (decision 030). */
  near?: string;
  openNow: boolean;
}

/**
 * Reads a places list's URL (`q`, `zone`, `category`, `sort`, `near`, `open=1`, `page`); a scoped list ignores the
 * filter its scope fixes. Nearest first when the URL has `sort=distance` and a valid `near`; otherwise a search is
 * ordered by relevance unless a sort is chosen, and a plain list by name. Unknown values fall back to the defaults.
 */
export function placesListUrl(params: URLSearchParams, scope?: PlacesScope): PlacesListUrl {
  const q = params.get('q')?.trim().slice(0, LIMITS.searchMaxLength) || undefined;
  const sortParam = params.get('sort') as PlaceSort | null;
  const near = distanceNearOf(params);
  return {
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    zone: scope?.kind === 'zone' ? undefined : params.get('zone') || undefined,
    category: scope?.kind === 'category' ? undefined : params.get('category') || undefined,
    q,
    sort: near ? 'distance' : sortParam && PLACE_SORTS.includes(sortParam) ? sortParam : q ? undefined : 'name-asc',
    near,
    openNow: params.get(OPEN_NOW_PARAM) === '1',
  };
}

/** The query of page `page` of the list `url` describes, `limit` places a page. */
export const placesListPageQueryOptions = (lang: Lang, url: PlacesListUrl, page: number, limit: number, scope?: PlacesScope) =>
  placesQueryOptions(lang, {
    page, limit, sort: url.sort, near: url.near, search: url.q, zoneSlug: url.zone, categorySlug: url.category,
    ...(url.openNow ? { openNow: true } : {}),
  }, scope);

/** The first query of a places list's page: its URL's first page (`PlacesBrowser`, and the route's handle). */
export const placesListQueryOptions = (lang: Lang, params: URLSearchParams, scope?: PlacesScope, limit: number = LIMITS.defaultPageSize) => {
  const url = placesListUrl(params, scope);
  return placesListPageQueryOptions(lang, url, url.page, limit, scope);
};
