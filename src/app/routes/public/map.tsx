import { Box, Button, chakra, Container, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Eye, EyeOff } from 'lucide-react';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { MapView, type MapViewState } from '../../../components/map/map-view.tsx';
import { LocateControl } from '../../../components/map/locate-control.tsx';
import type { UserPosition } from '../../../components/map/types.ts';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { Deferred } from '../../../components/ui/deferred.tsx';
import { useSavedPlaceMarkers } from '../../../features/saved/use-saved-place-markers.ts';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import { useCategoriesQuery } from '../../../features/categories/api/get-categories.ts';
import { markersView, useMapViewMarkersQuery, type MarkersView } from '../../../features/zones/api/get-map-markers.ts';
import { useZonesQuery } from '../../../features/zones/api/get-zones.ts';
import { ZoneList } from '../../../features/zones/components/zone-list.tsx';
import { preloadMapPage } from '../../../features/zones/map-page-preload.ts';
import { useViewMarkers } from '../../../features/zones/use-view-markers.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { getNetworkState, subscribeNetworkState } from '../../../lib/network-status.ts';
import { getOfflineCopyState, subscribeOfflineCopy } from '../../../lib/offline-copy.ts';
import '../../../lib/page-strings.ts';
import type { RouteHandle } from '../../route-data.ts';
import { categoriesQueryOptions } from '../../../features/categories/api/get-categories.ts';
import { zonesQueryOptions } from '../../../features/zones/api/get-zones.ts';

const MAP_ID = 'city-map';

// in the browser, when this module loads (before the page hydrates): Leaflet and the first view's markers start loading
preloadMapPage(MAP_ID);

/**
 * The legend's categories and the zones (`handle.queries`, src/app/route-data.ts); the markers are the browser's.
 * @public the router reads it through the route's lazy import (src/app/router.tsx `screen`)
 */
export const handle: RouteHandle = { queries: ({ lang }) => [categoriesQueryOptions(lang), zonesQueryOptions(lang)] };

/**
 * /map: the places and buildings with coordinates on a map clustered by the server for the current
 * view (GET /public/map/markers?bbox&zoom, decision 031; filterable by category; counts are the
 * view's), a show/hide map toggle (`?map=hidden`), and the zone list with building and place counts
 * linking to /map/zones/{slug}. Map data errors show 'Failed to load map data' with retry.
 */
export default function MapPage() {
  const { t } = useTranslation();
  const { pick } = usePreferences();
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
  const { markers, placeCount, buildingCount } = useViewMarkers(markersQuery.data, categories, useZonesQuery());
  const [userPosition, setUserPosition] = useState<UserPosition>();

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) (v ? next.set(k, v) : next.delete(k));
    setParams(next, { replace: true });
  };

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
