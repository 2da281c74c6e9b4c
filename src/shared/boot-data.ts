/**
 * Boot data: the API answers a public page needs first, sent inside its HTML so the page renders
 * without waiting for the script → API round trips (decision 012). Runs anywhere (browser, Node, Deno).
 *
 * The server (src/server/spa/document.ts) asks `bootPlan(pathname, search)` which route module and API
 * GETs a page starts with, runs those GETs in process as an anonymous caller, and writes their JSON
 * envelopes into `<script type="application/json" id="dalil-boot">` keyed by `bootKey(path)`.
 * The SPA's API client (src/lib/api-client.ts) answers a matching anonymous GET from there once.
 * A planned request the page does not make is only wasted work; one it makes that is not planned is
 * fetched as usual — so the plan can be incomplete, never wrong.
 */

import { LIMITS, PLACE_SORTS } from './constants.ts';

/** id of the `<script type="application/json">` element carrying the boot answers. */
export const BOOT_DATA_ELEMENT_ID = 'dalil-boot';

/** The boot answers: API path with query (as `bootKey` writes it) → the JSON envelope `{success, data, meta?}`. */
export type BootData = Record<string, unknown>;

/**
 * One spelling per API request: the path under the API base plus its query parameters sorted by
 * name, empty values dropped (`/public/places?sort=newest&limit=6` → `/public/places?limit=6&sort=newest`).
 */
export function bootKey(pathWithQuery: string): string {
  const [path, query = ''] = pathWithQuery.split('?', 2) as [string, string?];
  const params = [...new URLSearchParams(query)].filter(([, v]) => v !== '').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return params.length ? `${path}?${new URLSearchParams(params).toString()}` : path;
}

/** The home page's featured places (the newest), as src/app/routes/public/home.tsx shows them. */
export const HOME_FEATURED_COUNT = 6;
const SORTS = new Set<string>(PLACE_SORTS);

export interface BootPlan {
  /** Source path of the page's route module (a key of Vite's manifest), for `modulepreload`. */
  module: string;
  /** API GETs (paths under the API base, `bootKey` spelling) the page makes on arrival. */
  requests: string[];
}

const enc = encodeURIComponent;

/** The URL parameter of the list pages' "Open now" filter (`open=1`), sent to the API as `openNow=true`. */
export const OPEN_NOW_PARAM = 'open';

/** The places-list request a list page makes for its URL (mirrors PlacesBrowser: page, q, zone, category, sort, open). */
function listRequest(path: string, search: URLSearchParams, scoped: 'zone' | 'category' | null): string {
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const q = search.get('q')?.trim().slice(0, LIMITS.searchMaxLength) || '';
  const sortParam = search.get('sort') ?? '';
  const sort = SORTS.has(sortParam) ? sortParam : q ? '' : 'name-asc';
  const openNow = search.get(OPEN_NOW_PARAM) === '1' ? 'true' : '';
  const query = new URLSearchParams({ page: String(page), limit: String(LIMITS.defaultPageSize), sort, search: q, openNow });
  if (scoped !== 'zone') query.set('zoneSlug', search.get('zone') ?? '');
  if (scoped !== 'category') query.set('categorySlug', search.get('category') ?? '');
  return bootKey(`${path}?${query.toString()}`);
}

/**
 * What a public page loads first, from its language-neutral pathname (`/ar` suffix removed) and query;
 * null for pages without a plan (admin, auth, profile, map: they load their own data).
 */
export function bootPlan(pathname: string, searchString = ''): BootPlan | null {
  const search = new URLSearchParams(searchString);
  const parts = pathname.split('/').filter(Boolean).map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  const [first, second, third] = parts;
  if (parts.length === 0) {
    return {
      module: 'src/app/routes/public/home.tsx',
      requests: ['/public/categories', '/public/zones', bootKey(`/public/places?limit=${HOME_FEATURED_COUNT}&sort=newest`)],
    };
  }
  if (first === 'places' && parts.length === 1) {
    return { module: 'src/app/routes/public/places.tsx', requests: ['/public/zones', '/public/categories', listRequest('/public/places', search, null)] };
  }
  if ((first === 'places' || first === 'p') && second && !third) {
    return { module: 'src/app/routes/public/place-details.tsx', requests: [`/public/places/${enc(second)}`] };
  }
  if (first === 'categories' && parts.length === 1) {
    return { module: 'src/app/routes/public/categories.tsx', requests: ['/public/categories'] };
  }
  if (first === 'categories' && second && !third) {
    return {
      module: 'src/app/routes/public/category-places.tsx',
      requests: [`/public/categories/${enc(second)}`, '/public/zones', listRequest(`/public/categories/${enc(second)}/places`, search, 'category')],
    };
  }
  if (first === 'zones' && second && !third) {
    return {
      module: 'src/app/routes/public/zone-places.tsx',
      requests: [`/public/zones/${enc(second)}`, '/public/categories', listRequest(`/public/zones/${enc(second)}/places`, search, 'zone')],
    };
  }
  return null;
}

/** Source path of the Leaflet map module (src/components/map/map-view.tsx loads it after hydration). */
export const LEAFLET_MAP_MODULE = 'src/components/map/leaflet-map.tsx';

/**
 * Modules a map page needs beyond its plan (`modulepreload`ed by the server's renderer with the entry, so
 * the map's code is not fetched one module after another: route → Leaflet → first view): the route
 * module and the Leaflet map for `/map` and `/map/zones/{slug}` (language-neutral pathname); [] elsewhere.
 */
export function mapPageModules(pathname: string): string[] {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'map') return [];
  if (parts.length === 1) return ['src/app/routes/public/map.tsx', LEAFLET_MAP_MODULE];
  if (parts.length === 3 && parts[1] === 'zones') return ['src/app/routes/public/map-zone.tsx', LEAFLET_MAP_MODULE];
  return [];
}
