import type { Tx } from '../db/client.ts';
import { NotFoundError } from '../domain-errors.ts';
import { coordinatesOf } from '../../shared/map-coordinates.ts';
import type { BuildingMarker, PlaceMarker } from '../../shared/schemas/map-schemas.ts';
import { categoryIdBySlug } from './categories-queries.ts';
import { zoneIdBySlug } from './zones-queries.ts';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

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

/** Every place and building of the filter with coordinates (from latitude/longitude or the map URL), as markers. */
export async function loadMarkers(tx: Tx, zoneSlug: string | undefined, categorySlug: string | undefined): Promise<{ places: PlaceMarker[]; buildings: BuildingMarker[] }> {
  let zoneId: number | null = null;
  let categoryId: number | null = null;
  if (zoneSlug) {
    zoneId = await zoneIdBySlug(tx, zoneSlug) ?? null;
    if (zoneId === null) throw new NotFoundError('zone_not_found');
  }
  if (categorySlug) {
    categoryId = await categoryIdBySlug(tx, categorySlug) ?? null;
    if (categoryId === null) throw new NotFoundError('category_not_found');
  }
  const placeRows = await placeMarkerRows(tx, zoneId, categoryId);
  const buildingRows = categoryId != null ? [] : await buildingMarkerRows(tx, zoneId);

  const places: PlaceMarker[] = [];
  for (const r of placeRows) {
    const at = coordinatesOf({ latitude: r.latitude, longitude: r.longitude, mapUrl: r.map_url });
    if (at) places.push({ slug: r.slug, name: r.name, nameAr: r.name_ar, lat: round6(at.lat), lng: round6(at.lng), category: r.category });
  }
  const buildings: BuildingMarker[] = [];
  for (const r of buildingRows) {
    const at = coordinatesOf({ latitude: r.latitude, longitude: r.longitude, mapUrl: r.map_url });
    if (at) buildings.push({ slug: r.slug, name: r.name, nameAr: r.name_ar, number: r.number, lat: round6(at.lat), lng: round6(at.lng), zone: r.zone });
  }
  return { places, buildings };
}
