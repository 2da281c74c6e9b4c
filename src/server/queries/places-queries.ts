import { decodeBase64Url, encodeBase64Url } from 'hono/utils/encode';
import type { Tx } from '../db/client.ts';
import { ValidationError } from '../domain-errors.ts';
import { SERVER_FIELD_MESSAGES } from '../domain-errors.ts';
import { PLACE_COLUMNS, PLACE_FROM, type PlaceRow } from './columns.ts';
import { missingCondition } from './overview-queries.ts';
import { openNowContext, type OpenNowContext } from './open-intervals.ts';
import { countSearchPlaces, placeMatchSql, planSearch, SEARCH_WINDOW, searchPlaces, type SearchPlan } from './search-queries.ts';
import { Params, run } from './sql.ts';
import type { PlaceGap } from '../../shared/schemas/overview-schemas.ts';

import type { LatLng, PlaceSort, PublicPlaceSort } from '../../shared/schemas/common-schemas.ts';

/** Language of a list's name order: the page's language (default English). */
export type SortLang = 'en' | 'ar';

/**
 * Name sort keys per language. They must match the index expressions of migration
 * 20260101005500_language_collations.sql exactly, or the indexes do not serve the order:
 * English pages order by the English name (case/accent-insensitive ICU collation), Arabic pages by
 * the Arabic name, else the English one (Arabic ICU collation) — as Intl.Collator does in the browser.
 */
const NAME_KEY: Record<SortLang, string> = {
  en: '(p.name collate public.name_en)',
  ar: '(public.place_name_ar_order(p.name, p.name_ar) collate public.name_ar)',
};

interface SortSpec { order: string; column: string; type: string; cmp: '<' | '>' }

/**
 * Order of each explicit sort, and the column that with `id` forms its keyset (cursor). Keyed by
 * sort, with `@ar` for the Arabic name order, so a cursor of one language is refused by the other.
 */
const SORTS: Record<string, SortSpec> = {
  'name-asc': { order: `${NAME_KEY.en} asc, p.id asc`, column: NAME_KEY.en, type: 'text', cmp: '>' },
  'name-desc': { order: `${NAME_KEY.en} desc, p.id desc`, column: NAME_KEY.en, type: 'text', cmp: '<' },
  'name-asc@ar': { order: `${NAME_KEY.ar} asc, p.id asc`, column: NAME_KEY.ar, type: 'text', cmp: '>' },
  'name-desc@ar': { order: `${NAME_KEY.ar} desc, p.id desc`, column: NAME_KEY.ar, type: 'text', cmp: '<' },
  newest: { order: 'p.created_at desc, p.id desc', column: 'p.created_at', type: 'timestamptz', cmp: '<' },
  oldest: { order: 'p.created_at asc, p.id asc', column: 'p.created_at', type: 'timestamptz', cmp: '>' },
};

/** The SORTS key of `sort` in `lang` (date sorts are the same in both languages). */
function sortKey(sort: PlaceSort, lang: SortLang): string {
  return lang === 'ar' && sort.startsWith('name-') ? `${sort}@ar` : sort;
}

export interface PlaceFilter {
  categorySlug?: string;
  zoneSlug?: string;
  categoryId?: number;
  zoneId?: number;
  buildingId?: number;
  /** Only places with this gap (admin list; see missingCondition in queries/overview-queries.ts). */
  missing?: PlaceGap;
  search?: string;
  /** Only places open now (at the request's moment, in the city's time zone; decision 028). */
  openNow?: boolean;
  /** The open-now context (listPlaces reads it when `openNow` is set). */
  openAt?: OpenNowContext;
}

export interface PlacePaging {
  /** 1-based page (ignored when `cursor` is given). */
  page: number;
  /** Rows per page (1–100). */
  limit: number;
  /** Explicit order; default: relevance when searching, else name A–Z. `distance` needs `near`. */
  sort?: PublicPlaceSort;
  /** The point a `distance` list is measured from. */
  near?: LatLng;
  /** Opaque `nextCursor` of the previous page: continues after its last row (keyset paging). */
  cursor?: string;
  /** Language of the name order (see NAME_KEY); default 'en'. */
  lang?: SortLang;
}

/** Cursor = base64url JSON: ['k', sort, sort value, id] (keyset) or ['r', position] (search relevance). */
type Cursor = ['k', string, string, number] | ['r', number];

const invalidCursor = () => new ValidationError('validation_failed', { fields: { cursor: [SERVER_FIELD_MESSAGES.invalidListCursor] } });

function encodeCursor(c: Cursor): string {
  // unpadded base64url (RFC 4648 §5): the query schema allows only [A-Za-z0-9_-]
  return encodeBase64Url(new TextEncoder().encode(JSON.stringify(c)).buffer).replace(/=+$/, '');
}

function decodeCursor(text: string): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(decodeBase64Url(text)));
  } catch {
    throw invalidCursor();
  }
  if (Array.isArray(value)) {
    if (value.length === 4 && value[0] === 'k' && typeof value[1] === 'string' && Object.hasOwn(SORTS, value[1])
        && typeof value[2] === 'string' && value[2].length <= 400 && Number.isSafeInteger(value[3])) {
      if (SORTS[value[1]].type === 'timestamptz' && Number.isNaN(Date.parse(value[2]))) throw invalidCursor();
      return value as Cursor;
    }
    if (value.length === 2 && value[0] === 'r' && Number.isSafeInteger(value[1]) && value[1] >= 0 && value[1] <= SEARCH_WINDOW) {
      return value as Cursor;
    }
  }
  throw invalidCursor();
}

/** The filter as conditions on alias `p` only (slugs resolved by sub-select), so indexes on places serve them. */
function filterConditions(filter: PlaceFilter, params: Params): string[] {
  const where: string[] = [];
  if (filter.categorySlug) where.push(`p.category_id = (select c.id from public.categories c where c.slug = ${params.add(filter.categorySlug)})`);
  if (filter.zoneSlug) where.push(`p.zone_id = (select z.id from public.zones z where z.slug = ${params.add(filter.zoneSlug)})`);
  if (filter.categoryId) where.push(`p.category_id = ${params.add(filter.categoryId)}`);
  if (filter.zoneId) where.push(`p.zone_id = ${params.add(filter.zoneId)}`);
  if (filter.buildingId) where.push(`p.building_id = ${params.add(filter.buildingId)}`);
  if (filter.missing) where.push(missingCondition(filter.missing));
  if (filter.openNow && filter.openAt) where.push(openNowCondition(filter.openAt, params));
  return where;
}

/**
 * "Open now" as a condition on `p` (decision 028): an interval of the place contains this minute of
 * the week and the place's intervals are current, or the place is one of the unindexed ones the API
 * found open. A correlated EXISTS over a UNION ALL, which PostgreSQL keeps as a per-row probe (index
 * on place_open_intervals (place_id) include (minutes)): an ordered walk (name, date, distance,
 * search) stops after the page's rows instead of first collecting every open place, which costs
 * ~30 ms at 100 000 places whatever the page (decision 028, amended 2026-11-26). Totals do not use
 * it where counters answer (openNowTotalSql).
 */
function openNowCondition(at: OpenNowContext, params: Params): string {
  return `exists (select 1 from private.place_open_intervals i
                  where i.place_id = p.id and i.minutes @> ${params.add(at.minute)}::int and p.id <> all(${params.add(at.unindexedIds)}::bigint[])
                  union all
                  select 1 where p.id = any(${params.add(at.openIds)}::bigint[]))`;
}

/**
 * Exact number of places open now in a category and/or zone (or all), without visiting them
 * (decision 028, amended 2026-11-26): the counters of private.place_open_counts summed up to this
 * minute of the week (the intervals containing it; a place's intervals are disjoint), minus the
 * unindexed places whose intervals it may still see (a reindex that committed after the context
 * was read), plus the unindexed places found open. `category`/`zone` are SQL expressions of the
 * ids (-1 = all) already bound in `params`; `filter` the list's conditions on `p`.
 */
function openNowTotalSql(at: OpenNowContext, category: string, zone: string, filter: string[], params: Params): string {
  const minute = `${params.add(at.minute)}::int`;
  const match = filter.length ? `and ${filter.join(' and ')}` : '';
  return `select (coalesce((select sum(k.change) from private.place_open_counts k
                            where k.category_id = ${category} and k.zone_id = ${zone} and k.minute <= ${minute}), 0)
          - (select count(*) from public.places p where p.id = any(${params.add(at.unindexedIds)}::bigint[]) ${match}
               and exists (select 1 from private.place_open_intervals i where i.place_id = p.id and i.minutes @> ${minute}))
          + (select count(*) from public.places p where p.id = any(${params.add(at.openIds)}::bigint[]) ${match}))::bigint as n`;
}

/**
 * Exact total of an unsearched list. Category/zone filters (or none) read one row of the counters
 * kept by trigger (private.place_counts, with roll-ups: -1 = all), and with `openNow` the open-now
 * counters (openNowTotalSql); building and owner filters count their (small, index-served) sets.
 */
async function countPlaces(tx: Tx, filter: PlaceFilter): Promise<number> {
  const params = new Params();
  if (filter.buildingId || filter.missing) {
    const where = filterConditions(filter, params);
    const [row] = await run(tx, `select count(*)::int as n from public.places p where ${where.join(' and ')}`, params, { prepare: !filter.openNow });
    return Number(row?.n ?? 0);
  }
  const category = filter.categoryId
    ? params.add(filter.categoryId)
    : filter.categorySlug ? `(select c.id from public.categories c where c.slug = ${params.add(filter.categorySlug)})` : '-1';
  const zone = filter.zoneId
    ? params.add(filter.zoneId)
    : filter.zoneSlug ? `(select z.id from public.zones z where z.slug = ${params.add(filter.zoneSlug)})` : '-1';
  // both an id and a slug for the same dimension: the id wins the counter, the slug still filters
  // the rows (a mismatch lists nothing), so count 0 then
  const conflict = (filter.categoryId && filter.categorySlug) || (filter.zoneId && filter.zoneSlug);
  if (conflict) {
    const where = filterConditions(filter, params);
    const [row] = await run(tx, `select count(*)::int as n from public.places p where ${where.join(' and ')}`, params, { prepare: !filter.openNow });
    return Number(row?.n ?? 0);
  }
  if (filter.openNow && filter.openAt) {
    const match = filterConditions({ ...filter, openNow: false }, params);
    const [row] = await run(tx, openNowTotalSql(filter.openAt, category, zone, match, params), params);
    return Number(row?.n ?? 0);
  }
  const [row] = await run(tx, `select coalesce((select k.n from private.place_counts k where k.category_id = ${category} and k.zone_id = ${zone}), 0)::bigint as n`, params);
  return Number(row?.n ?? 0);
}

/** Mean earth radius in metres (IUGG), for great-circle distances. */
const EARTH_RADIUS_M = 6_371_008.8;

/**
 * A point as its unit vector on the sphere, as a cube (extension `cube`, schema `extensions`).
 * With the place's columns (guarded against NULL, see listPlacesByDistance) it must stay identical to the index expression of migration
 * 20260101006100_near_me.sql, or the GiST index stops serving the distance order.
 */
const unitVectorSql = (lat: string, lng: string) => `extensions.cube(array[
    cos(radians(${lat})) * cos(radians(${lng})),
    cos(radians(${lat})) * sin(radians(${lng})),
    sin(radians(${lat}))
  ]::double precision[])`;

/**
 * One page of places nearest `near` first (listPlaces with sort=distance): a GiST KNN scan over the
 * unit vectors (chord order = great-circle order), places without coordinates last; each row with
 * `distance_m` (whole metres, null without coordinates). `page` paging only (no cursor).
 */
async function listPlacesByDistance(
  tx: Tx, filter: PlaceFilter, paging: PlacePaging & { near: LatLng }, plan: SearchPlan | null,
): Promise<{ rows: PlaceRow[]; total: number; nextCursor: null }> {
  if (paging.cursor) throw invalidCursor();
  const limit = Math.trunc(paging.limit);
  const offset = (paging.page - 1) * limit;
  const params = new Params();
  const where = filterConditions(filter, params);
  let totalPromise: Promise<number>;
  if (plan) {
    const countParams = new Params();
    totalPromise = countSearchPlaces(tx, plan, { filterSql: filterConditions(filter, countParams), params: countParams });
    if (offset >= SEARCH_WINDOW) return { rows: [], total: await totalPromise, nextCursor: null };
    where.push(placeMatchSql(plan, params));
  } else {
    totalPromise = countPlaces(tx, filter);
  }
  const target = unitVectorSql(`${params.add(paging.near.lat)}::float8`, `${params.add(paging.near.lng)}::float8`);
  // places without coordinates have no vector (cube() refuses NULL elements): NULL, listed last
  const placePoint = `case when p.latitude is not null and p.longitude is not null then ${unitVectorSql('p.latitude', 'p.longitude')} end`;
  const chord = `(${placePoint} operator(extensions.<->) ${target})`;
  const ids = `select p.id, ${chord} as chord from public.places p ${where.length ? `where ${where.join(' and ')}` : ''}
               order by ${chord} limit ${limit} offset ${params.add(offset)}`;
  const [rows, total] = await Promise.all([
    run<PlaceRow & { distance_m: number | null }>(tx, `with page as (${ids})
       select ${PLACE_COLUMNS},
              round(2 * ${EARTH_RADIUS_M} * asin(case when page.chord > 2 then 1 else page.chord / 2 end))::int as distance_m
       from page join ${PLACE_FROM} on p.id = page.id
       order by page.chord nulls last, p.id`, params, { prepare: !plan }),
    totalPromise,
  ]);
  return { rows, total, nextCursor: null };
}

/**
 * One page of places matching `filter`, plus the total and, when more rows follow, `nextCursor`.
 *
 * Order: `paging.sort`, else relevance when `filter.search` is set (see queries/search-queries.ts), else
 * name A–Z; name orders follow `paging.lang` (see NAME_KEY). Pages are index-served at any depth: `page` reads only ids from an index (deferred
 * join) and `cursor` continues from the previous page's last row (keyset) at constant cost.
 * Searches are capped at SEARCH_WINDOW (1000) results: `total` is then at most 1000 and later
 * pages are empty. Text that has no searchable word (only punctuation or emoji) matches nothing.
 * `sort=distance` orders by great-circle distance from `paging.near` (rows carry `distance_m`; see
 * listPlacesByDistance). Throws ValidationError (400, `fields.cursor`) for a malformed cursor or one from
 * another sort, (`fields.near`) for sort=distance without `near`.
 */
export async function listPlaces(
  tx: Tx,
  filter: PlaceFilter,
  paging: PlacePaging,
): Promise<{ rows: PlaceRow[]; total: number; nextCursor: string | null }> {
  const cursor = paging.cursor ? decodeCursor(paging.cursor) : null;
  if (filter.openNow && !filter.openAt) filter = { ...filter, openAt: await openNowContext(tx) };
  const plan = filter.search ? await planSearch(tx, filter.search) : null;
  if (filter.search && !plan) return { rows: [], total: 0, nextCursor: null };
  if (paging.sort === 'distance') {
    if (!paging.near) throw new ValidationError('validation_failed', { fields: { near: [SERVER_FIELD_MESSAGES.nearRequired] } });
    return listPlacesByDistance(tx, filter, { ...paging, near: paging.near }, plan);
  }
  const limit = paging.limit;
  const params = new Params();
  const where = filterConditions(filter, params);

  if (plan && !paging.sort) {
    if (cursor && cursor[0] !== 'r') throw invalidCursor();
    const offset = cursor ? cursor[1] : (paging.page - 1) * limit;
    const countParams = new Params();
    const [rows, total] = await Promise.all([
      searchPlaces(tx, plan, { filterSql: where, params, offset, limit }),
      countSearchPlaces(tx, plan, { filterSql: filterConditions(filter, countParams), params: countParams }),
    ]);
    const next = offset + rows.length;
    return { rows, total, nextCursor: rows.length === limit && next < Math.min(total, SEARCH_WINDOW) ? encodeCursor(['r', next]) : null };
  }

  const sort = sortKey((paging.sort as PlaceSort | undefined) ?? 'name-asc', paging.lang ?? 'en');
  const spec = SORTS[sort];
  let offset = (paging.page - 1) * limit;
  if (cursor) {
    if (cursor[0] !== 'k' || cursor[1] !== sort) throw invalidCursor();
    // the value travels as text: a timestamptz parameter would go through a JS Date (milliseconds)
    where.push(`(${spec.column}, p.id) ${spec.cmp} ((${params.add(cursor[2])}::text)::${spec.type}, ${params.add(cursor[3])}::bigint)`);
    offset = 0;
  }
  let totalPromise: Promise<number>;
  if (plan) {
    // the count has its own parameters: the filter's conditions must be numbered in them
    const countParams = new Params();
    totalPromise = countSearchPlaces(tx, plan, { filterSql: filterConditions(filter, countParams), params: countParams });
    if (offset >= SEARCH_WINDOW && !cursor) return { rows: [], total: await totalPromise, nextCursor: null };
    where.push(placeMatchSql(plan, params));
  } else {
    totalPromise = countPlaces(tx, filter);
  }
  // ids first, from the index that serves the order (index-only when the filter allows), then the
  // full rows of just this page
  const ids = `select p.id from public.places p ${where.length ? `where ${where.join(' and ')}` : ''}
               order by ${spec.order} limit ${Math.trunc(limit) + 1} offset ${params.add(offset)}`;
  // a search in an explicit order is planned with its words: walking the order's index suits a
  // common word, a bitmap of the matches a rare one
  const [rows, total] = await Promise.all([
    run<PlaceRow & { sort_value?: string | null }>(tx, `with page as (${ids})
       select ${PLACE_COLUMNS}, to_jsonb(${spec.column}) #>> '{}' as sort_value
       from page join ${PLACE_FROM} on p.id = page.id order by ${spec.order}`, params, { prepare: !plan }),
    totalPromise,
  ]);
  const more = rows.length > limit;
  const pageRows = more ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  const nextCursor = more && last ? encodeCursor(['k', sort, String(last.sort_value ?? ''), Number(last.id)]) : null;
  for (const row of pageRows) delete row.sort_value;
  return { rows: pageRows, total, nextCursor };
}

/** One place by slug with category, zone and building; undefined when absent. */
export async function getPlaceBySlug(tx: Tx, slug: string): Promise<PlaceRow | undefined> {
  const rows = await run<PlaceRow>(tx, `select ${PLACE_COLUMNS} from ${PLACE_FROM} where p.slug = $1`, [slug]);
  return rows[0];
}

/** Most related places a place detail shows (the response cache's tags rely on it: http/cache-tags.ts). */
export const RELATED_PLACES_LIMIT = 6;

/**
 * Up to `limit` other places in the same category as the place `slug`, those in the same zone
 * first, each group by name; [] when there is no such place. The place is looked up by slug inside
 * the statement, so it can run together with getPlaceBySlug (one round trip). Two index-ordered
 * reads ((category_id, zone_id, name, id) and (category_id, name, id)), so the cost does not grow
 * with the size of the category.
 */
export async function relatedPlaces(tx: Tx, slug: string, limit = RELATED_PLACES_LIMIT) {
  const n = Math.max(1, Math.trunc(limit)); // a literal, so the generic plan knows the row count
  // scalar sub-selects (init plans) rather than a join: the place's values become parameters of
  // index scans that deliver rows already in name order
  const category = '(select x.category_id from public.places x where x.slug = $1)';
  const zone = '(select x.zone_id from public.places x where x.slug = $1)';
  return run<PlaceRow>(tx,
    `with related as (
       (select p.id, 1 as grp, p.name from public.places p
         where p.category_id = ${category} and p.zone_id = ${zone} and p.slug <> $1 order by p.name, p.id limit ${n})
       union all
       (select p.id, 2, p.name from public.places p
         where p.category_id = ${category} and p.zone_id is distinct from ${zone} and p.slug <> $1 order by p.name, p.id limit ${n})
     )
     select ${PLACE_COLUMNS} from (select * from related order by grp, name, id limit ${n}) r
     join ${PLACE_FROM} on p.id = r.id order by r.grp, r.name, r.id`,
    [slug],
  );
}
