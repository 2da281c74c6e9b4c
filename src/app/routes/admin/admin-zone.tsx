import { Container } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useAdminZoneQuery } from '../../../features/admin/api/get-admin-zones.ts';
import { ZoneBuildingsManager } from '../../../features/admin/components/zone-buildings-manager.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';

/** /admin/map/zones/{zoneId} (and /ar): one zone's buildings with reorder, create, edit, delete (spec §2). */
export default function AdminZonePage() {
  const { t } = useTranslation('admin');
  const { pick } = usePreferences();
  const zoneId = Number(useParams().zoneId);
  const zone = useAdminZoneQuery(zoneId);
  useDocumentTitle(zone.data ? pick(zone.data.title, zone.data.titleAr) : t('map.title'));
  return (
    <Container maxW="6xl" py={{ base: '5', md: '8' }}>
      <ZoneBuildingsManager zoneId={zoneId} />
    </Container>
  );
}
