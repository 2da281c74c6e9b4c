import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import './leaflet-map.css';
import L from 'leaflet';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer, ZoomControl, useMap } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_CENTER, DEFAULT_ZOOM, MAP_TILE_ATTRIBUTION, MAP_TILE_URL } from './map-config.ts';
import type { MapMarker, MapViewProps } from './types.ts';
import { UserPositionLayer } from './user-position-layer.tsx';
import '../../lib/page-strings.ts';

/** The parts of leaflet.markercluster's group used here (its types package is not installed). */
interface ClusterGroup extends L.FeatureGroup {
  addLayers(layers: L.Layer[]): this;
}
interface Cluster {
  getChildCount(): number;
}

/** A div icon whose element carries an accessible name (Leaflet gives marker icons role=button). */
const LabelledDivIcon = L.DivIcon.extend({
  createIcon(this: L.DivIcon & { options: { label?: string } }, old?: HTMLElement) {
    const el = L.DivIcon.prototype.createIcon.call(this, old);
    if (this.options.label) el.setAttribute('aria-label', this.options.label);
    return el;
  },
}) as unknown as new (options: L.DivIconOptions & { label?: string }) => L.DivIcon;

const pinIcons: Record<'place' | 'building', L.DivIcon> = {
  place: L.divIcon({ className: 'map-pin map-pin--place', html: '<span class="map-pin__shape"></span>', iconSize: [26, 30], iconAnchor: [13, 30], popupAnchor: [0, -26] }),
  building: L.divIcon({ className: 'map-pin map-pin--building', html: '<span class="map-pin__shape"></span>', iconSize: [26, 30], iconAnchor: [13, 30], popupAnchor: [0, -26] }),
};

function popupContent(marker: MapMarker, openLabel: string | undefined, open: (marker: MapMarker, event: MouseEvent) => void): HTMLElement {
  const root = document.createElement('div');
  root.className = 'map-popup';
  root.dir = 'auto';
  const title = document.createElement(marker.href ? 'a' : 'strong');
  title.className = 'map-popup__title';
  title.textContent = openLabel ?? marker.title;
  if (marker.href) {
    (title as HTMLAnchorElement).href = marker.href;
    title.addEventListener('click', (event) => open(marker, event as MouseEvent));
  }
  root.appendChild(title);
  if (openLabel) {
    const name = document.createElement('div');
    name.textContent = marker.title;
    root.prepend(name);
  }
  if (marker.subtitle) {
    const sub = document.createElement('div');
    sub.className = 'map-popup__subtitle';
    sub.textContent = marker.subtitle;
    root.appendChild(sub);
  }
  return root;
}

/** What a marker layer shows (position, kind, texts, link, cluster size): equal signatures draw equal layers. */
function markerSignature(m: MapMarker): string {
  return JSON.stringify([m.id, m.kind ?? '', m.lat, m.lng, m.title, m.subtitle ?? '', m.href ?? '', m.count ?? '', m.expansionZoom ?? '']);
}

/** The signature of a whole marker set (order included). */
function markersSignature(markers: MapMarker[]): string {
  return markers.map(markerSignature).join('\n');
}

/** Adds the markers imperatively (one Leaflet layer each, added in chunks): thousands stay smooth. */
function Markers({ markers, cluster, fitToMarkers, onMarkerOpen, openLabel, clusterLabel }: Required<Pick<MapViewProps, 'markers' | 'cluster' | 'fitToMarkers'>> & Pick<MapViewProps, 'onMarkerOpen' | 'openLabel' | 'clusterLabel'>) {
  const map = useMap();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const groupRef = useRef<ClusterGroup>(null);
  const openRef = useRef(onMarkerOpen);
  openRef.current = onMarkerOpen;
  // the cluster group adds big marker sets in chunks (between frames); the map region is aria-busy meanwhile
  const progressRef = useRef<(done: number, total: number) => void>(() => undefined);
  const onChunkProgress = useCallback((done: number, total: number) => progressRef.current(done, total), []);
  // The layers follow the markers' content, not the array's identity: a page re-render that builds an equal
  // array (theme or preference change, a refetch with the same answer, a namespace loaded) keeps the layers,
  // the view and an open popup as they are.
  const markersRef = useRef(markers);
  markersRef.current = markers;
  const content = useMemo(() => markersSignature(markers), [markers]);

  useEffect(() => {
    const markers = markersRef.current;
    const open = (marker: MapMarker, event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // new tab etc.
      event.preventDefault();
      if (openRef.current) openRef.current(marker);
      else if (marker.href) navigate(marker.href);
    };
    const layers = markers.map((m) => {
      const layer = L.marker([m.lat, m.lng], { icon: pinIcons[m.kind === 'building' ? 'building' : 'place'], title: m.title, keyboard: true, riseOnHover: true });
      layer.bindPopup(() => popupContent(m, openLabel, open), { autoPanPadding: [24, 24] });
      return layer;
    });
    const group = cluster ? groupRef.current : null;
    const target: L.LayerGroup = group ?? L.layerGroup().addTo(map);
    const region = map.getContainer().closest('.map-view');
    if (group) {
      if (layers.length && map.hasLayer(group)) {
        region?.setAttribute('aria-busy', 'true');
        progressRef.current = (done, total) => {
          if (done >= total) region?.removeAttribute('aria-busy');
        };
      }
      group.addLayers(layers);
    } else for (const layer of layers) target.addLayer(layer);

    // Fitting is instant, not animated: an animated zoom still running when a visitor opens a pin's popup ends
    // with the cluster group re-clustering at the new zoom, which removes that pin and closes its popup.
    if (fitToMarkers && markers.length > 0) {
      if (markers.length === 1) map.setView([markers[0].lat, markers[0].lng], 16, { animate: false });
      else map.fitBounds(L.latLngBounds(markers.map((m) => [m.lat, m.lng] as [number, number])), { padding: [24, 24], maxZoom: 16, animate: false });
    }
    return () => {
      progressRef.current = () => undefined;
      region?.removeAttribute('aria-busy');
      target.clearLayers();
      if (!group) map.removeLayer(target);
    };
  }, [content, cluster, fitToMarkers, map, navigate, openLabel]);

  const clusterIcon = useMemo(
    () => (group: Cluster) => {
      const count = group.getChildCount();
      const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
      return new LabelledDivIcon({
        html: `<span>${count}</span>`,
        className: `map-cluster map-cluster--${size}`,
        iconSize: L.point(40, 40),
        label: clusterLabel ? clusterLabel(count) : t('mapView.cluster', { count }),
      });
    },
    [t, clusterLabel],
  );

  if (!cluster) return null;
  return (
    <MarkerClusterGroup ref={groupRef} animate={false} chunkedLoading chunkInterval={40} chunkDelay={16} chunkProgress={onChunkProgress} showCoverageOnHover={false} maxClusterRadius={80} iconCreateFunction={clusterIcon}>
      {null}
    </MarkerClusterGroup>
  );
}

/** Milliseconds of quiet after a move or zoom before the view is reported (onViewChange). */
const VIEW_DEBOUNCE_MS = 250;

/**
 * Server-clustered markers (MapViewProps.onViewChange): reports the view (debounced on moveend, which
 * Leaflet also fires after a zoom) and draws the given clusters and pins as they are, diffing by id so
 * unchanged layers (and an open popup) stay. A cluster is a keyboard-reachable button; click/Enter
 * zooms to its expansionZoom, centred on it.
 */
function ViewMarkers({ markers, onViewChange, onMarkerOpen, openLabel, clusterLabel }: Pick<MapViewProps, 'markers' | 'onMarkerOpen' | 'openLabel' | 'clusterLabel'> & { onViewChange: NonNullable<MapViewProps['onViewChange']> }) {
  const map = useMap();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const reportRef = useRef(onViewChange);
  reportRef.current = onViewChange;
  const openRef = useRef(onMarkerOpen);
  openRef.current = onMarkerOpen;
  const layersRef = useRef(new Map<string, { layer: L.Marker; signature: string }>());
  const groupRef = useRef<L.LayerGroup | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const report = () => {
      const b = map.getBounds();
      reportRef.current({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth(), zoom: map.getZoom() });
    };
    const onMove = () => {
      clearTimeout(timer);
      timer = setTimeout(report, VIEW_DEBOUNCE_MS);
    };
    map.whenReady(report);
    map.on('moveend', onMove);
    return () => {
      clearTimeout(timer);
      map.off('moveend', onMove);
    };
  }, [map]);

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    groupRef.current = group;
    const layers = layersRef.current;
    return () => {
      layers.clear();
      map.removeLayer(group);
      groupRef.current = null;
    };
  }, [map]);

  useEffect(() => {
    const group = groupRef.current;
    if (!group) return;
    const open = (marker: MapMarker, event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // new tab etc.
      event.preventDefault();
      if (openRef.current) openRef.current(marker);
      else if (marker.href) navigate(marker.href);
    };
    const layers = layersRef.current;
    const wanted = new Set<string>();
    for (const m of markers) {
      const key = String(m.id);
      const count = m.count ?? 0;
      const label = m.kind === 'cluster' ? (clusterLabel ? clusterLabel(count) : t('mapView.cluster', { count })) : '';
      // a cluster's label is part of what it shows: after a language switch its layer is made again in the new language
      const signature = `${markerSignature(m)}${label}`;
      wanted.add(key);
      const existing = layers.get(key);
      if (existing?.signature === signature) continue;
      if (existing) group.removeLayer(existing.layer);
      let layer: L.Marker;
      if (m.kind === 'cluster') {
        const size = count < 10 ? 'small' : count < 100 ? 'medium' : 'large';
        const icon = new LabelledDivIcon({
          html: `<span>${count}</span>`, className: `map-cluster map-cluster--${size}`, iconSize: L.point(40, 40), label,
        });
        layer = L.marker([m.lat, m.lng], { icon, keyboard: true });
        // Leaflet fires click for a mouse click and for Enter on the focused icon
        layer.on('click', () => map.setView([m.lat, m.lng], m.expansionZoom ?? map.getZoom() + 1));
      } else {
        layer = L.marker([m.lat, m.lng], { icon: pinIcons[m.kind === 'building' ? 'building' : 'place'], title: m.title, keyboard: true, riseOnHover: true });
        layer.bindPopup(() => popupContent(m, openLabel, open), { autoPanPadding: [24, 24] });
      }
      group.addLayer(layer);
      layers.set(key, { layer, signature });
    }
    for (const [key, { layer }] of layers) {
      if (wanted.has(key)) continue;
      group.removeLayer(layer);
      layers.delete(key);
    }
  }, [markers, map, navigate, openLabel, clusterLabel, t]);

  return null;
}

/**
 * The tiles' credit line (HTML) in the attribution control, replaced when it changes: the default is
 * OpenStreetMap's credit in the page's language, which a TileLayer `attribution` (read once) would
 * leave in the language the map was opened in.
 */
function TileCredit({ text, leafletTitle }: { text: string; leafletTitle: string }) {
  const map = useMap();
  useEffect(() => {
    // Leaflet's own credit, its tooltip in the page's language (the default prefix is English on every page)
    map.attributionControl?.setPrefix(`<a href="https://leafletjs.com" title="${leafletTitle.replace(/[<>&"]/g, '')}">Leaflet</a>`);
  }, [map, leafletTitle]);
  useEffect(() => {
    map.attributionControl?.addAttribution(text);
    return () => {
      map.attributionControl?.removeAttribution(text);
    };
  }, [map, text]);
  return null;
}

/**
 * The Leaflet map itself (loaded lazily through map-view.tsx, so only map screens download Leaflet).
 * Its container is always dir="ltr": Leaflet positions tiles and controls assuming left-to-right.
 */
export default function LeafletMap({ markers, label, height = 'max(320px, 60vh)', center = DEFAULT_CENTER, zoom = DEFAULT_ZOOM, fitToMarkers = true, cluster = true, onMarkerOpen, openLabel, clusterLabel, userPosition, onViewChange }: MapViewProps) {
  const { t } = useTranslation();
  return (
    <div dir="ltr" className="map-view" role="region" aria-label={label} style={{ height }}>
      <MapContainer center={center} zoom={zoom} zoomControl={false} scrollWheelZoom={false} style={{ height: '100%', width: '100%' }}>
        <TileLayer url={MAP_TILE_URL} />
        <TileCredit text={MAP_TILE_ATTRIBUTION ?? t('mapView.attribution')} leafletTitle={t('mapView.leafletTitle')} />
        <ZoomControl position="topleft" zoomInTitle={t('mapView.zoomIn')} zoomOutTitle={t('mapView.zoomOut')} />
        {onViewChange
          ? <ViewMarkers markers={markers} onViewChange={onViewChange} onMarkerOpen={onMarkerOpen} openLabel={openLabel} clusterLabel={clusterLabel} />
          : <Markers markers={markers} cluster={cluster} fitToMarkers={fitToMarkers} onMarkerOpen={onMarkerOpen} openLabel={openLabel} clusterLabel={clusterLabel} />}
        {userPosition && <UserPositionLayer position={userPosition} />}
      </MapContainer>
    </div>
  );
}
