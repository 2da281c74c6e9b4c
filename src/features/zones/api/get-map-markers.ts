import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MapViewState } from '../../../components/map/types.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { MAP_VIEW_LIMITS, mapMarkersSchema } from '../../../shared/schemas/map.ts';

/**
 * GET /public/map/markers (optional `zoneSlug`) → `{ places: [{slug,name,nameAr,lat,lng,category}],
 * buildings: [{slug,name,nameAr,number,lat,lng,zone}] }`: every place and building with coordinates
 * (both languages' names; the server lets the browser cache the answer for 60 s).
 */
export const mapMarkersQueryOptions = (lang: Lang, zoneSlug?: string) =>
  queryOptions({
    queryKey: ['map-markers', lang, { zoneSlug: zoneSlug ?? null }],
    queryFn: ({ signal }) => apiRequest('/public/map/markers', { query: { zoneSlug }, schema: mapMarkersSchema, signal }),
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

/**
 * GET /public/map/markers?bbox&zoom (optional `categorySlug`) → the view's `clusters` and lone
 * `places`/`buildings` (decision 031). Keyed by the snapped view; the previous view's answer stays
 * on the map while the next one loads. Disabled until the map has reported its view.
 */
export function useMapViewMarkersQuery(view: MarkersView | null, categorySlug?: string) {
  const { lang } = usePreferences();
  return useQuery({
    queryKey: ['map-markers', lang, { bbox: view?.bbox ?? null, zoom: view?.zoom ?? null, categorySlug: categorySlug ?? null }],
    queryFn: ({ signal }) =>
      apiRequest('/public/map/markers', { query: { bbox: view!.bbox, zoom: String(view!.zoom), categorySlug }, schema: mapMarkersSchema, signal }),
    enabled: view !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
