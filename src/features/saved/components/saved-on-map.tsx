import { ErrorState } from '../../../components/ui/query-states.tsx';
import { useDeviceTranslation } from '../../../lib/device-i18n.ts';

export { listSavedPlaces, subscribeSavedPlaces } from '../../../lib/saved-places.ts';

/**
 * What the map page (src/app/routes/public/map.tsx) needs of the saved places to pin them offline (issue #29,
 * decision 048), in one module it loads after the page is up — so it is there when the network is not: the store's
 * reads and the notice shown over the map when the view's places could not be read and only the `count` saved
 * places are pinned (`device` strings, bundled here). `onRetry` asks for the view's places again.
 */
export function SavedOnlyNotice({ count, onRetry }: { count: number; onRetry: () => void }) {
  const { t } = useDeviceTranslation();
  return <ErrorState message={t('saved.mapOnly', { count })} onRetry={onRetry} />;
}
