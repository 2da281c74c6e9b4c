import type { Building, Category, Place, PlaceListItem, Zone } from '../../shared/schemas/entities.ts';

/** Row → API entity mappers (snake_case columns → camelCase fields). Rows come from queries/*.ts. */
type Row = Record<string, any>;

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d));

export const toCategory = (r: Row): Category => ({
  id: Number(r.id), name: r.name, nameAr: r.name_ar, slug: r.slug, iconUrl: r.icon_url, placesCount: Number(r.places_count ?? 0),
});

export const toZone = (r: Row): Zone => ({
  id: Number(r.id), title: r.title, titleAr: r.title_ar, slug: r.slug, order: r.sort_order, locationUrl: r.location_url,
  description: r.description, descriptionAr: r.description_ar, latitude: r.latitude, longitude: r.longitude,
  buildingsCount: Number(r.buildings_count ?? 0), placesCount: Number(r.places_count ?? 0),
});

export const toBuilding = (r: Row): Building => ({
  id: Number(r.id), zoneId: Number(r.zone_id), slug: r.slug, name: r.name, nameAr: r.name_ar, number: r.number,
  description: r.description, descriptionAr: r.description_ar, mapUrl: r.map_url, order: r.sort_order,
  hasDetails: r.has_details, latitude: r.latitude, longitude: r.longitude, placesCount: Number(r.places_count ?? 0),
});

export const toPlaceListItem = (r: Row): PlaceListItem => ({
  id: Number(r.id), name: r.name, nameAr: r.name_ar, slug: r.slug, logoUrl: r.logo_url, address: r.address,
  addressAr: r.address_ar, phone: r.phone, whatsapp: r.whatsapp, websiteUrl: r.website_url, mapUrl: r.map_url,
  latitude: r.latitude, longitude: r.longitude,
  category: { id: Number(r.category_id), name: r.category_name, nameAr: r.category_name_ar, slug: r.category_slug },
  zone: r.zone_id == null ? null : { id: Number(r.zone_id), title: r.zone_title, titleAr: r.zone_title_ar, slug: r.zone_slug },
});

export const toPlace = (r: Row): Place => ({
  ...toPlaceListItem(r),
  categoryId: Number(r.category_id),
  zoneId: r.zone_id == null ? null : Number(r.zone_id),
  buildingId: r.building_id == null ? null : Number(r.building_id),
  building: r.building_id == null ? null : { id: Number(r.building_id), name: r.building_name, nameAr: r.building_name_ar, slug: r.building_slug, number: r.building_number },
  details: { description: r.description, imageUrl: r.image_url, youtubeUrl: r.youtube_url },
  managerName: r.manager_name, managerNameAr: r.manager_name_ar, managerPhone: r.manager_phone,
  createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
});
