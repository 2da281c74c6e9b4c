import { Button, Stack } from '@chakra-ui/react';
import { LocateFixed } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LocatedPosition } from '../../lib/geolocation.ts';
import { useGeolocation } from '../../lib/use-geolocation.ts';
import { GeolocationNotice } from '../geolocation/geolocation-notice.tsx';

/**
 * "Show my location" for a map (decision 030): asks the browser for the position on press and hands it
 * to `onLocated` (the page passes it to MapView's `userPosition`, which centres on it and draws it). A
 * refusal, an unavailable or slow position leaves the map as it was and says why in the live region.
 */
export function LocateControl({ onLocated, controls }: { onLocated: (position: LocatedPosition) => void; controls?: string }) {
  const { t } = useTranslation();
  const { state, request } = useGeolocation(onLocated);
  return (
    <Stack gap="1.5" align="start">
      <Button size="sm" variant="outline" onClick={() => void request()} loading={state.status === 'locating'} aria-controls={controls}>
        <LocateFixed aria-hidden /> {t('nearMe.showMyLocation')}
      </Button>
      <GeolocationNotice state={state} locatedText={t('nearMe.mapCentred')} />
    </Stack>
  );
}
