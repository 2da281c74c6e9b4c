import { Skeleton } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { MapViewProps } from './types.ts';
import { useHydrated } from '../ui/deferred.tsx';
import { loadWhenOnline } from '../../lib/network-status.ts';

export type { MapMarker, MapViewProps, MapViewState } from './types.ts';

let leafletMap: Promise<typeof import('./leaflet-map.tsx')> | null = null;

/**
 * Starts loading the Leaflet map (once): map pages call it when their module loads in the browser, so
 * Leaflet is evaluated while the page hydrates instead of after it (the server also `modulepreload`s it).
 */
export function preloadLeafletMap(): Promise<typeof import('./leaflet-map.tsx')> {
  leafletMap ??= loadWhenOnline(() => import('./leaflet-map.tsx')).then((module) => {
    LoadedLeafletMap = module.default;
    return module;
  });
  return leafletMap;
}

/** The Leaflet map once its module has loaded: rendered directly, without a Suspense round (and React's reveal throttle). */
let LoadedLeafletMap: typeof import('./leaflet-map.tsx').default | null = null;

const LeafletMap = lazy(preloadLeafletMap);

/**
 * A react-leaflet map of generic markers ({id, lat, lng, title, href}), clustered by default, tiles from
 * VITE_MAP_TILE_URL (OpenStreetMap by default, with attribution). Leaflet is fetched only when a map
 * is first rendered: importing this file costs nothing on other screens. A skeleton of the same size
 * holds the place meanwhile (no layout shift).
 */
export function MapView(props: MapViewProps) {
  const height = props.height ?? 'max(320px, 60vh)';
  // Leaflet needs the browser: the server's HTML (and the hydration that matches it) holds the skeleton
  const hydrated = useHydrated();
  const skeleton = <Skeleton height={height} borderRadius="12px" aria-busy="true" aria-label={props.label} />;
  if (!hydrated) return skeleton;
  if (LoadedLeafletMap) return <LoadedLeafletMap {...props} />;
  return (
    <Suspense fallback={skeleton}>
      <LeafletMap {...props} />
    </Suspense>
  );
}
