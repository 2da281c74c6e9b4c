import { Container } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PlacesManager } from '../../../features/admin/components/places-manager.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';

/** /admin/places (and /ar): searchable, paginated places with create, edit, delete. */
export default function AdminPlacesPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('places.title'));
  return (
    <Container maxW="7xl" py={{ base: '5', md: '8' }}>
      <PlacesManager />
    </Container>
  );
}
