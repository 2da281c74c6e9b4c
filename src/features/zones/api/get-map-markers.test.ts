// @vitest-environment jsdom
import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CENTER, DEFAULT_ZOOM } from '../../../components/map/map-config.ts';
import { parseBbox } from '../../../shared/schemas/map-schemas.ts';
import { initialMapBounds, markersView } from './get-map-markers.ts';

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

describe('initialMapBounds', () => {
  /** A real Leaflet map in a container of `width`×`height` (jsdom has no layout: the size is given). */
  function leafletBounds(center: [number, number], zoom: number, width: number, height: number) {
    const el = document.createElement('div');
    Object.defineProperty(el, 'clientWidth', { value: width });
    Object.defineProperty(el, 'clientHeight', { value: height });
    document.body.appendChild(el);
    const map = L.map(el, { center, zoom, zoomControl: false, attributionControl: false });
    const b = map.getBounds();
    map.remove();
    el.remove();
    return { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth(), zoom };
  }

  // the map page's placeholder sizes: phone, tablet, desktop, a wide screen; odd sizes exercise the rounding
  const cases: [string, [number, number], number, number, number][] = [
    ['the map page on a desktop', DEFAULT_CENTER, DEFAULT_ZOOM, 1232, 480],
    ['a phone', DEFAULT_CENTER, DEFAULT_ZOOM, 343, 401],
    ['a wide screen', DEFAULT_CENTER, DEFAULT_ZOOM, 1855, 647],
    ['another city and zoom', [-33.8688, 151.2093], 13, 1001, 333],
    ['near the projection limit', [84.9, -179.5], 4, 777, 555],
  ];
  for (const [name, center, zoom, width, height] of cases) {
    it(`gives the bounds Leaflet shows when it opens (${name})`, () => {
      const ours = initialMapBounds(center, zoom, width, height);
      const leaflet = leafletBounds(center, zoom, width, height);
      for (const side of ['west', 'south', 'east', 'north'] as const) expect(ours[side]).toBeCloseTo(leaflet[side], 9);
      // and so the first view the map page asks for before Leaflet is there is the one the map reports
      expect(markersView(ours)).toEqual(markersView(leaflet));
    });
  }
});
