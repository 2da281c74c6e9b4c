import { z } from 'zod';

/**
 * Compact map markers (GET /public/map/markers): everything a map needs to draw and label a pin,
 * nothing more, so the whole city (thousands of places) comes in one small response.
 * `lat`/`lng` are WGS84 degrees (6 decimals, ~0.1 m); names in both languages so the answer does
 * not depend on Accept-Language.
 */
export const placeMarkerSchema = z.object({
  slug: z.string(),
  name: z.string(),
  nameAr: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  /** The place's category slug. */
  category: z.string(),
});
export type PlaceMarker = z.infer<typeof placeMarkerSchema>;

export const buildingMarkerSchema = z.object({
  slug: z.string(),
  name: z.string(),
  nameAr: z.string().nullable(),
  number: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  /** The building's zone slug. */
  zone: z.string(),
});
export type BuildingMarker = z.infer<typeof buildingMarkerSchema>;

export const mapMarkersSchema = z.object({
  places: z.array(placeMarkerSchema),
  buildings: z.array(buildingMarkerSchema),
});
export type MapMarkers = z.infer<typeof mapMarkersSchema>;
