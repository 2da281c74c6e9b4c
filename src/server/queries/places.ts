import type { Tx } from '../db/client.ts';

/** Columns of a place joined with its category, zone and building (see mappers.toPlace). */
export const PLACE_COLUMNS = `
  p.id, p.slug, p.name, p.name_ar, p.logo_url, p.address, p.address_ar, p.phone, p.whatsapp, p.website_url, p.map_url,
  p.category_id, p.zone_id, p.building_id, p.description, p.image_url, p.youtube_url, p.manager_name, p.manager_name_ar,
  p.manager_phone, p.latitude, p.longitude, p.created_at, p.updated_at, p.owner_id,
  c.name as category_name, c.name_ar as category_name_ar, c.slug as category_slug,
  z.title as zone_title, z.title_ar as zone_title_ar, z.slug as zone_slug,
  b.name as building_name, b.name_ar as building_name_ar, b.slug as building_slug, b.number as building_number`;
export const PLACE_FROM = `
  public.places p
  join public.categories c on c.id = p.category_id
  left join public.zones z on z.id = p.zone_id
  left join public.buildings b on b.id = p.building_id`;

export type PlaceSort = 'name-asc' | 'name-desc' | 'newest' | 'oldest';
const ORDER: Record<PlaceSort, string> = {
  'name-asc': 'p.name asc, p.id asc',
  'name-desc': 'p.name desc, p.id desc',
  newest: 'p.created_at desc, p.id desc',
  oldest: 'p.created_at asc, p.id asc',
};

export interface PlaceFilter {
  categorySlug?: string;
  zoneSlug?: string;
  categoryId?: number;
  zoneId?: number;
  buildingId?: number;
  ownerId?: string;
  search?: string;
}

/**
 * One page of places matching `filter`, ordered by `sort`, plus the total count.
 * Search matches the normalised name/address text by substring or trigram similarity.
 */
export async function listPlaces(
  tx: Tx,
  filter: PlaceFilter,
  paging: { page: number; limit: number; sort?: PlaceSort },
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sqlText: (n: number) => string, value: unknown) => {
    params.push(value);
    where.push(sqlText(params.length));
  };
  if (filter.categorySlug) add((n) => `c.slug = $${n}`, filter.categorySlug);
  if (filter.zoneSlug) add((n) => `z.slug = $${n}`, filter.zoneSlug);
  if (filter.categoryId) add((n) => `p.category_id = $${n}`, filter.categoryId);
  if (filter.zoneId) add((n) => `p.zone_id = $${n}`, filter.zoneId);
  if (filter.buildingId) add((n) => `p.building_id = $${n}`, filter.buildingId);
  if (filter.ownerId) add((n) => `p.owner_id = $${n}`, filter.ownerId);
  let order = ORDER[paging.sort ?? 'name-asc'];
  if (filter.search) {
    add(
      (n) => `(p.search_text like '%' || replace(replace(replace(public.search_normalize($${n}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
               or p.search_name operator(extensions.%) public.search_normalize($${n}))`,
      filter.search,
    );
    if (!paging.sort) order = `extensions.similarity(p.search_name, public.search_normalize($${params.length})) desc, p.name asc, p.id asc`;
  }
  const whereSql = where.length ? `where ${where.join(' and ')}` : '';
  const offset = (paging.page - 1) * paging.limit;
  const [rows, count] = await Promise.all([
    tx.unsafe(`select ${PLACE_COLUMNS} from ${PLACE_FROM} ${whereSql} order by ${order} limit ${paging.limit} offset ${offset}`, params as never[]),
    tx.unsafe(`select count(*)::int as total from ${PLACE_FROM} ${whereSql}`, params as never[]),
  ]);
  return { rows: rows as unknown as Record<string, unknown>[], total: Number((count[0] as unknown as { total: number }).total) };
}

/** One place by slug with category, zone and building; undefined when absent. */
export async function getPlaceBySlug(tx: Tx, slug: string): Promise<Record<string, unknown> | undefined> {
  const rows = await tx.unsafe(`select ${PLACE_COLUMNS} from ${PLACE_FROM} where p.slug = $1`, [slug]);
  return rows[0] as Record<string, unknown> | undefined;
}

/** Up to `limit` other places in the same category, nearest zone first. */
export async function relatedPlaces(tx: Tx, place: { id: number; category_id: unknown; zone_id: unknown }, limit = 6) {
  return tx.unsafe(
    `select ${PLACE_COLUMNS} from ${PLACE_FROM}
     where p.category_id = $1 and p.id <> $2
     order by (p.zone_id is not distinct from $3) desc, p.name asc limit ${limit}`,
    [place.category_id, place.id, place.zone_id] as never[],
  ) as unknown as Promise<Record<string, unknown>[]>;
}
