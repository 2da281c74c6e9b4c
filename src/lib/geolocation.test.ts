import { describe, expect, it } from 'vitest';
import { distanceMetres, distanceNearOf, failureOfCode, locate, nearParam, rememberedPosition, rememberPosition, roundPosition } from './geolocation.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/** An in-memory Storage (vitest runs in node: no sessionStorage). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() { return map.size; },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

/** A Geolocation that answers getCurrentPosition with `answer` (a position or an error code). */
function fakeGeolocation(answer: { lat: number; lng: number; accuracy: number } | { code: number }): Geolocation {
  return {
    getCurrentPosition: (ok: PositionCallback, fail?: PositionErrorCallback | null) => {
      if ('code' in answer) fail?.({ code: answer.code, message: 'x', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
      else ok({ coords: { latitude: answer.lat, longitude: answer.lng, accuracy: answer.accuracy } } as GeolocationPosition);
    },
    watchPosition: () => 0,
    clearWatch: () => undefined,
  };
}

describe('near me positions', () => {
  it('rounds a position to 3 decimals (~100 m) for the URL, without -0', () => {
    expect(nearParam({ lat: 24.713_649, lng: 46.675_296 })).toBe('24.714,46.675');
    expect(nearParam({ lat: -0.0001, lng: 0.0004 })).toBe('0,0');
    expect(roundPosition({ lat: 24.7, lng: -46.67549 })).toEqual({ lat: 24.7, lng: -46.675 });
    // the rounding moves the point by at most ~80 m (half of 0.001° each way)
    const exact = { lat: 24.713_649, lng: 46.675_496 };
    expect(distanceMetres(exact, roundPosition(exact))).toBeLessThan(80);
  });

  it('measures great-circle distances in whole metres like the API (R = 6 371 008.8 m)', () => {
    expect(distanceMetres({ lat: 24.7136, lng: 46.6753 }, { lat: 24.7136, lng: 46.6753 })).toBe(0);
    // 0.01° of latitude is 1 111.95 m on that sphere
    expect(distanceMetres({ lat: 24, lng: 46 }, { lat: 24.01, lng: 46 })).toBe(1112);
    // Riyadh → Jeddah, about 849 km
    expect(distanceMetres({ lat: 24.7136, lng: 46.6753 }, { lat: 21.4858, lng: 39.1925 })).toBeGreaterThan(845_000);
    expect(distanceMetres({ lat: 24.7136, lng: 46.6753 }, { lat: 21.4858, lng: 39.1925 })).toBeLessThan(852_000);
  });

  it('reads nearest-first only from sort=distance with a valid near', () => {
    expect(distanceNearOf(new URLSearchParams('sort=distance&near=24.714,46.675'))).toBe('24.714,46.675');
    expect(distanceNearOf(new URLSearchParams('near=24.714,46.675'))).toBeUndefined();
    expect(distanceNearOf(new URLSearchParams('sort=distance'))).toBeUndefined();
    expect(distanceNearOf(new URLSearchParams('sort=distance&near=91,46'))).toBeUndefined();
    expect(distanceNearOf(new URLSearchParams('sort=distance&near=banana'))).toBeUndefined();
  });

  it('names why the browser gave no position', async () => {
    expect(failureOfCode(1)).toBe('denied');
    expect(failureOfCode(2)).toBe('unavailable');
    expect(failureOfCode(3)).toBe('timeout');
    await expect(locate(fakeGeolocation({ code: 1 }))).rejects.toBe('denied');
    await expect(locate(fakeGeolocation({ code: 3 }))).rejects.toBe('timeout');
    await expect(locate(undefined)).rejects.toBe('unsupported');
    await expect(locate(fakeGeolocation({ lat: 24.71, lng: 46.67, accuracy: 30 }))).resolves.toEqual({ lat: 24.71, lng: 46.67, accuracyM: 30 });
  });

  it('remembers the rounded position for the tab and reads it back', () => {
    const storage = memoryStorage();
    expect(rememberedPosition(storage)).toBeNull();
    rememberPosition({ lat: 24.713_649, lng: 46.675_296 }, storage);
    expect(storage.getItem(STORAGE_KEYS.nearMe)).toBe('24.714,46.675');
    expect(rememberedPosition(storage)).toEqual({ lat: 24.714, lng: 46.675 });
    storage.setItem(STORAGE_KEYS.nearMe, 'garbage');
    expect(rememberedPosition(storage)).toBeNull();
  });
});
