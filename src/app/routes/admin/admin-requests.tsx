import { Container } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { RequestsManager } from '../../../features/admin/components/requests-manager.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';

/** /admin/requests (and /ar): users' creation and edit requests to approve or reject. */
export default function AdminRequestsPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('requests.title'));
  return (
    <Container maxW="7xl" py={{ base: '5', md: '8' }}>
      <RequestsManager />
    </Container>
  );
}
