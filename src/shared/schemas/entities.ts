import { z } from 'zod';

/** Entity shapes the API returns, camelCase. Shared by server (OpenAPI) and SPA (response checks). */

export const categoryRefSchema = z.object({ id: z.number(), name: z.string(), nameAr: z.string().nullable(), slug: z.string() });
export const zoneRefSchema = z.object({ id: z.number(), title: z.string(), titleAr: z.string().nullable(), slug: z.string() });

export const categorySchema = categoryRefSchema.extend({
  iconUrl: z.string().nullable(),
  placesCount: z.number().int(),
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
  category: categoryRefSchema,
  zone: zoneRefSchema.nullable(),
});
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
});
export type Place = z.infer<typeof placeSchema>;

export const websiteSettingsSchema = z.object({
  logoUrl: z.string().nullable(),
  siteName: z.string(),
  siteNameAr: z.string().nullable(),
  siteDescription: z.string(),
  siteDescriptionAr: z.string(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type WebsiteSettings = z.infer<typeof websiteSettingsSchema>;

export const searchResultsSchema = z.object({
  categories: z.array(categorySchema),
  places: z.array(placeListItemSchema),
  zones: z.array(zoneSchema),
  buildings: z.array(buildingSchema.extend({ zone: zoneRefSchema })),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
