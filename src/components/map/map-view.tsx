import { Skeleton } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { MapViewProps } from './types.ts';
import { useHydrated } from '../ui/deferred.tsx';

export type { MapMarker, MapViewProps, MapViewState } from './types.ts';

const LeafletMap = lazy(() => import('./leaflet-map.tsx'));

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
  return (
    <Suspense fallback={skeleton}>
      <LeafletMap {...props} />
    </Suspense>
  );
}
