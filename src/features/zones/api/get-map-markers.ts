import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MapViewState } from '../../../components/map/types.ts';
import type { Lang } from '../../../lib/browser-language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { apiRequest, publicSchema } from '../../../lib/api-client.ts';
import { MAP_VIEW_LIMITS } from '../../../shared/constants.ts';
import type { MapMarkers } from '../../../shared/schemas/map-schemas.ts';

/**
 * GET /public/map/markers (optional `zoneSlug`) → `{ places: [{slug,name,nameAr,lat,lng,category}],
 * buildings: [{slug,name,nameAr,number,lat,lng,zone}] }`: every place and building with coordinates
 * (both languages' names; the server lets the browser cache the answer for 60 s).
 */
export const mapMarkersQueryOptions = (lang: Lang, zoneSlug?: string) =>
  queryOptions({
    queryKey: ['map-markers', lang, { zoneSlug: zoneSlug ?? null }],
    queryFn: ({ signal }) => apiRequest('/public/map/markers', { query: { zoneSlug }, schema: publicSchema('mapMarkers'), signal }),
    staleTime: 5 * 60_000,
  });

export function useMapMarkersQuery(zoneSlug?: string) {
  const { lang } = usePreferences();
  return useQuery(mapMarkersQueryOptions(lang, zoneSlug));
}

/** A map view as asked from the API: the snapped bbox ("w,s,e,n") and integer zoom. */
export interface MarkersView { bbox: string; zoom: number }

/**
 * The view to ask markers for: the map's bounds padded by half their size on each side, snapped
 * outward to a grid of a quarter tile at that zoom (so small pans ask for the same URL, which the
 * react-query and server caches then answer), clamped to ±180° / ±85° (a map page never asks
 * across the antimeridian), zoom rounded to an integer in MAP_VIEW_LIMITS.
 */
export function markersView(view: MapViewState): MarkersView {
  const zoom = Math.min(MAP_VIEW_LIMITS.maxZoom, Math.max(MAP_VIEW_LIMITS.minZoom, Math.round(view.zoom)));
  const step = 360 / 2 ** zoom / 4;
  const padX = (view.east - view.west) / 2;
  const padY = (view.north - view.south) / 2;
  const snap = (x: number, round: (n: number) => number, limit: number) =>
    Number(Math.min(limit, Math.max(-limit, round(x / step) * step)).toFixed(6));
  const west = snap(view.west - padX, Math.floor, 180);
  const east = snap(view.east + padX, Math.ceil, 180);
  const south = snap(view.south - padY, Math.floor, 85);
  const north = snap(view.north + padY, Math.ceil, 85);
  return { bbox: `${west},${south},${east},${north}`, zoom };
}

const viewMarkersRequest = (view: MarkersView, categorySlug: string | undefined, signal?: AbortSignal) =>
  apiRequest('/public/map/markers', { query: { bbox: view.bbox, zoom: String(view.zoom), categorySlug }, schema: publicSchema('mapMarkers'), signal });

const TILE_SIZE = 256;
const MAX_MERCATOR_LAT = 85.0511287798;

/**
 * The bounds a Leaflet map of `width`×`height` CSS pixels shows at `center` and integer `zoom` when it
 * opens: its spherical-Mercator projection (EPSG:3857, 256-pixel tiles), the top-left pixel rounded as
 * Leaflet rounds its pixel origin.
 */
export function initialMapBounds(center: [number, number], zoom: number, width: number, height: number): MapViewState {
  const worldPx = TILE_SIZE * 2 ** zoom;
  const lat = Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, center[0])) * (Math.PI / 180);
  const x = ((center[1] + 180) / 360) * worldPx;
  const y = (0.5 - Math.log(Math.tan(Math.PI / 4 + lat / 2)) / (2 * Math.PI)) * worldPx;
  const left = Math.round(x - width / 2);
  const top = Math.round(y - height / 2);
  const lngOf = (px: number) => (px / worldPx) * 360 - 180;
  const latOf = (py: number) => (2 * Math.atan(Math.exp(Math.PI * (1 - (2 * py) / worldPx))) - Math.PI / 2) * (180 / Math.PI);
  return { west: lngOf(left), east: lngOf(left + width), north: latOf(top), south: latOf(top + height), zoom };
}

/**
 * A first view's answer asked for before the page hydrated, taken once by the query of the same key:
 * as its initial data when it has arrived by then (no extra render round), else as its request.
 */
let firstView: { key: string; askedAt: number; answer: Promise<MapMarkers>; arrived?: { data: MapMarkers } } | null = null;
/** How long a first view's answer may wait for its map (a page left before its map opened leaves it unused). */
const FIRST_VIEW_TTL_MS = 30_000;
const firstViewKey = (lang: Lang, view: MarkersView, categorySlug: string | undefined) => JSON.stringify([lang, view.bbox, view.zoom, categorySlug ?? null]);

/**
 * Asks for the markers of the view a map opening at `center`/`zoom` in a `width`×`height` container
 * will report (`markersView` of `initialMapBounds`), before React and Leaflet are ready: the map page
 * calls it when its module loads, so the answer arrives while the page hydrates instead of after Leaflet
 * has mounted (decision 031). `useMapViewMarkersQuery` uses the answer if its first view has the same
 * key (language, bbox, zoom, category); otherwise it is simply not used.
 */
export function prefetchFirstMapView(lang: Lang, center: [number, number], zoom: number, width: number, height: number, categorySlug?: string) {
  if (width <= 0 || height <= 0) return;
  const view = markersView(initialMapBounds(center, zoom, width, height));
  const answer = viewMarkersRequest(view, categorySlug);
  const entry: NonNullable<typeof firstView> = { key: firstViewKey(lang, view, categorySlug), askedAt: Date.now(), answer };
  answer.then((data) => { entry.arrived = { data }; }, () => undefined); // a failure reaches the query that takes it, or nobody
  firstView = entry;
}

/** The prefetched first view if it is this key's (taken: used once). */
function takeFirstView(key: string) {
  const taken = firstView?.key === key && Date.now() - firstView.askedAt < FIRST_VIEW_TTL_MS ? firstView : null;
  if (taken) firstView = null;
  return taken;
}

/**
 * GET /public/map/markers?bbox&zoom (optional `categorySlug`) → the view's `clusters` and lone
 * `places`/`buildings` (decision 031). Keyed by the snapped view; the previous view's answer stays
 * on the map while the next one loads. Disabled until the map has reported its view. The first view's
 * answer may already be on its way (`prefetchFirstMapView`).
 */
export function useMapViewMarkersQuery(view: MarkersView | null, categorySlug?: string) {
  const { lang } = usePreferences();
  return useQuery({
    queryKey: ['map-markers', lang, { bbox: view?.bbox ?? null, zoom: view?.zoom ?? null, categorySlug: categorySlug ?? null }],
    queryFn: ({ signal }) => takeFirstView(firstViewKey(lang, view!, categorySlug))?.answer ?? viewMarkersRequest(view!, categorySlug, signal),
    // read when the query is created: an answer already here is its data at once
    initialData: () => (view && firstView?.arrived ? takeFirstView(firstViewKey(lang, view, categorySlug))?.arrived?.data : undefined),
    enabled: view !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
