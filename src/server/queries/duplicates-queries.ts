import type { Tx } from '../db/client.ts';
import { NotFoundError } from '../domain-errors.ts';
import {
  DUPLICATE_LIMITS, MERGE_FIELDS, type DuplicateCandidate, type DuplicatePair, type DuplicatesQuery, type MergeResult,
} from '../../shared/schemas/duplicates-schemas.ts';

/**
 * SQL of likely duplicates (docs/decisions/023-duplicates.md, migration 20260101006200): the check of a
 * new place against the approved ones, the pairs of the whole directory, the merge of two places and
 * the slug redirects merges leave. Names are compared as the search keys them (private.search_key:
 * search_normalize, words joined by spaces; stored in name_key / name_ar_key) with pg_trgm similarity;
 * phones by their digit forms (private.phone_forms). The pairs of the whole directory are kept in
 * public.place_duplicate_pairs by triggers (migration 20260101007300, decision 033). Run as the
 * caller's role (RLS).
 */

type Row = Record<string, unknown>;

/** Earth radius (m) of the haversine distances below. */
const EARTH_RADIUS_M = 6_371_000;
/** Degrees of latitude in `DUPLICATE_LIMITS.radiusM` metres (with a margin: the box is cut by the exact distance after). */
const RADIUS_DEG = (DUPLICATE_LIMITS.radiusM / 111_000) * 1.05;

const num = (v: unknown) => (v == null ? null : Number(v));
const reasonsOf = (row: Row): DuplicateCandidate['reasons'] => [
  ...(row.by_name ? ['name' as const] : []), ...(row.by_phone ? ['phone' as const] : []),
];

/**
 * Approved places likely the same as the one described: a name key similar (≥ DUPLICATE_LIMITS.similarity,
 * either name against either name) within DUPLICATE_LIMITS.radiusM metres, or a phone form in common.
 * Most similar and nearest first, at most DUPLICATE_LIMITS.maxCandidates. Served by the latitude btree
 * (bounding box) and the phone-forms GIN index.
 */
export async function findDuplicateCandidates(tx: Tx, q: DuplicatesQuery): Promise<DuplicateCandidate[]> {
  const lat = q.latitude ?? null;
  const lng = q.longitude ?? null;
  const dLng = lat == null ? 0 : RADIUS_DEG / Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  const rows = await tx`
    with q as (
      select nullif(private.search_key(${q.name ?? null}::text), '') as k,
             nullif(private.search_key(${q.nameAr ?? null}::text), '') as ka,
             private.phone_forms(${q.phone ?? null}::text) as pf
    ),
    c as (
      select p.id, p.slug, p.name, p.name_ar, p.latitude, p.longitude, p.phone, p.name_key, p.name_ar_key
      from public.places p
      where ${lat}::float8 is not null
        and p.latitude between ${lat}::float8 - ${RADIUS_DEG}::float8 and ${lat}::float8 + ${RADIUS_DEG}::float8
        and p.longitude between ${lng}::float8 - ${dLng}::float8 and ${lng}::float8 + ${dLng}::float8
      union
      select p.id, p.slug, p.name, p.name_ar, p.latitude, p.longitude, p.phone, p.name_key, p.name_ar_key
      from public.places p, q
      where q.pf <> '{}' and p.phone is not null and private.phone_forms(p.phone) && q.pf
    ),
    s as (
      select c.*,
        case when ${lat}::float8 is null or c.latitude is null or c.longitude is null then null
             else round(2 * ${EARTH_RADIUS_M}::float8 * asin(sqrt(
               power(sin(radians(c.latitude - ${lat}::float8) / 2), 2)
               + cos(radians(${lat}::float8)) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - ${lng}::float8) / 2), 2))))
        end as distance_m,
        greatest(
          coalesce(extensions.similarity(c.name_key, q.k), 0), coalesce(extensions.similarity(nullif(c.name_ar_key, ''), q.k), 0),
          coalesce(extensions.similarity(c.name_key, q.ka), 0), coalesce(extensions.similarity(nullif(c.name_ar_key, ''), q.ka), 0)
        ) as sim,
        (q.pf <> '{}' and c.phone is not null and private.phone_forms(c.phone) && q.pf) as by_phone
      from c, q
      where c.id is distinct from ${q.excludeId ?? null}::bigint
    )
    select *, (distance_m <= ${DUPLICATE_LIMITS.radiusM} and sim >= ${DUPLICATE_LIMITS.similarity}) is true as by_name
    from s
    where by_phone or (distance_m <= ${DUPLICATE_LIMITS.radiusM} and sim >= ${DUPLICATE_LIMITS.similarity})
    order by by_name desc, sim desc, distance_m nulls last, id
    limit ${DUPLICATE_LIMITS.maxCandidates}`;
  return rows.map((r) => ({
    id: Number(r.id), slug: String(r.slug), name: String(r.name), nameAr: (r.name_ar as string | null) ?? null,
    distanceM: num(r.distance_m), similarity: r.by_name ? Math.round(Number(r.sim) * 100) / 100 : null, reasons: reasonsOf(r),
  }));
}

/**
 * One page of the directory's likely duplicate pairs (a.id < b.id) and their total, read from
 * public.place_duplicate_pairs — the pairs kept by triggers on places (migration 20260101007300,
 * docs/decisions/033-duplicate-pairs-table.md): similar name keys within DUPLICATE_LIMITS.radiusM
 * metres, or a phone form in common. Pairs with both reasons first, then most similar first
 * (the table's order index), then by ids. Admins only (RLS: others see no pairs).
 */
export async function listDuplicatePairs(tx: Tx, paging: { page: number; limit: number }): Promise<{ rows: DuplicatePair[]; total: number }> {
  const total = await countDuplicatePairs(tx);
  const rows = await tx`
    select d.place_a as a_id, d.place_b as b_id, d.distance_m, d.similarity as sim, d.by_name, d.by_phone,
      a.slug as a_slug, a.name as a_name, a.name_ar as a_name_ar, b.slug as b_slug, b.name as b_name, b.name_ar as b_name_ar
    from public.place_duplicate_pairs d
      join public.places a on a.id = d.place_a join public.places b on b.id = d.place_b
    order by (d.by_name and d.by_phone) desc, d.similarity desc nulls last, d.place_a, d.place_b
    limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}`;
  return {
    total,
    rows: rows.map((r) => ({
      a: { id: Number(r.a_id), slug: String(r.a_slug), name: String(r.a_name), nameAr: (r.a_name_ar as string | null) ?? null },
      b: { id: Number(r.b_id), slug: String(r.b_slug), name: String(r.b_name), nameAr: (r.b_name_ar as string | null) ?? null },
      distanceM: num(r.distance_m), similarity: r.sim == null ? null : Math.round(Number(r.sim) * 100) / 100, reasons: reasonsOf(r),
    })),
  };
}

/**
 * How many likely duplicate pairs the directory has (the total of listDuplicatePairs): a count of the
 * maintained pairs table, exact at any size (the admin overview's figure, decision 033).
 */
export async function countDuplicatePairs(tx: Tx): Promise<number> {
  const [row] = await tx<{ count: number }[]>`select count(*)::int as count from public.place_duplicate_pairs`;
  return row!.count;
}

const isEmpty = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '');

/**
 * Merges place `removeId` into `keepId`: every MERGE_FIELDS field empty on the kept place and set on the
 * removed one moves over (latitude and longitude together), the removed place is deleted, and its slug
 * (and the slugs that already redirected to it) redirect to the kept place. The update and the delete are
 * recorded by the history triggers. 404 place_not_found when either place is missing.
 */
export async function mergePlaces(tx: Tx, keepId: number, removeId: number): Promise<MergeResult> {
  const columns = ['id', 'slug', ...Object.values(MERGE_FIELDS)];
  const found = await tx`select ${tx(columns)} from public.places where id in (${keepId}, ${removeId}) order by id for update`;
  const keep = found.find((r) => Number(r.id) === keepId);
  const remove = found.find((r) => Number(r.id) === removeId);
  if (!keep || !remove) throw new NotFoundError('place_not_found');

  const changes: Record<string, unknown> = {};
  const moved: string[] = [];
  for (const [field, column] of Object.entries(MERGE_FIELDS)) {
    if (column === 'latitude' || column === 'longitude') continue;
    if (isEmpty(keep[column]) && !isEmpty(remove[column])) { changes[column] = remove[column]; moved.push(field); }
  }
  if ((keep.latitude == null || keep.longitude == null) && remove.latitude != null && remove.longitude != null) {
    changes.latitude = remove.latitude; changes.longitude = remove.longitude; moved.push('latitude', 'longitude');
  }
  // the removed place goes first: its slug and unique identities must be free before the kept one changes
  await tx`update public.place_slug_redirects set place_id = ${keepId} where place_id = ${removeId}`;
  await tx`delete from public.places where id = ${removeId}`;
  if (moved.length) await tx`update public.places set ${tx(changes, Object.keys(changes))} where id = ${keepId}`;
  await tx`
    insert into public.place_slug_redirects (old_slug, place_id) values (${String(remove.slug)}, ${keepId})
    on conflict (old_slug) do update set place_id = excluded.place_id, created_at = now()`;
  return { keepId, slug: String(keep.slug), removedSlug: String(remove.slug), moved };
}

/** The slug a merged-away slug now redirects to, or undefined (served by the redirects' primary key). */
export async function redirectedPlaceSlug(tx: Tx, slug: string): Promise<string | undefined> {
  const [row] = await tx`
    select p.slug from public.place_slug_redirects r join public.places p on p.id = r.place_id where r.old_slug = ${slug}`;
  return row ? String(row.slug) : undefined;
}
