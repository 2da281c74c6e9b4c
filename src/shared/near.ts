// The `near` point of distance-sorted lists (decision 022), without zod: the browser's Near me control parses it
// before the page is interactive (decision 036). src/shared/schemas/common-schemas.ts builds `nearQuerySchema` from it.

/** A point on the earth in decimal degrees (WGS 84). */
export interface LatLng { lat: number; lng: number }

/** `<lat>,<lng>` in decimal degrees: latitude −90…90, longitude −180…180, at most 12 decimals. */
const NEAR_PATTERN = /^(-?\d{1,3}(?:\.\d{1,12})?),(-?\d{1,3}(?:\.\d{1,12})?)$/;

/** Parses `<lat>,<lng>`; null when malformed or out of range. */
export function parseNear(text: string): LatLng | null {
  const m = NEAR_PATTERN.exec(text.trim());
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  if (!(lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180)) return null;
  return { lat, lng };
}
