import { Link } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { directionsPlatform, directionsUrl, type DirectionsPlatform } from '../../../lib/directions.ts';

/**
 * "Get directions" to (`lat`, `lng`) in the visitor's maps app (see lib/directions.ts). The server and
 * the first client render link to OpenStreetMap; after mount the link follows the platform
 * (geo: on Android, Apple Maps on iOS), so hydration never mismatches.
 */
export function DirectionsLink({ lat, lng, name }: { lat: number; lng: number; name: string }) {
  const { t } = useTranslation();
  const [platform, setPlatform] = useState<DirectionsPlatform>('other');
  useEffect(() => {
    setPlatform(directionsPlatform(navigator.userAgent, navigator.maxTouchPoints > 1));
  }, []);
  const href = directionsUrl(platform, lat, lng, name);
  const external = platform !== 'android';
  return (
    <Link href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} data-platform={platform}>
      {t('place.getDirections')}
    </Link>
  );
}
