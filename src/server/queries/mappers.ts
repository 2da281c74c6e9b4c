import type { Building, Category, Place, PlaceListItem, Zone } from '../../shared/schemas/entity-schemas.ts';
import { openNowOf } from '../opening-hours-evaluation.ts';
import { DEFAULT_TIME_ZONE } from '../../shared/opening-hours.ts';
import type { BuildingRow, CategoryRow, PlaceListRow, PlaceRow, ZoneRow } from './columns.ts';

/**
 * Row → API entity mappers (snake_case columns → camelCase fields), typed by the rows of the column
 * lists (columns.ts). A joined zone's or building's name is present whenever its id is (left joins on the id).
 */

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d));

export const toCategory = (r: CategoryRow): Category => ({
  id: Number(r.id), name: r.name, nameAr: r.name_ar, slug: r.slug, iconUrl: r.icon_url, placesCount: Number(r.places_count ?? 0),
});

export const toZone = (r: ZoneRow): Zone => ({
  id: Number(r.id), title: r.title, titleAr: r.title_ar, slug: r.slug, order: r.sort_order, locationUrl: r.location_url,
  description: r.description, descriptionAr: r.description_ar, latitude: r.latitude, longitude: r.longitude,
  buildingsCount: Number(r.buildings_count ?? 0), placesCount: Number(r.places_count ?? 0),
});

export const toBuilding = (r: BuildingRow): Building => ({
  id: Number(r.id), zoneId: Number(r.zone_id), slug: r.slug, name: r.name, nameAr: r.name_ar, number: r.number,
  description: r.description, descriptionAr: r.description_ar, mapUrl: r.map_url, order: r.sort_order,
  hasDetails: r.has_details, latitude: r.latitude, longitude: r.longitude, placesCount: Number(r.places_count ?? 0),
});

export const toPlaceListItem = (r: PlaceListRow): PlaceListItem => ({
  id: Number(r.id), name: r.name, nameAr: r.name_ar, slug: r.slug, logoUrl: r.logo_url, address: r.address,
  addressAr: r.address_ar, phone: r.phone, whatsapp: r.whatsapp, websiteUrl: r.website_url, mapUrl: r.map_url,
  latitude: r.latitude, longitude: r.longitude,
  openingHours: r.opening_hours, openNow: openNowOf(r.opening_hours, new Date(), r.time_zone ?? DEFAULT_TIME_ZONE),
  category: { id: Number(r.category_id), name: r.category_name, nameAr: r.category_name_ar, slug: r.category_slug },
  zone: r.zone_id == null ? null : { id: Number(r.zone_id), title: r.zone_title as string, titleAr: r.zone_title_ar, slug: r.zone_slug as string },
  ...('distance_m' in r ? { distanceM: r.distance_m == null ? null : Number(r.distance_m) } : {}),
  ...('name_ar_reading' in r ? { nameArReading: (r.name_ar_reading as string | null) ?? null } : {}),
});

export const toPlace = (r: PlaceRow): Place => ({
  ...toPlaceListItem(r),
  categoryId: Number(r.category_id),
  zoneId: r.zone_id == null ? null : Number(r.zone_id),
  buildingId: r.building_id == null ? null : Number(r.building_id),
  building: r.building_id == null ? null : { id: Number(r.building_id), name: r.building_name as string, nameAr: r.building_name_ar, slug: r.building_slug as string, number: r.building_number },
  details: { description: r.description, imageUrl: r.image_url, youtubeUrl: r.youtube_url },
  managerName: r.manager_name, managerNameAr: r.manager_name_ar, managerPhone: r.manager_phone,
  createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
});
