import type { Tx } from '../db/client.ts';
import { countDuplicatePairs } from './duplicates-queries.ts';
import { ZONE_RADIUS_M, type Overview, type PlaceGap } from '../../shared/schemas/overview-schemas.ts';

/**
 * SQL of the admin overview (GET /admin/overview): one query per figure, run as the caller (admins
 * read every place under RLS). Distances: equirectangular approximation (metres), good to well under
 * 1 % at a city's scale.
 */

/** Places per category, most first. */
export async function placesPerCategory(tx: Tx): Promise<Overview['perCategory']> {
  return tx<Overview['perCategory']>`
    select c.id::int as id, c.name, c.name_ar as "nameAr", count(p.id)::int as count
    from public.categories c left join public.places p on p.category_id = c.id
    group by c.id order by count desc, c.name`;
}

/** Places per zone, most first; places without a zone in one bucket with id null. */
export async function placesPerZone(tx: Tx): Promise<Overview['perZone']> {
  return tx<Overview['perZone']>`
    select z.id::int as id, coalesce(z.title, '') as name, z.title_ar as "nameAr", count(*)::int as count
    from public.places p left join public.zones z on z.id = p.zone_id
    group by z.id order by count desc, name`;
}

/** Pending requests: count, age of the oldest and median age in hours (null when none). */
export async function pendingAges(tx: Tx): Promise<Overview['pending']> {
  const [row] = await tx<{ count: number; oldest: number | null; median: number | null }[]>`
    select count(*)::int as count,
           extract(epoch from now() - min(created_at)) / 3600 as oldest,
           percentile_cont(0.5) within group (order by extract(epoch from now() - created_at)) / 3600 as median
    from public.place_requests where status = 'pending'`;
  const round = (v: number | null) => (v == null ? null : Math.round(Number(v) * 10) / 10);
  return { count: row!.count, oldestHours: round(row!.oldest), medianHours: round(row!.median) };
}

/** Total places and the gap counts, in one pass over places. */
export async function placeGaps(tx: Tx): Promise<{ total: number; gaps: Overview['gaps'] }> {
  const [row] = await tx<{ total: number; name_ar: number; phone: number; opening_hours: number; coordinates: number }[]>`
    select count(*)::int as total,
           count(*) filter (where ${missingSql(tx, 'nameAr')})::int as name_ar,
           count(*) filter (where ${missingSql(tx, 'phone')})::int as phone,
           count(*) filter (where ${missingSql(tx, 'openingHours')})::int as opening_hours,
           count(*) filter (where ${missingSql(tx, 'coordinates')})::int as coordinates
    from public.places p`;
  return { total: row!.total, gaps: { nameAr: row!.name_ar, phone: row!.phone, openingHours: row!.opening_hours, coordinates: row!.coordinates } };
}

/**
 * How many likely duplicate pairs there are (= the total of GET /admin/duplicates): a count of the
 * pairs table kept by triggers (decision 033), exact and fast at any directory size.
 */
export async function likelyDuplicatesCount(tx: Tx): Promise<number> {
  return countDuplicatePairs(tx);
}

/**
 * The condition of one gap on `p` (places), as SQL text without parameters (shared with the admin
 * places list's `missing=` filter, queries/places-queries.ts): Arabic name, phone, opening hours empty or
 * null; coordinates null, or farther than ZONE_RADIUS_M from the centre of the place's zone (when
 * the zone has one).
 */
export function missingCondition(gap: PlaceGap): string {
  switch (gap) {
    case 'nameAr': return "coalesce(btrim(p.name_ar), '') = ''";
    case 'phone': return "coalesce(btrim(p.phone), '') = ''";
    case 'openingHours': return "coalesce(btrim(p.opening_hours), '') = ''";
    case 'coordinates': return `(p.latitude is null or p.longitude is null or exists (
      select 1 from public.zones z where z.id = p.zone_id and z.latitude is not null and z.longitude is not null
        and 6371000 * sqrt(power(radians(p.latitude - z.latitude), 2)
          + power(radians(p.longitude - z.longitude) * cos(radians((p.latitude + z.latitude) / 2)), 2)) > ${Number(ZONE_RADIUS_M)}))`;
  }
}

const missingSql = (tx: Tx, gap: PlaceGap) => tx.unsafe(missingCondition(gap));
