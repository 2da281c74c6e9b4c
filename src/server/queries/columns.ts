/**
 * The column lists of the API's entities, defined once (every query selecting an entity uses
 * these; mappers.ts turns the rows into API shapes). Aliases: c categories, z zones, b buildings,
 * p places (PLACE_COLUMNS needs PLACE_FROM's joins).
 */

/** A category (alias c) with its place count (the trigger-kept counter private.place_counts; zone_id -1 = all zones). */
export const CATEGORY_COLUMNS = `c.id, c.slug, c.name, c.name_ar, c.icon_url,
  coalesce((select k.n from private.place_counts k where k.category_id = c.id and k.zone_id = -1), 0) as places_count`;

/** A zone (alias z) with its building and place counts. */
export const ZONE_COLUMNS = `z.id, z.slug, z.title, z.title_ar, z.description, z.description_ar, z.location_url, z.sort_order,
  z.latitude, z.longitude,
  (select count(*) from public.buildings b where b.zone_id = z.id) as buildings_count,
  coalesce((select k.n from private.place_counts k where k.category_id = -1 and k.zone_id = z.id), 0) as places_count`;

/** A building (alias b) with its place count. */
export const BUILDING_COLUMNS = `b.id, b.zone_id, b.slug, b.name, b.name_ar, b.number, b.description, b.description_ar, b.map_url,
  b.sort_order, b.has_details, b.latitude, b.longitude,
  (select count(*) from public.places p where p.building_id = b.id) as places_count`;

/** Columns of a place joined with its category, zone and building (see mappers.toPlace). */
export const PLACE_COLUMNS = `
  p.id, p.slug, p.name, p.name_ar, p.logo_url, p.address, p.address_ar, p.phone, p.whatsapp, p.website_url, p.map_url,
  p.category_id, p.zone_id, p.building_id, p.description, p.image_url, p.youtube_url, p.manager_name, p.manager_name_ar,
  p.manager_phone, p.latitude, p.longitude, p.opening_hours, p.created_at, p.updated_at,
  c.name as category_name, c.name_ar as category_name_ar, c.slug as category_slug,
  z.title as zone_title, z.title_ar as zone_title_ar, z.slug as zone_slug,
  b.name as building_name, b.name_ar as building_name_ar, b.slug as building_slug, b.number as building_number,
  (select s.time_zone from public.website_settings s where s.id) as time_zone`;

/** The joins PLACE_COLUMNS reads from. */
export const PLACE_FROM = `
  public.places p
  join public.categories c on c.id = p.category_id
  left join public.zones z on z.id = p.zone_id
  left join public.buildings b on b.id = p.building_id`;

/**
 * The rows the column lists above produce, as postgres.js returns them: bigint ids and counts as
 * strings (the mappers turn them into numbers), integers and doubles as numbers, timestamps as Date.
 */
type BigInt = string | number;

/** A row of CATEGORY_COLUMNS. */
export interface CategoryRow {
  id: BigInt; slug: string; name: string; name_ar: string | null; icon_url: string | null; places_count: BigInt | null;
}

/** A row of ZONE_COLUMNS. */
export interface ZoneRow {
  id: BigInt; slug: string; title: string; title_ar: string | null; description: string | null; description_ar: string | null;
  location_url: string | null; sort_order: number; latitude: number | null; longitude: number | null;
  buildings_count: BigInt | null; places_count: BigInt | null;
}

/** A row of BUILDING_COLUMNS. */
export interface BuildingRow {
  id: BigInt; zone_id: BigInt; slug: string; name: string; name_ar: string | null; number: string | null;
  description: string | null; description_ar: string | null; map_url: string | null; sort_order: number; has_details: boolean;
  latitude: number | null; longitude: number | null; places_count: BigInt | null;
}

/** The columns of PLACE_COLUMNS a list item needs. */
export interface PlaceListRow {
  id: BigInt; slug: string; name: string; name_ar: string | null; logo_url: string | null; address: string | null; address_ar: string | null;
  phone: string | null; whatsapp: string | null; website_url: string | null; map_url: string | null;
  latitude: number | null; longitude: number | null; opening_hours: string | null;
  category_id: BigInt; category_name: string; category_name_ar: string | null; category_slug: string;
  zone_id: BigInt | null; zone_title: string | null; zone_title_ar: string | null; zone_slug: string | null;
  /** The city's time zone (website setting) openNow is computed in; absent from lists that do not select it. */
  time_zone?: string | null;
}

/** A row of PLACE_COLUMNS (from PLACE_FROM). */
export interface PlaceRow extends PlaceListRow {
  building_id: BigInt | null; building_name: string | null; building_name_ar: string | null; building_slug: string | null; building_number: string | null;
  description: string | null; image_url: string | null; youtube_url: string | null;
  manager_name: string | null; manager_name_ar: string | null; manager_phone: string | null;
  created_at: Date | string; updated_at: Date | string; owner_id: string | null;
}
