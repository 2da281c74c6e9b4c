import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Circle, CircleMarker, Tooltip, useMap } from 'react-leaflet';
import type { UserPosition } from './types.ts';

/** Zoom the map goes to (at least) when it centres on the visitor: streets and nearby places readable. */
const USER_ZOOM = 15;

/**
 * The visitor's position on the map (decision 030): a dot with "You are here" and a circle of the
 * browser's accuracy; the map centres on it whenever it changes.
 */
export function UserPositionLayer({ position }: { position: UserPosition }) {
  const map = useMap();
  const { t } = useTranslation();
  const { lat, lng, accuracyM } = position;
  // className is read when Leaflet creates the path (pathOptions only restyle it): a prop, not a path option
  useEffect(() => {
    map.setView([lat, lng], Math.max(map.getZoom(), USER_ZOOM));
  }, [map, lat, lng]);
  return (
    <>
      {accuracyM > 0 && <Circle center={[lat, lng]} radius={accuracyM} className="user-position-accuracy" pathOptions={{ color: '#2563eb', weight: 1, fillOpacity: 0.12 }} interactive={false} />}
      <CircleMarker center={[lat, lng]} radius={8} className="user-position" pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#2563eb', fillOpacity: 1 }}>
        <Tooltip direction="top" offset={[0, -8]}>{t('nearMe.youAreHere')}</Tooltip>
      </CircleMarker>
    </>
  );
}
