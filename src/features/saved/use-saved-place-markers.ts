import { useEffect, useState } from 'react';
import type { MapMarker } from '../../components/map/map-view.tsx';
import { usePreferences } from '../../lib/preferences.tsx';

/**
 * The markers of the places saved on this device (src/lib/saved-places.ts, through features/saved's saved-on-map), read while `active` (offline) and kept
 * current as places are saved or removed; `[]` otherwise. Same ids as the view's place markers (`p-<slug>`), so a
 * place both in the view and saved is pinned once.
 */
export type SavedOnMap = Pick<typeof import('./components/saved-on-map.tsx'), 'listSavedPlaces' | 'subscribeSavedPlaces' | 'SavedOnlyNotice'>;

export function useSavedPlaceMarkers(active: boolean): { markers: MapMarker[]; store: SavedOnMap | null } {
  const { pick, localize } = usePreferences();
  const [saved, setSaved] = useState<MapMarker[]>([]);
  // the store's module loads once the page is up, online: when the network goes, it is already here
  const [store, setStore] = useState<SavedOnMap | null>(null);
  useEffect(() => {
    let live = true;
    void import('./components/saved-on-map.tsx').then((m) => {
      if (live) setStore({ listSavedPlaces: m.listSavedPlaces, subscribeSavedPlaces: m.subscribeSavedPlaces, SavedOnlyNotice: m.SavedOnlyNotice });
    }, () => {});
    return () => { live = false; };
  }, []);
  useEffect(() => {
    if (!active || !store) return;
    let live = true;
    const read = () => store.listSavedPlaces().then((places) => {
      if (!live) return;
      setSaved(places.filter((p) => p.latitude != null && p.longitude != null).map((p) => ({
        id: `p-${p.slug}`, lat: p.latitude!, lng: p.longitude!, title: pick(p.name, p.nameAr),
        subtitle: pick(p.category.name, p.category.nameAr), href: localize(`/p/${p.slug}`),
      })));
    }, () => {});
    const unsubscribe = store.subscribeSavedPlaces(() => void read());
    void read();
    return () => { live = false; unsubscribe(); };
  }, [active, store, pick, localize]);
  return { markers: active ? saved : [], store };
}
