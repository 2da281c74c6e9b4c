import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapMarker } from '../../components/map/map-view.tsx';
import { usePreferences } from '../../lib/preferences.tsx';
import type { MapMarkers } from '../../shared/schemas/map-schemas.ts';

/** A list query the popups take names from: pending until answered (or failed). */
interface NamesQuery<T> { data?: readonly T[]; isPending: boolean }

/**
 * The map's markers from a view's answer (GET /public/map/markers; `undefined` until it arrives): clusters, places
 * and buildings with their popups' names (a place's category, a building's zone, in the page's language) and links,
 * plus the view's counts (lone markers and what the clusters hold). Built once the names are known (or failed to
 * load): every rebuild re-adds every pin.
 */
export function useViewMarkers(
  data: MapMarkers | undefined,
  categories: NamesQuery<{ slug: string; name: string; nameAr: string | null }>,
  zones: NamesQuery<{ slug: string; title: string; titleAr: string | null }>,
) {
  const { t } = useTranslation();
  const { pick, localize } = usePreferences();
  const categoryNames = useMemo(() => new Map((categories.data ?? []).map((c) => [c.slug, pick(c.name, c.nameAr)])), [categories.data, pick]);
  const zoneNames = useMemo(() => new Map((zones.data ?? []).map((z) => [z.slug, pick(z.title, z.titleAr)])), [zones.data, pick]);
  // Built once the names for the popups are known (or failed to load): every rebuild re-adds every pin.
  const namesSettled = !categories.isPending && !zones.isPending;
  const markers = useMemo<MapMarker[]>(() => {
    if (!data || !namesSettled) return [];
    const clusters: MapMarker[] = data.clusters.map((c) => ({ id: `c-${c.id}`, kind: 'cluster', lat: c.lat, lng: c.lng, title: '', count: c.count, expansionZoom: c.expansionZoom }));
    const places: MapMarker[] = data.places
      .map((p) => ({ id: `p-${p.slug}`, lat: p.lat, lng: p.lng, title: pick(p.name, p.nameAr), subtitle: categoryNames.get(p.category), href: localize(`/p/${p.slug}`) }));
    const buildings: MapMarker[] = data.buildings.map((b) => ({
      id: `b-${b.zone}-${b.slug}`, lat: b.lat, lng: b.lng, kind: 'building',
      title: b.number ? `${t('zone.buildingNumber', { number: b.number })} · ${pick(b.name, b.nameAr)}` : pick(b.name, b.nameAr),
      subtitle: zoneNames.get(b.zone), href: `${localize(`/map/zones/${b.zone}`)}#building-${b.slug}`,
    }));
    return [...clusters, ...places, ...buildings];
  }, [data, namesSettled, categoryNames, zoneNames, pick, localize, t]);
  // the view's counts: lone markers plus what the clusters hold
  const placeCount = data ? data.places.length + data.clusters.reduce((n, c) => n + c.places, 0) : 0;
  const buildingCount = data ? data.buildings.length + data.clusters.reduce((n, c) => n + c.count - c.places, 0) : 0;
  return { markers, placeCount, buildingCount };
}
