import { describe, expect, it, vi } from 'vitest';
import { buildMarkerIndex, markersInView, MarkerIndexCache } from './map-clusters.ts';

const place = (i: number, lat: number, lng: number) => ({ slug: `p${i}`, name: `P${i}`, nameAr: null, lat, lng, category: 'cafes' });
const building = { slug: 'b', name: 'B', nameAr: null, number: '1', lat: 24.7, lng: 46.7, zone: 'z' };

describe('markersInView', () => {
  it('counts places and buildings in clusters and keeps lone markers as they are', () => {
    const places = Array.from({ length: 5 }, (_, i) => place(i, 24.7 + i * 0.0001, 46.7));
    const index = buildMarkerIndex([...places, place(9, 25.5, 47.5)], [building]);
    const far = markersInView(index, { west: 46, south: 24, east: 48, north: 26 }, 8);
    expect(far.clusters).toEqual([expect.objectContaining({ count: 6, places: 5 })]);
    expect(far.places).toEqual([place(9, 25.5, 47.5)]);
    const near = markersInView(index, { west: 46, south: 24, east: 48, north: 26 }, 17);
    expect(near.clusters).toEqual([]);
    expect(near.places).toHaveLength(6);
    expect(near.buildings).toEqual([building]);
  });
});

describe('MarkerIndexCache', () => {
  const index = buildMarkerIndex([place(1, 1, 1)], []);

  it('keeps an index until invalidated, and not one built before an invalidation', () => {
    const cache = new MarkerIndexCache(() => true);
    const before = cache.generation;
    expect(cache.set('k', index, before)).toBe(true);
    expect(cache.get('k')).toBe(index);
    cache.invalidate();
    expect(cache.get('k')).toBeUndefined();
    expect(cache.set('k', index, before)).toBe(false); // built from a snapshot older than the change
    expect(cache.set('k', index, cache.generation)).toBe(true);
  });

  it('drops only the indexes whose filter a change touches (decision 042), and refuses a build older than that change', () => {
    const cache = new MarkerIndexCache(() => true);
    const g = cache.generation;
    cache.set('\u0000', index, g); // the whole map
    cache.set('olaya\u0000', index, g); // zone olaya
    cache.set('\u0000cafes', index, g); // category cafes
    cache.set('malaz\u0000banks', index, g);
    cache.invalidate(new Set(['mk:*:*', 'mk:cafes:*', 'mk:*:olaya', 'mk:cafes:olaya']));
    expect(cache.get('\u0000')).toBeUndefined();
    expect(cache.get('olaya\u0000')).toBeUndefined();
    expect(cache.get('\u0000cafes')).toBeUndefined();
    expect(cache.get('malaz\u0000banks')).toBe(index);
    expect(cache.set('olaya\u0000', index, g)).toBe(false); // built from a snapshot older than the change
    expect(cache.set('malaz\u0000', index, g)).toBe(true); // not touched by it
  });

  it('holds nothing while change notifications are down, and stays bounded', () => {
    let live = false;
    const cache = new MarkerIndexCache(() => live, 2);
    expect(cache.set('k', index, cache.generation)).toBe(false);
    live = true;
    for (const k of ['a', 'b', 'c']) cache.set(k, index, cache.generation);
    expect(cache.get('c')).toBe(index);
    expect(cache.get('a')).toBeUndefined();
    live = false;
    expect(cache.get('c')).toBeUndefined();
  });

  it('builds once for concurrent requests, again after an invalidation', async () => {
    const cache = new MarkerIndexCache(() => true);
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const build = async () => {
      builds++;
      await gate;
      return index;
    };
    const both = Promise.all([cache.getOrBuild('k', build), cache.getOrBuild('k', build)]);
    release();
    expect(await both).toEqual([index, index]);
    expect(builds).toBe(1);
    expect(await cache.getOrBuild('k', build)).toBe(index);
    expect(builds).toBe(1);
    cache.invalidate();
    await cache.getOrBuild('k', build);
    expect(builds).toBe(2);
    await expect(cache.getOrBuild('bad', () => Promise.reject(new Error('zone_not_found')))).rejects.toThrow('zone_not_found');
  });

  it('warms at once, then once per burst of invalidations, and stops on demand', async () => {
    vi.useFakeTimers();
    try {
      const cache = new MarkerIndexCache(() => true);
      let warms = 0;
      cache.setWarmer(async () => warms++, 1000);
      await vi.advanceTimersByTimeAsync(0);
      expect(warms).toBe(1);
      cache.invalidate();
      await vi.advanceTimersByTimeAsync(5000);
      expect(warms).toBe(1); // nobody asked for the whole map since the last warm-up: not rebuilt ahead
      await cache.getOrBuild('\u0000', async () => buildMarkerIndex([], []));
      cache.invalidate(new Set(['mk:cafes:olaya']));
      await vi.advanceTimersByTimeAsync(5000);
      expect(warms).toBe(1); // a change the whole map's markers do not show
      cache.invalidate();
      await vi.advanceTimersByTimeAsync(600);
      cache.invalidate();
      cache.invalidate();
      await vi.advanceTimersByTimeAsync(999);
      expect(warms).toBe(1); // still within the burst's quiet period
      await vi.advanceTimersByTimeAsync(1);
      expect(warms).toBe(2);
      cache.setWarmer(() => Promise.reject(new Error('database down')), 10); // a failure is ignored
      await vi.advanceTimersByTimeAsync(0);
      cache.stopWarming();
      cache.invalidate();
      await vi.advanceTimersByTimeAsync(5000);
      expect(warms).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
