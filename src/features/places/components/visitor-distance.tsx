import { Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { distanceMetres, rememberedPosition } from '../../../lib/geolocation.ts';
import { formatDistance } from '../../../lib/intl.ts';
import { usePreferences } from '../../../lib/preferences.tsx';

/**
 * "1.2 km away" beside a place's directions when this tab knows the visitor's position (from "Near me",
 * rounded to ~100 m; lib/geolocation.ts). Read after mount: the server and the first render show nothing,
 * so hydration agrees. Never asks for the position itself.
 */
export function VisitorDistance({ lat, lng }: { lat: number; lng: number }) {
  const { t } = useTranslation();
  const { lang } = usePreferences();
  const [metres, setMetres] = useState<number | null>(null);
  useEffect(() => {
    const here = rememberedPosition();
    setMetres(here ? distanceMetres(here, { lat, lng }) : null);
  }, [lat, lng]);
  if (metres == null) return null;
  return <Text as="span" color="fg.muted" fontSize="sm" data-testid="visitor-distance">{t('nearMe.away', { distance: formatDistance(metres, lang) })}</Text>;
}
