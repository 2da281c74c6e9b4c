import { parseNear, type LatLng } from '../shared/near.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/**
 * The visitor's position for "near me" (issue #15, docs/decisions/030-near-me-screens.md): asked from
 * the browser only when the person presses a button, rounded to about 100 m before it goes anywhere
 * (the URL, this tab's sessionStorage), never sent in full and never stored beyond the tab.
 */

/** Decimals kept of a position: 0.001° is 111 m of latitude and ~100 m of longitude in Riyadh. */
export const NEAR_DECIMALS = 3;

/** Why the browser gave no position: refused, could not tell, too slow, or no location API at all. */
export type GeolocationFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

/** How long the browser may take to answer (ms), and how old a cached position may be (ms). */
export const LOCATE_TIMEOUT_MS = 10_000;
export const LOCATE_MAX_AGE_MS = 5 * 60_000;

const round = (n: number) => Number(n.toFixed(NEAR_DECIMALS)) + 0; // + 0 turns -0 into 0

/** A position rounded to about 100 m (NEAR_DECIMALS). */
export function roundPosition({ lat, lng }: LatLng): LatLng {
  return { lat: round(lat), lng: round(lng) };
}

/** The `near` URL/API parameter of a position, rounded to about 100 m: "24.714,46.675". */
export function nearParam(position: LatLng): string {
  const { lat, lng } = roundPosition(position);
  return `${lat},${lng}`;
}

/** Mean earth radius in metres, as the API's `distanceM` uses (decision 022). */
const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance between two points in whole metres. */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** The failure of a GeolocationPositionError code (1 PERMISSION_DENIED, 2 POSITION_UNAVAILABLE, 3 TIMEOUT). */
export function failureOfCode(code: number): GeolocationFailure {
  return code === 1 ? 'denied' : code === 3 ? 'timeout' : 'unavailable';
}

/** A position from the browser with its accuracy radius in metres. */
export interface LocatedPosition extends LatLng { accuracyM: number }

/**
 * Asks the browser for the position (it prompts the person the first time) and resolves with it as the
 * browser gave it (round it with `nearParam`/`roundPosition` before it leaves the page); rejects with a GeolocationFailure. `geolocation` defaults to the browser's (absent on
 * the server, in old browsers and on insecure origins: 'unsupported').
 */
export function locate(geolocation: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation): Promise<LocatedPosition> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject('unsupported' satisfies GeolocationFailure);
      return;
    }
    geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude, accuracyM: p.coords.accuracy }),
      (error) => reject(failureOfCode(error.code)),
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: LOCATE_MAX_AGE_MS },
    );
  });
}

/**
 * The `near` of a list URL when it asks for nearest first (`sort=distance` with a valid `near`), else
 * undefined (a `sort=distance` without a usable `near` falls back to the default order).
 */
export function distanceNearOf(params: URLSearchParams): string | undefined {
  const near = params.get('near');
  return params.get('sort') === 'distance' && near && parseNear(near) ? near.trim() : undefined;
}

/** Keeps the position, rounded to about 100 m, for this tab, so other pages (a place's distance) know it. */
export function rememberPosition(position: LatLng, storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.setItem(STORAGE_KEYS.nearMe, nearParam(position));
  } catch {
    // storage full or blocked: the position is simply not remembered
  }
}

/** The position remembered in this tab, or null. Read it after mount (the server has none). */
export function rememberedPosition(storage: Storage | undefined = globalThis.sessionStorage): LatLng | null {
  try {
    return parseNear(storage?.getItem(STORAGE_KEYS.nearMe) ?? '');
  } catch {
    return null;
  }
}
