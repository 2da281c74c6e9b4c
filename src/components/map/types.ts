/** One pin on a map. `href` is an in-app path (already localised) opened from the marker's popup. */
export interface MapMarker {
  id: string | number;
  lat: number;
  lng: number;
  title: string;
  href?: string;
  /** A second line in the popup (category, building number…). */
  subtitle?: string;
  /** Visual kind: 'place' (default) or 'building' pins, or a 'cluster' bubble (server-clustered maps). */
  kind?: 'place' | 'building' | 'cluster';
  /** A cluster's number of markers (shown in its bubble). */
  count?: number;
  /** The zoom a cluster splits at: activating it zooms the map there, centred on it. */
  expansionZoom?: number;
}

/** What the map shows: its bounds (WGS84 degrees; west/east may pass ±180 when the world repeats) and zoom. */
export interface MapViewState {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

export interface MapViewProps {
  markers: MapMarker[];
  /** Accessible name of the map region, e.g. 'Map of places'. */
  label: string;
  /** CSS height of the map (default 60vh, at least 320 px). */
  height?: string;
  /** Initial view when there are no markers to fit (default: Riyadh). */
  center?: [number, number];
  zoom?: number;
  /** Fit the view to the markers whenever they change (default true). */
  fitToMarkers?: boolean;
  /** Group nearby markers into clusters (default true; keeps thousands of markers smooth). */
  cluster?: boolean;
  /** Called instead of following `href` when a popup's link is activated. */
  onMarkerOpen?: (marker: MapMarker) => void;
  /** Popup link text (default: the marker title). */
  openLabel?: string;
  /**
   * Server-clustered mode: called (debounced) with the view when the map is ready and after every
   * move or zoom; `markers` are then the view's clusters and pins, drawn as given (no client-side
   * clustering, no fitting), updated by id so an open popup survives a refresh.
   */
  onViewChange?: (view: MapViewState) => void;
  /** Accessible name of a cluster icon, e.g. (n) => `${n} places – zoom in`. */
  clusterLabel?: (count: number) => string;
  /** The visitor's position: drawn (dot and accuracy circle) and centred on when set (decision 030). */
  userPosition?: UserPosition;
}

/** A visitor's position in decimal degrees with the browser's accuracy radius in metres. */
export interface UserPosition { lat: number; lng: number; accuracyM: number }
