import { preloadLeafletMap } from '../../components/map/map-view.tsx';
import { DEFAULT_CENTER, DEFAULT_ZOOM } from '../../components/map/map-config.ts';
import { detectLang, isLang } from '../../lib/browser-language.ts';
import { prefetchFirstMapView } from './api/get-map-markers.ts';

/** The language the page was rendered in (the server sets `<html lang>`), else the URL's or the stored one. */
const pageLang = () => (isLang(document.documentElement.lang) ? document.documentElement.lang : detectLang(window.location));

/**
 * Called by the /map page's module when it loads in the browser (before the page hydrates): Leaflet starts loading,
 * and so does the first view's markers, sized from the server-rendered placeholder (`#<mapId>`) the map will replace
 * (not when the map is hidden, `?map=hidden`). Nothing on the server.
 */
export function preloadMapPage(mapId: string): void {
  if (typeof document === 'undefined') return;
  void preloadLeafletMap();
  const placeholder = document.getElementById(mapId);
  const params = new URLSearchParams(window.location.search);
  if (placeholder && !placeholder.hidden && params.get('map') !== 'hidden') {
    const { width, height } = placeholder.getBoundingClientRect();
    prefetchFirstMapView(pageLang(), DEFAULT_CENTER, DEFAULT_ZOOM, Math.round(width), Math.round(height), params.get('category') || undefined);
  }
}
