import { z } from 'zod';
import { placeHoursSchema } from './opening-hours-schemas.ts';

/**
 * Entity shapes the API returns, camelCase. Shared by server (OpenAPI) and SPA (response checks).
 * The main ones are named (`meta({ id })`): the OpenAPI document lists them under components.schemas
 * (Category, Zone, Building, PlaceListItem, Place, …) with an example each, and refers to them by name.
 */

const CATEGORY_REF_EXAMPLE = { id: 3, name: 'Pharmacies', nameAr: 'صيدليات', slug: 'pharmacies' };
const ZONE_REF_EXAMPLE = { id: 2, title: 'Al Olaya', titleAr: 'حي العليا', slug: 'al-olaya' };
const PLACE_LIST_ITEM_EXAMPLE = {
  id: 120, name: 'City Pharmacy', nameAr: 'صيدلية المدينة', slug: 'city-pharmacy', logoUrl: '/uploads/places/logo.webp',
  address: 'King Fahd Road', addressAr: 'طريق الملك فهد', phone: '+966 11 234 5678', whatsapp: null,
  websiteUrl: 'https://pharmacy.example', mapUrl: null, latitude: 24.69, longitude: 46.68,
  openingHours: 'Sa-Th 08:00-12:30,16:00-23:00', openNow: true,
  category: CATEGORY_REF_EXAMPLE, zone: ZONE_REF_EXAMPLE,
};

export const categoryRefSchema = z.object({ id: z.number(), name: z.string(), nameAr: z.string().nullable(), slug: z.string() })
  .meta({ id: 'CategoryRef', description: 'A category as other entities name it.', examples: [CATEGORY_REF_EXAMPLE] });
export const zoneRefSchema = z.object({ id: z.number(), title: z.string(), titleAr: z.string().nullable(), slug: z.string() })
  .meta({ id: 'ZoneRef', description: 'A zone as other entities name it.', examples: [ZONE_REF_EXAMPLE] });

export const categorySchema = categoryRefSchema.extend({
  iconUrl: z.string().nullable(),
  placesCount: z.number().int(),
}).meta({
  id: 'Category', description: 'A category of places with its place count.',
  examples: [{ ...CATEGORY_REF_EXAMPLE, iconUrl: null, placesCount: 42 }],
});
export type Category = z.infer<typeof categorySchema>;

export const buildingSchema = z.object({
  id: z.number(),
  zoneId: z.number(),
  slug: z.string(),
  name: z.string(),
  nameAr: z.string().nullable(),
  number: z.string().nullable(),
  description: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  mapUrl: z.string().nullable(),
  order: z.number().int(),
  hasDetails: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  placesCount: z.number().int(),
}).meta({
  id: 'Building', description: 'A building of a zone, in its display order.',
  examples: [{
    id: 7, zoneId: 2, slug: 'tower-a', name: 'Tower A', nameAr: 'البرج أ', number: '12', description: null, descriptionAr: null,
    mapUrl: null, order: 1, hasDetails: false, latitude: null, longitude: null, placesCount: 5,
  }],
});
export type Building = z.infer<typeof buildingSchema>;

export const zoneSchema = zoneRefSchema.extend({
  order: z.number().int(),
  locationUrl: z.string().nullable(),
  description: z.string().nullable(),
  descriptionAr: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  buildingsCount: z.number().int(),
  placesCount: z.number().int(),
}).meta({
  id: 'Zone', description: 'A zone (district) of the city with its building and place counts, in display order.',
  examples: [{
    ...ZONE_REF_EXAMPLE, order: 1, locationUrl: null, description: 'Business district', descriptionAr: 'حي الأعمال',
    latitude: 24.69, longitude: 46.68, buildingsCount: 3, placesCount: 120,
  }],
});
export type Zone = z.infer<typeof zoneSchema>;
export const zoneWithBuildingsSchema = zoneSchema.extend({ buildings: z.array(buildingSchema) });
export type ZoneWithBuildings = z.infer<typeof zoneWithBuildingsSchema>;

export const placeListItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameAr: z.string().nullable(),
  slug: z.string(),
  logoUrl: z.string().nullable(),
  address: z.string().nullable(),
  addressAr: z.string().nullable(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  mapUrl: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  openingHours: z.string().nullable().meta({
    description: 'Opening hours in the OpenStreetMap opening_hours syntax (https://wiki.openstreetmap.org/wiki/Key:opening_hours), exactly as stored; null when unknown.',
  }),
  openNow: z.boolean().nullable().meta({
    description: "Whether the place is open at the moment of the request, in the city's time zone; null when its hours are unknown.",
  }),
  category: categoryRefSchema,
  zone: zoneRefSchema.nullable(),
  /** Great-circle distance from `near` in whole metres (only in lists sorted by distance; null: the place has no coordinates). */
  distanceM: z.number().int().nullable().optional()
    .describe('Great-circle distance from `near` in whole metres; only in lists with `sort=distance` (null: the place has no coordinates)'),
  /** Arabic reading of a Latin-only name (search results only; decision 043). */
  nameArReading: z.string().nullable().optional()
    .describe('Search results only: how the Latin name reads in Arabic, from the spellings of the directory\'s bilingual names (Kudu → كودو), when the place has no Arabic name; null when unknown or the place has one'),
}).meta({ id: 'PlaceListItem', description: 'A place as lists show it.', examples: [PLACE_LIST_ITEM_EXAMPLE] });
export type PlaceListItem = z.infer<typeof placeListItemSchema>;

export const placeDetailsSchema = z.object({
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  youtubeUrl: z.string().nullable(),
});

export const buildingRefSchema = z.object({ id: z.number(), name: z.string(), nameAr: z.string().nullable(), slug: z.string(), number: z.string().nullable() });

export const placeSchema = placeListItemSchema.extend({
  categoryId: z.number(),
  zoneId: z.number().nullable(),
  buildingId: z.number().nullable(),
  building: buildingRefSchema.nullable(),
  details: placeDetailsSchema,
  managerName: z.string().nullable(),
  managerNameAr: z.string().nullable(),
  managerPhone: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({
  id: 'Place', description: 'A place with its details, building and manager contact.',
  examples: [{
    ...PLACE_LIST_ITEM_EXAMPLE, categoryId: 3, zoneId: 2, buildingId: null, building: null,
    details: { description: 'Open every day.', imageUrl: null, youtubeUrl: null },
    managerName: null, managerNameAr: null, managerPhone: null, createdAt: '2026-01-01T09:00:00.000Z', updatedAt: '2026-01-02T09:00:00.000Z',
  }],
});
export type Place = z.infer<typeof placeSchema>;

/** The place page's answer (GET /api/public/places/{slug}): the place, up to 6 related places and its hours read for people. */
export const placeWithRelatedSchema = placeSchema.extend({
  related: z.array(placeListItemSchema),
  hours: placeHoursSchema.nullable(),
});
export type PlaceWithRelated = z.infer<typeof placeWithRelatedSchema>;

export const websiteSettingsSchema = z.object({
  logoUrl: z.string().nullable(),
  siteName: z.string(),
  siteNameAr: z.string().nullable(),
  siteDescription: z.string(),
  siteDescriptionAr: z.string(),
  timeZone: z.string().meta({ description: 'The city\'s IANA time zone (default `Asia/Riyadh`): `openNow` and the open-now filter read the clock in it' }),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
}).meta({
  id: 'WebsiteSettings', description: 'The site\'s branding.',
  examples: [{ logoUrl: null, siteName: 'Dalil', siteNameAr: 'دليل', siteDescription: 'City services directory', siteDescriptionAr: 'دليل خدمات المدينة', timeZone: 'Asia/Riyadh' }],
});
export type WebsiteSettings = z.infer<typeof websiteSettingsSchema>;

export const searchResultsSchema = z.object({
  categories: z.array(categorySchema),
  places: z.array(placeListItemSchema),
  zones: z.array(zoneSchema),
  buildings: z.array(buildingSchema.extend({ zone: zoneRefSchema })),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/** `data` of GET /public/places/{slug}/share: the place page's URL in a language and the place's name in it. */
export const placeShareSchema = z.object({ url: z.string(), title: z.string() });

/**
 * `data` of a stored upload (POST /admin/upload/{bucket}, POST /public/auth/upload/places): the image's
 * URL, `/uploads/<bucket>/<uuid>.<ext>` locally or a public Storage https URL on Supabase.
 */
export const uploadResultSchema = z.object({ url: z.string().min(1) });
