import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LocateFixed, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { GeolocationNotice } from '../../../components/geolocation/geolocation-notice.tsx';
import { distanceNearOf, nearParam } from '../../../lib/geolocation.ts';
import { useGeolocation } from '../../../lib/use-geolocation.ts';

/**
 * "Near me" above a places list (decision 030): says why it asks, asks the browser for the position on
 * press, then puts `sort=distance&near=<lat>,<lng>` (rounded to ~100 m) in the URL, so the list is
 * nearest first, shareable and reloadable (the server renders it with distances). A refusal, an
 * unavailable or slow position leaves the list as it was and says why in the live region.
 */
export function NearMeControl() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const active = distanceNearOf(params) !== undefined;
  const setNear = (near: string | undefined) => {
    const next = new URLSearchParams(params);
    if (near) {
      next.set('sort', 'distance');
      next.set('near', near);
    } else {
      next.delete('sort');
      next.delete('near');
    }
    next.delete('page');
    setParams(next);
  };
  const { state, request } = useGeolocation((position) => setNear(nearParam(position)));
  return (
    <Stack gap="1.5" data-testid="near-me">
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant={active ? 'subtle' : 'outline'} colorPalette="brand" onClick={() => void request()} loading={state.status === 'locating'} aria-describedby="near-me-why">
          <LocateFixed aria-hidden /> {active ? t('nearMe.update') : t('nearMe.button')}
        </Button>
        {active && (
          <Button size="sm" variant="ghost" onClick={() => setNear(undefined)}>
            <X aria-hidden /> {t('nearMe.stop')}
          </Button>
        )}
      </HStack>
      <Text id="near-me-why" fontSize="sm" color="fg.muted">{t('nearMe.why')}</Text>
      <GeolocationNotice state={state} locatedText={t('nearMe.sorted')} />
    </Stack>
  );
}
