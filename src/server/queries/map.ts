import type { Tx } from '../db/client.ts';

/** A place that may go on the map: coordinates, or a map URL to read them from. */
export interface PlaceMarkerRow {
  slug: string; name: string; name_ar: string | null; latitude: number | null; longitude: number | null; map_url: string | null; category: string;
}

/** A building that may go on the map. */
export interface BuildingMarkerRow {
  slug: string; name: string; name_ar: string | null; number: string | null; latitude: number | null; longitude: number | null; map_url: string | null; zone: string;
}

/** Places with coordinates or a map URL, by id; only those of `zoneId` / `categoryId` when given. */
export function placeMarkerRows(tx: Tx, zoneId: number | null, categoryId: number | null) {
  return tx<PlaceMarkerRow[]>`
    select p.slug, p.name, p.name_ar, p.latitude, p.longitude, p.map_url, c.slug as category
    from public.places p join public.categories c on c.id = p.category_id
    where (p.latitude is not null or p.map_url is not null)
      and (${zoneId}::bigint is null or p.zone_id = ${zoneId}::bigint)
      and (${categoryId}::bigint is null or p.category_id = ${categoryId}::bigint)
    order by p.id`;
}

/** Buildings with coordinates or a map URL, in zone then building order; only those of `zoneId` when given. */
export function buildingMarkerRows(tx: Tx, zoneId: number | null) {
  return tx<BuildingMarkerRow[]>`
    select b.slug, b.name, b.name_ar, b.number, b.latitude, b.longitude, b.map_url, z.slug as zone
    from public.buildings b join public.zones z on z.id = b.zone_id
    where (b.latitude is not null or b.map_url is not null)
      and (${zoneId}::bigint is null or b.zone_id = ${zoneId}::bigint)
    order by z.sort_order, b.sort_order, b.id`;
}
