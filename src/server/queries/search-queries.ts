import type { SearchResults } from '../../shared/schemas/entity-schemas.ts';
import type { Tx } from '../db/client.ts';
import { toBuilding, toCategory, toPlaceListItem, toZone } from './mappers.ts';
import {
  BUILDING_COLUMNS, CATEGORY_COLUMNS, PLACE_COLUMNS, PLACE_FROM, ZONE_COLUMNS, type BuildingRow, type CategoryRow, type PlaceRow, type ZoneRow,
} from './columns.ts';
import { Params, run } from './sql.ts';

/**
 * The search service (one for the overlay, /public/search, the `search` parameter of every place
 * list and the admin lists). Matching happens in Postgres on the vectors of migration
 * 20260101000000 + 2000 (`search_and_paging`): normalised words, word prefixes, typo
 * alternatives from the vocabulary and Latin consonant skeletons. See public.search_query().
 *
 * Ranking of places, best first (tiers 1–2 ordered by name, 3–6 by name length, then name):
 *   1 the whole name (English or Arabic) equals the query;  2 the name starts with it;
 *   3 every word found in the name as typed (or as a word prefix);  4 … with typo alternatives;
 *   5 every word found somewhere (category, zone, building, address, phone) as typed;
 *   6 … with typo alternatives.
 * Every tier is an index-served query with a LIMIT; they run in order, lazily, so a common word
 * costs no more than a rare one.
 */

/** Relevance-ordered results stop at this position (deeper pages are empty, totals are capped). */
export const SEARCH_WINDOW = 1000;

/** What public.search_query() made of the user's text: tsquery texts and the name key. */
export interface SearchPlan {
  /** The query's words joined by single spaces (compared with places.name_key / name_ar_key). */
  key: string;
  /** Every required word as typed / derived forms, whole word or prefix. */
  typed: string;
  /** `typed` plus typo and transliteration alternatives. */
  fuzzy: string;
}

/** Recent plans by query text (see planSearch). */
const planCache = new Map<string, { plan: SearchPlan | null; at: number }>();
const PLAN_CACHE_SIZE = 2000;

/** A small time-bounded LRU: `get` returns undefined past `ttlMs`; the oldest entry goes first. */
function cached<V extends { at: number }>(cache: Map<string, V>, key: string, ttlMs: number): V | undefined {
  const hit = cache.get(key);
  if (!hit || Date.now() - hit.at >= ttlMs) return undefined;
  cache.delete(key); // refresh recency
  cache.set(key, hit);
  return hit;
}

function remember<V extends { at: number }>(cache: Map<string, V>, key: string, value: V, size: number) {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > size) cache.delete(cache.keys().next().value!);
}

/**
 * Plans a search; null when the text has no searchable word (only punctuation, emoji, spaces).
 * Plans are reused for SEARCH_CACHE_TTL_MS: typing and paging repeat the same texts, and the
 * vocabulary behind the typo alternatives changes only when places are written.
 */
export async function planSearch(tx: Tx, q: string): Promise<SearchPlan | null> {
  // Postgres text cannot hold NUL; every other character is handled by search_query()
  const text = q.replaceAll('\u0000', ' ');
  const hit = cached(planCache, text, SEARCH_CACHE_TTL_MS);
  if (hit) return hit.plan;
  const [row] = await run(tx, `select key, typed::text as typed, fuzzy::text as fuzzy from public.search_query($1)`, [text]);
  const plan = row?.key && row.typed && row.fuzzy ? { key: String(row.key), typed: String(row.typed), fuzzy: String(row.fuzzy) } : null;
  remember(planCache, text, { plan, at: Date.now() }, PLAN_CACHE_SIZE);
  return plan;
}

/** Upper bound of a byte-order prefix range: every string starting with `key` sorts below it. */
const prefixEnd = (key: string) => `${key}\u{10FFFF}`;

/**
 * Order inside the word tiers: shorter names first (closer to the query), then name. Deliberately
 * not an indexed order: walking the name index and filtering on the vector looks cheap to the
 * planner but scans most of the table when matches cluster alphabetically (all 'Starbucks …' sit
 * under S); a bitmap of the matches plus a top-N sort costs what the matches cost.
 */
const BY_LENGTH = 'length(p.name), p.name, p.id';

/** SQL of the place tiers for `plan`, as conditions on alias `p` (in ranking order). */
function placeTiers(plan: SearchPlan, params: Params) {
  // parameters are added on first use: a statement must use every parameter it sends
  const lazy = (value: string, cast = '') => {
    let ref: string | undefined;
    return () => (ref ??= params.add(value) + cast);
  };
  const key = lazy(plan.key);
  const end = lazy(prefixEnd(plan.key));
  const typed = lazy(plan.typed, '::tsquery');
  const fuzzy = lazy(plan.fuzzy, '::tsquery');
  const exact = () => `((p.name_key collate "C") = ${key()} or (p.name_ar_key collate "C") = ${key()})`;
  const prefixEn = () => `((p.name_key collate "C") >= ${key()} and (p.name_key collate "C") < ${end()})`;
  const prefixAr = () => `((p.name_ar_key collate "C") >= ${key()} and (p.name_ar_key collate "C") < ${end()})`;
  const top = () => `not ${prefixEn()} and not ${prefixAr()}`; // excludes tiers 1–3 (exact is a prefix too)
  if (plan.key.length < 2) {
    // one letter: name prefixes only, straight from the key indexes
    return {
      any: () => `(${prefixEn()} or ${prefixAr()})`,
      tiers: () => [
        { where: exact(), order: 'p.name, p.id' },
        { where: `${prefixEn()} and not ${exact()}`, order: 'p.name_key collate "C", p.id' },
        { where: `${prefixAr()} and not ${prefixEn()} and not ${exact()}`, order: 'p.name_ar_key collate "C", p.id' },
      ],
    };
  }
  return {
    /** Any match at all (for counts and explicit sorts). */
    any: () => `(${prefixEn()} or ${prefixAr()} or p.search_vector @@ ${fuzzy()})`,
    tiers: () => [
      { where: exact(), order: 'p.name, p.id' },
      { where: `${prefixEn()} and not ${exact()}`, order: 'p.name_key collate "C", p.id' },
      { where: `${prefixAr()} and not ${prefixEn()} and not ${exact()}`, order: 'p.name_ar_key collate "C", p.id' },
      { where: `p.name_vector @@ ${typed()} and ${top()}`, order: BY_LENGTH },
      { where: `p.name_vector @@ ${fuzzy()} and not p.name_vector @@ ${typed()} and ${top()}`, order: BY_LENGTH },
      { where: `p.search_vector @@ ${typed()} and not p.name_vector @@ ${fuzzy()} and ${top()}`, order: BY_LENGTH },
      {
        where: `p.search_vector @@ ${fuzzy()} and not p.search_vector @@ ${typed()} and not p.name_vector @@ ${fuzzy()} and ${top()}`,
        order: BY_LENGTH,
      },
    ],
  };
}

/** The condition "place matches the search" on alias `p` (any tier), for counts and explicit sorts. */
export function placeMatchSql(plan: SearchPlan, params: Params): string {
  return placeTiers(plan, params).any();
}

/**
 * SQL selecting `id` and `ord` (1-based rank) of the places matching `plan` and `filterSql`
 * (conditions on alias `p`, already using `params`), in relevance order, positions
 * offset+1 … offset+limit, never beyond SEARCH_WINDOW.
 */
export function rankedPlaceIdsSql(plan: SearchPlan, params: Params, filterSql: string[], offset: number, limit: number): string {
  const window = Math.min(offset + limit, SEARCH_WINDOW);
  const tiers = placeTiers(plan, params).tiers();
  const filter = filterSql.map((f) => ` and ${f}`).join('');
  const each = params.add(window);
  const branches = tiers.map(
    (t) => `(select p.id from public.places p where ${t.where}${filter} order by ${t.order} limit ${each})`,
  );
  // the page size is a literal (few distinct values): a generic plan then knows how many ids
  // the join to the full rows gets, and keeps to index lookups
  return `select id, row_number() over () as ord from (${branches.join('\n union all ')}) u
          limit ${Math.max(0, Math.trunc(window - offset))} offset ${params.add(offset)}`;
}

/**
 * Places ranked for `plan` (positions offset+1 … offset+limit), full list rows in rank order, each
 * with `name_ar_reading` (the Arabic reading of a Latin-only name, see NAME_AR_READING).
 */
export async function searchPlaces(
  tx: Tx,
  plan: SearchPlan,
  options: { filterSql?: string[]; params?: Params; offset?: number; limit: number },
): Promise<(PlaceRow & { name_ar_reading: string | null })[]> {
  const params = options.params ?? new Params();
  const offset = options.offset ?? 0;
  if (offset >= SEARCH_WINDOW) return [];
  const ids = rankedPlaceIdsSql(plan, params, options.filterSql ?? [], offset, options.limit);
  return run<PlaceRow & { name_ar_reading: string | null }>(tx, `with ranked as (${ids})
    select ${PLACE_COLUMNS}, ${NAME_AR_READING} from ranked r join ${PLACE_FROM} on p.id = r.id order by r.ord`, params);
}

/**
 * Column `name_ar_reading` of search results: the Arabic reading of a Latin-only name
 * (private.arabic_reading, migration 20260101008400: the spellings the directory's bilingual names use,
 * Kudu → كودو), computed for the rows of the page only; null when the place has an Arabic name.
 */
const NAME_AR_READING = 'case when p.name_ar is null then private.arabic_reading(p.name) end as name_ar_reading';

/** Search totals by statement and parameters. */
const countCache = new Map<string, { n: number; at: number }>();
const COUNT_CACHE_SIZE = 2000;
/** How long search plans and totals are reused (paging through results asks for them on every page). */
export const SEARCH_CACHE_TTL_MS = 60_000;

/**
 * Counts places matching `plan` and `filterSql`, up to SEARCH_WINDOW (the relevance window): the
 * count stops there, so a word found in every other place costs ~1 000 rows, not 100 000. Totals
 * are cached in this process for SEARCH_CACHE_TTL_MS (60 s) per query and filter, so the next
 * pages of a search cost only their own rows; a total may lag a just-created place by that long.
 * (Places are readable by every role; were that to change, the cache key would need the role.)
 */
export async function countSearchPlaces(tx: Tx, plan: SearchPlan, options: { filterSql?: string[]; params?: Params } = {}): Promise<number> {
  const params = options.params ?? new Params();
  const match = placeMatchSql(plan, params);
  const filter = (options.filterSql ?? []).map((f) => ` and ${f}`).join('');
  const text = `select count(*)::int as n from (select 1 from public.places p where ${match}${filter} limit ${SEARCH_WINDOW}) m`;
  const key = `${text}\u0000${JSON.stringify(params.values)}`;
  const hit = cached(countCache, key, SEARCH_CACHE_TTL_MS);
  if (hit) return hit.n;
  const [row] = await run(tx, text, params);
  const n = Number(row?.n ?? 0);
  remember(countCache, key, { n, at: Date.now() }, COUNT_CACHE_SIZE);
  return n;
}

/**
 * Forgets every cached search plan and total (called when public data changed: the response cache's
 * invalidation on Node, so a fresh answer never carries a total or typo alternatives from before
 * the change).
 */
export function clearSearchCaches(): void {
  planCache.clear();
  countCache.clear();
}

/**
 * Matching (`where`) and ranking (`order`, best first) of a small table's rows (categories, zones,
 * buildings) whose name keys are `keyCols` (stored generated columns, e.g. ['name_key',
 * 'name_ar_key']): exact name, name prefix, every word as typed, then with typo alternatives.
 * One-letter queries match name prefixes only. Conditions use `params`; run with run().
 */
export function smallTableSearch(alias: string, keyCols: string[], plan: SearchPlan, params: Params) {
  // parameters are added on first use: a statement must use every parameter it sends
  const lazy = (value: string, cast = '') => {
    let ref: string | undefined;
    return () => (ref ??= params.add(value) + cast);
  };
  const key = lazy(plan.key);
  const typed = lazy(plan.typed, '::tsquery');
  const fuzzy = lazy(plan.fuzzy, '::tsquery');
  const exact = () => keyCols.map((c) => `${alias}.${c} = ${key()}`).join(' or ');
  const prefix = () => keyCols.map((c) => `starts_with(${alias}.${c}, ${key()})`).join(' or ');
  if (plan.key.length < 2) return { where: () => `(${prefix()})`, order: () => `(${exact()}) desc` };
  return {
    where: () => `(${alias}.search_vector @@ ${fuzzy()} or ${prefix()})`,
    order: () => `(${exact()}) desc, (${prefix()}) desc, (${alias}.search_vector @@ ${typed()}) desc`,
  };
}

/**
 * Grouped search: up to `limit` categories, places, zones and buildings matching `q` (any text; at
 * most 200 characters are considered), best first. Empty groups when `q` has no searchable word.
 */
export async function searchAll(tx: Tx, q: string, limit: number): Promise<SearchResults> {
  const empty: SearchResults = { categories: [], places: [], zones: [], buildings: [] };
  const plan = await planSearch(tx, q);
  if (!plan) return empty;
  const pc = new Params();
  const c = smallTableSearch('c', ['name_key', 'name_ar_key'], plan, pc);
  const pz = new Params();
  const z = smallTableSearch('z', ['title_key', 'title_ar_key'], plan, pz);
  const pb = new Params();
  const b = smallTableSearch('b', ['name_key', 'name_ar_key'], plan, pb);
  const [categories, places, zones, buildings] = await Promise.all([
    run<CategoryRow>(tx, `select ${CATEGORY_COLUMNS}
               from public.categories c where ${c.where()} order by ${c.order()}, c.name, c.id limit ${pc.add(limit)}`, pc),
    searchPlaces(tx, plan, { limit }),
    run<ZoneRow>(tx, `select ${ZONE_COLUMNS}
               from public.zones z where ${z.where()} order by ${z.order()}, z.title, z.id limit ${pz.add(limit)}`, pz),
    run<BuildingRow & { zone_title: string; zone_title_ar: string | null; zone_slug: string }>(tx, `select ${BUILDING_COLUMNS}, z.title as zone_title, z.title_ar as zone_title_ar, z.slug as zone_slug
               from public.buildings b join public.zones z on z.id = b.zone_id
               where ${b.where()} order by ${b.order()}, b.name, b.id limit ${pb.add(limit)}`, pb),
  ]);
  return {
    categories: categories.map(toCategory),
    places: places.map(toPlaceListItem),
    zones: zones.map(toZone),
    buildings: buildings.map((r) => ({ ...toBuilding(r), zone: { id: Number(r.zone_id), title: r.zone_title, titleAr: r.zone_title_ar, slug: r.zone_slug } })),
  };
}
