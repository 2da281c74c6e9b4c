import { Box, Container } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { MapView, type MapMarker } from '../../../components/map/map-view.tsx';
import { useAdminZoneQuery } from '../../../features/admin/api/admin-zones-api.ts';
import { ZoneBuildingsManager } from '../../../features/admin/components/zone-buildings-manager.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { coordinatesOf } from '../../../shared/map-coordinates.ts';
import type { ZoneWithBuildings } from '../../../shared/schemas/entity-schemas.ts';

/** The zone's buildings with known coordinates as map pins (hidden when none has any). */
function BuildingsMap({ zone }: { zone: ZoneWithBuildings }) {
  const { t } = useTranslation('admin');
  const { pick } = usePreferences();
  const markers: MapMarker[] = zone.buildings.flatMap((b) => {
    const at = coordinatesOf(b);
    return at ? [{ id: b.id, ...at, kind: 'building' as const, title: pick(b.name, b.nameAr), subtitle: b.number ? `#${b.number}` : undefined }] : [];
  });
  if (markers.length === 0) return null;
  return (
    <Box mb="6">
      <MapView markers={markers} label={t('zone.buildingsMapLabel', { name: pick(zone.title, zone.titleAr) })} height="max(260px, 35vh)" cluster={false} />
    </Box>
  );
}

/** /admin/map/zones/{zoneId} (and /ar): one zone's map and buildings with reorder, create, edit, delete. */
export default function AdminZonePage() {
  const { t } = useTranslation('admin');
  const { pick } = usePreferences();
  const zoneId = Number(useParams().zoneId);
  const zone = useAdminZoneQuery(zoneId);
  useDocumentTitle(zone.data ? pick(zone.data.title, zone.data.titleAr) : t('map.title'));
  return (
    <Container maxW="6xl" py={{ base: '5', md: '8' }}>
      <ZoneBuildingsManager zoneId={zoneId} mapSlot={(z) => <BuildingsMap zone={z} />} />
    </Container>
  );
}
