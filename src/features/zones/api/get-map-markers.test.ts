import { describe, expect, it } from 'vitest';
import { parseBbox } from '../../../shared/schemas/map.ts';
import { markersView } from './get-map-markers.ts';

describe('markersView', () => {
  const riyadh = { west: 46.6, south: 24.65, east: 46.75, north: 24.78, zoom: 12 };

  it('pads the view, snaps it outward to a quarter-tile grid and gives a bbox the API accepts', () => {
    const v = markersView(riyadh);
    expect(v.zoom).toBe(12);
    const box = parseBbox(v.bbox)!;
    expect(box).not.toBeNull();
    expect(box.west).toBeLessThanOrEqual(46.6 - 0.075);
    expect(box.east).toBeGreaterThanOrEqual(46.75 + 0.075);
    expect(box.south).toBeLessThanOrEqual(24.65 - 0.065);
    expect(box.north).toBeGreaterThanOrEqual(24.78 + 0.065);
    const step = 360 / 2 ** 12 / 4;
    for (const x of [box.west, box.south, box.east, box.north]) expect(Math.abs(x / step - Math.round(x / step))).toBeLessThan(1e-3);
  });

  it('asks for the same view after a small pan, and clamps the world view and zoom', () => {
    const moved = { ...riyadh, west: riyadh.west + 0.001, east: riyadh.east + 0.001 };
    expect(markersView(moved)).toEqual(markersView(riyadh));
    expect(markersView({ west: -400, south: -89, east: 400, north: 89, zoom: -1 })).toEqual({ bbox: '-180,-85,180,85', zoom: 0 });
    expect(markersView({ ...riyadh, zoom: 30 }).zoom).toBe(22);
  });
});
