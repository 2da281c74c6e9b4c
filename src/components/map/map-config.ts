/**
 * Tiles from the build-time setting VITE_MAP_TILE_URL (a Leaflet URL template with {z}/{x}/{y}, optional {s}),
 * default OpenStreetMap's standard tiles; VITE_MAP_TILE_ATTRIBUTION (HTML) overrides the credit line, which
 * every tile provider requires.
 */
export const MAP_TILE_URL: string = (import.meta.env.VITE_MAP_TILE_URL as string | undefined) || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The configured credit line (HTML), or undefined: then the page's language's OpenStreetMap credit (mapView.attribution). */
export const MAP_TILE_ATTRIBUTION: string | undefined = (import.meta.env.VITE_MAP_TILE_ATTRIBUTION as string | undefined) || undefined;

/** Riyadh, where the seeded directory lives: the view when there is nothing to fit. */
export const DEFAULT_CENTER: [number, number] = [24.7136, 46.6753];
export const DEFAULT_ZOOM = 11;
