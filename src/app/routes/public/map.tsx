import { Box, Button, chakra, Container, Heading, HStack, Input, InputGroup, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Eye, EyeOff, Search, SearchX } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { MapView, preloadLeafletMap, type MapMarker, type MapViewState } from '../../../components/map/map-view.tsx';
import { LocateControl } from '../../../components/map/locate-control.tsx';
import type { UserPosition } from '../../../components/map/types.ts';
import { CardGridSkeleton, EmptyBlock, ErrorState } from '../../../components/ui/query-states.tsx';
import { Deferred } from '../../../components/ui/deferred.tsx';
import { useCategoriesQuery } from '../../../features/categories/api/get-categories.ts';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import { markersView, prefetchFirstMapView, useMapViewMarkersQuery, type MarkersView } from '../../../features/zones/api/get-map-markers.ts';
import { useZonesQuery } from '../../../features/zones/api/get-zones.ts';
import { ZoneCard } from '../../../features/zones/components/zone-card.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { getNetworkState, subscribeNetworkState } from '../../../lib/network-status.ts';
import { getOfflineCopyState, subscribeOfflineCopy } from '../../../lib/offline-copy.ts';
import { detectLang, isLang } from '../../../lib/browser-language.ts';
import { DEFAULT_CENTER, DEFAULT_ZOOM } from '../../../components/map/map-config.ts';

const MAP_ID = 'city-map';

/**
 * The markers of the places saved on this device (src/lib/saved-places.ts, through features/saved's saved-on-map), read while `active` (offline) and kept
 * current as places are saved or removed; `[]` otherwise. Same ids as the view's place markers (`p-<slug>`), so a
 * place both in the view and saved is pinned once.
 */
type SavedOnMap = Pick<typeof import('../../../features/saved/components/saved-on-map.tsx'), 'listSavedPlaces' | 'subscribeSavedPlaces' | 'SavedOnlyNotice'>;

function useSavedPlaceMarkers(active: boolean): { markers: MapMarker[]; store: SavedOnMap | null } {
  const { pick, localize } = usePreferences();
  const [saved, setSaved] = useState<MapMarker[]>([]);
  // the store's module loads once the page is up, online: when the network goes, it is already here
  const [store, setStore] = useState<SavedOnMap | null>(null);
  useEffect(() => {
    let live = true;
    void import('../../../features/saved/components/saved-on-map.tsx').then((m) => {
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

/** The language the page was rendered in (the server sets `<html lang>`), else the URL's or the stored one. */
const pageLang = () => (isLang(document.documentElement.lang) ? document.documentElement.lang : detectLang(window.location));

// In the browser, when this module loads (before the page hydrates): Leaflet starts loading, and so does
// the first view's markers, sized from the server-rendered placeholder the map will replace.
if (typeof document !== 'undefined') {
  void preloadLeafletMap();
  const placeholder = document.getElementById(MAP_ID);
  const params = new URLSearchParams(window.location.search);
  if (placeholder && !placeholder.hidden && params.get('map') !== 'hidden') {
    const { width, height } = placeholder.getBoundingClientRect();
    prefetchFirstMapView(pageLang(), DEFAULT_CENTER, DEFAULT_ZOOM, Math.round(width), Math.round(height), params.get('category') || undefined);
  }
}

/** Lower-cased, without Arabic diacritics/tatweel and with alef/yeh/teh marbuta variants unified: for the zone filter. */
const fold = (s: string) =>
  s.toLocaleLowerCase().normalize('NFKD').replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '').replace(/[أإآ]/g, 'ا').replace(/ى/g, 'ي').replace(/ة/g, 'ه');

/** The zones with their building and place counts, filterable by name; kept out of the map's re-renders. */
const ZoneList = memo(function ZoneList() {
  const { t } = useTranslation();
  const { localize } = usePreferences();
  const zones = useZonesQuery();
  const [zoneFilter, setZoneFilter] = useState('');
  const deferredFilter = useDeferredValue(zoneFilter); // typing stays responsive while the grid catches up
  const visibleZones = useMemo(() => {
    const needle = fold(deferredFilter.trim());
    const list = zones.data ?? [];
    return needle ? list.filter((z) => fold(`${z.title} ${z.titleAr ?? ''}`).includes(needle)) : list;
  }, [zones.data, deferredFilter]);
  return (
    <Box as="section" aria-labelledby="map-zones-heading">
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'end' }} gap="3" mb="4">
        <Heading as="h2" id="map-zones-heading" size="xl">{t('mapPage.zones')}</Heading>
        <Stack gap="1" width={{ base: 'full', sm: '72' }}>
          <chakra.label htmlFor="zone-filter" fontSize="sm" fontWeight="medium">{t('mapPage.filterZones')}</chakra.label>
          <InputGroup startElement={<Search size={16} aria-hidden />}>
            <Input id="zone-filter" size="sm" type="search" value={zoneFilter} onChange={(e) => setZoneFilter(e.target.value)} placeholder={t('mapPage.filterZonesPlaceholder')} autoComplete="off" />
          </InputGroup>
        </Stack>
      </Stack>
      {zones.isPending ? (
        <CardGridSkeleton count={12} height="72px" columns={{ base: 1, sm: 2, md: 3, lg: 4 }} />
      ) : zones.isError ? (
        <ErrorState message={t('mapPage.loadError')} onRetry={() => void zones.refetch()} />
      ) : visibleZones.length === 0 ? (
        <EmptyBlock icon={<SearchX />} title={t('mapPage.noZones')} />
      ) : (
        <SimpleGrid as="ul" aria-labelledby="map-zones-heading" listStyleType="none" columns={{ base: 1, sm: 2, md: 3, lg: 4 }} gap="3">
          {visibleZones.map((z) => <li key={z.id}><ZoneCard zone={z} to={localize(`/map/zones/${z.slug}`)} /></li>)}
        </SimpleGrid>
      )}
    </Box>
  );
});

/**
 * /map: the places and buildings with coordinates on a map clustered by the server for the current
 * view (GET /public/map/markers?bbox&zoom, decision 031; filterable by category; counts are the
 * view's), a show/hide map toggle (`?map=hidden`), and the zone list with building and place counts
 * linking to /map/zones/{slug}. Map data errors show 'Failed to load map data' with retry.
 */
export default function MapPage() {
  const { t } = useTranslation();
  const { pick, localize } = usePreferences();
  useDocumentTitle(t('mapPage.title'));
  const [params, setParams] = useSearchParams();
  const hidden = params.get('map') === 'hidden';
  const category = params.get('category') ?? '';
  const [view, setView] = useState<MarkersView | null>(null);
  const onViewChange = useCallback((next: MapViewState) => {
    const snapped = markersView(next);
    setView((prev) => (prev && prev.bbox === snapped.bbox && prev.zoom === snapped.zoom ? prev : snapped));
  }, []);
  const markersQuery = useMapViewMarkersQuery(view, category || undefined);
  const categories = useCategoriesQuery();
  const zones = useZonesQuery();
  const [userPosition, setUserPosition] = useState<UserPosition>();

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) (v ? next.set(k, v) : next.delete(k));
    setParams(next, { replace: true });
  };

  const categoryNames = useMemo(() => new Map((categories.data ?? []).map((c) => [c.slug, pick(c.name, c.nameAr)])), [categories.data, pick]);
  const zoneNames = useMemo(() => new Map((zones.data ?? []).map((z) => [z.slug, pick(z.title, z.titleAr)])), [zones.data, pick]);
  // Built once the names for the popups are known (or failed to load): every rebuild re-adds every pin.
  const namesSettled = !categories.isPending && !zones.isPending;
  const markers = useMemo<MapMarker[]>(() => {
    const data = markersQuery.data;
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
  }, [markersQuery.data, namesSettled, categoryNames, zoneNames, pick, localize, t]);
  // Offline (issue #29, decision 048): the device's saved places are pinned too — over the view's copy when the
  // service worker kept one, alone when the view's markers could not be read; read from IndexedDB only then.
  const network = useSyncExternalStore(subscribeNetworkState, getNetworkState, () => null);
  const copyAt = useSyncExternalStore(subscribeOfflineCopy, () => getOfflineCopyState().at, () => null);
  const offline = markersQuery.isError || Boolean(network?.offline || network?.failed) || copyAt !== null;
  const { markers: savedMarkers, store: savedStore } = useSavedPlaceMarkers(offline);
  const shown = useMemo(() => {
    if (!savedMarkers.length) return markers;
    const ids = new Set(markers.map((m) => m.id));
    return [...markers, ...savedMarkers.filter((m) => !ids.has(m.id))];
  }, [markers, savedMarkers]);
  // Below the map: hydrates after the first paint, so the map's own hydration (and Leaflet) is not held up by
  // 100+ zone cards. One element for the page's life: a re-render of the page (the map reporting its view,
  // markers arriving) passes the same element, so React does not hydrate the cards first to update them
  // (that held the first clusters ~0.1 s).
  const zoneList = useMemo(() => <Deferred><ZoneList /></Deferred>, []);
  // the view's counts: lone markers plus what the clusters hold
  const data = markersQuery.data;
  const placeCount = data ? data.places.length + data.clusters.reduce((n, c) => n + c.places, 0) : 0;
  const buildingCount = data ? data.buildings.length + data.clusters.reduce((n, c) => n + c.count - c.places, 0) : 0;

  return (
    <Container maxW="7xl" py="8">
      <Stack gap="6">
        <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'end' }} gap="3">
          <Stack gap="1">
            <Heading as="h1" size="2xl">{t('mapPage.title')}</Heading>
            <Text color="fg.muted">{t('mapPage.intro')}</Text>
          </Stack>
          <Button variant="outline" size="sm" aria-controls={MAP_ID} aria-expanded={!hidden} onClick={() => update({ map: hidden ? undefined : 'hidden' })}>
            {hidden ? <Eye aria-hidden /> : <EyeOff aria-hidden />} {hidden ? t('mapPage.showMap') : t('mapPage.hideMap')}
          </Button>
        </Stack>

        <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'end' }} justify="space-between">
          <Stack gap="1" minW={{ md: '64' }}>
            <chakra.label htmlFor="map-category" fontSize="sm" fontWeight="medium">{t('places.category')}</chakra.label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field id="map-category" value={category} onChange={(e) => update({ category: e.target.value || undefined })}>
                <option value="">{t('places.allCategories')}</option>
                {categories.data?.map((c) => <option key={c.slug} value={c.slug}>{pick(c.name, c.nameAr)}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
          <HStack gap="4" fontSize="sm" color="fg.muted" wrap="wrap" aria-live="polite" minH="5">
            {markersQuery.data && (
              <>
                <HStack gap="1.5"><Box as="span" boxSize="3" borderRadius="full" bg="#0f766e" aria-hidden />{t('mapPage.placesOnMap', { count: placeCount })}</HStack>
                {!category && <HStack gap="1.5"><Box as="span" boxSize="3" borderRadius="sm" bg="#9a3412" aria-hidden />{t('mapPage.buildingsOnMap', { count: buildingCount })}</HStack>}
              </>
            )}
          </HStack>
        </Stack>

        {!hidden && <LocateControl onLocated={setUserPosition} controls={MAP_ID} />}
        <Box id={MAP_ID} hidden={hidden}>
          {!hidden && (markersQuery.isError && !savedMarkers.length ? (
            <ErrorState message={t('mapPage.loadError')} onRetry={() => void markersQuery.refetch()} />
          ) : (
            <Stack gap="3">
              {markersQuery.isError && savedStore && <savedStore.SavedOnlyNotice count={savedMarkers.length} onRetry={() => void markersQuery.refetch()} />}
              <MapView markers={shown} label={t('mapPage.mapLabel')} onViewChange={onViewChange} userPosition={userPosition} />
            </Stack>
          ))}
        </Box>

        {zoneList}
      </Stack>
    </Container>
  );
}
