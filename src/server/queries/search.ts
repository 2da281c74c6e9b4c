import type { SearchResults } from '../../shared/schemas/entities.ts';
import type { Tx } from '../db/client.ts';
import { toBuilding, toCategory, toPlaceListItem, toZone } from './mappers.ts';
import { PLACE_COLUMNS, PLACE_FROM } from './places.ts';

/** `search_text` matches the query: normalised substring, or trigram similarity above pg_trgm's threshold. */
const MATCH = (col: string) =>
  `(${col} like '%' || replace(replace(replace(public.search_normalize($1), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
    or ${col} operator(extensions.%) public.search_normalize($1))`;
/** Rank: exact > prefix > substring > fuzzy similarity. */
const RANK = (col: string) =>
  `(case when ${col} = public.search_normalize($1) then 3
         when ${col} like public.search_normalize($1) || '%' then 2
         when ${col} like '%' || public.search_normalize($1) || '%' then 1 else 0 end) desc,
    extensions.similarity(${col}, public.search_normalize($1)) desc`;

/**
 * Grouped search: up to `limit` categories, places, zones and buildings matching `q`
 * (normalised per DESIGN §3), best first.
 */
export async function searchAll(tx: Tx, q: string, limit: number): Promise<SearchResults> {
  const [categories, places, zones, buildings] = await Promise.all([
    tx.unsafe(`select c.id, c.slug, c.name, c.name_ar, c.icon_url,
                 (select count(*) from public.places p where p.category_id = c.id) as places_count
               from public.categories c where ${MATCH('c.search_text')} order by ${RANK('c.search_text')}, c.name limit ${limit}`, [q]),
    tx.unsafe(`select ${PLACE_COLUMNS} from ${PLACE_FROM} where ${MATCH('p.search_text')}
               order by ${RANK('p.search_name')}, p.name limit ${limit}`, [q]),
    tx.unsafe(`select z.*, (select count(*) from public.buildings b where b.zone_id = z.id) as buildings_count,
                 (select count(*) from public.places p where p.zone_id = z.id) as places_count
               from public.zones z where ${MATCH('z.search_text')} order by ${RANK('z.search_text')}, z.title limit ${limit}`, [q]),
    tx.unsafe(`select b.*, z.title as zone_title, z.title_ar as zone_title_ar, z.slug as zone_slug,
                 (select count(*) from public.places p where p.building_id = b.id) as places_count
               from public.buildings b join public.zones z on z.id = b.zone_id
               where ${MATCH('b.search_text')} order by ${RANK('b.search_text')}, b.name limit ${limit}`, [q]),
  ]);
  return {
    categories: categories.map(toCategory),
    places: places.map(toPlaceListItem),
    zones: zones.map(toZone),
    buildings: buildings.map((r) => ({ ...toBuilding(r), zone: { id: Number(r.zone_id), title: r.zone_title, titleAr: r.zone_title_ar, slug: r.zone_slug } })),
  };
}
