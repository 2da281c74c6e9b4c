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

/** In src/shared/constants.ts (zod-free: the map pages read it before they are interactive). */
export { MAP_VIEW_LIMITS } from '../constants.ts';

/** A view's bounding box in WGS84 degrees. `west > east` means the box crosses the antimeridian (180°). */
export interface MapBbox { west: number; south: number; east: number; north: number }

const BBOX_PATTERN = /^\s*(-?\d{1,3}(?:\.\d{1,15})?)\s*,\s*(-?\d{1,2}(?:\.\d{1,15})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,15})?)\s*,\s*(-?\d{1,2}(?:\.\d{1,15})?)\s*$/;

/**
 * "<west>,<south>,<east>,<north>" (decimal degrees) → a bbox, or null: longitudes -180…180, latitudes
 * -90…90, south ≤ north. west > east is accepted: the box crosses the antimeridian.
 */
export function parseBbox(text: string): MapBbox | null {
  const m = BBOX_PATTERN.exec(text);
  if (!m) return null;
  const [west, south, east, north] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
  const lngOk = (x: number) => x >= -180 && x <= 180;
  const latOk = (y: number) => y >= -90 && y <= 90;
  if (!lngOk(west) || !lngOk(east) || !latOk(south) || !latOk(north) || south > north) return null;
  return { west, south, east, north };
}

/** Field message of a malformed `bbox`. */
export const INVALID_BBOX_MESSAGE = 'bbox must be "<west>,<south>,<east>,<north>" in decimal degrees (longitude -180 to 180, latitude -90 to 90, south ≤ north; west > east crosses the antimeridian)';

/** `bbox` query parameter of GET /public/map/markers (see parseBbox). */
export const bboxQuerySchema = z.string().max(128)
  .refine((s) => parseBbox(s) !== null, INVALID_BBOX_MESSAGE)
  .transform((s) => parseBbox(s) as MapBbox)
  .meta({ examples: ['46.55,24.60,46.80,24.85'] });

/**
 * A group of nearby markers at the asked zoom: `count` markers (of which `places` are places, the rest
 * buildings) around `lat`/`lng` (their mean, WGS84 degrees); `expansionZoom` is the zoom at which the
 * group splits (zoom the map there, centred on it). `id` is stable for the same data, filters and zoom.
 */
export const mapClusterSchema = z.object({
  id: z.number().int(),
  count: z.number().int(),
  places: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  expansionZoom: z.number().int(),
});
export type MapCluster = z.infer<typeof mapClusterSchema>;

/**
 * Without `bbox`: every marker in `places` and `buildings`, `clusters` empty. With `bbox`+`zoom`: the
 * markers standing alone in that view in `places`/`buildings`, the rest grouped in `clusters`.
 */
export const mapMarkersSchema = z.object({
  places: z.array(placeMarkerSchema),
  buildings: z.array(buildingMarkerSchema),
  clusters: z.array(mapClusterSchema),
});
export type MapMarkers = z.infer<typeof mapMarkersSchema>;
