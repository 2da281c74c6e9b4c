import { Container } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ZonesManager } from '../../../features/admin/components/zones-manager.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';

/** /admin/map and /admin/zones (and /ar): Map & Zones — the zone list with reorder, create, edit, delete (spec §2). */
export default function AdminMapPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('map.title'));
  return (
    <Container maxW="6xl" py={{ base: '5', md: '8' }}>
      <ZonesManager />
    </Container>
  );
}
