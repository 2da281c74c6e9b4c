import { Container } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { HistoryManager } from '../../../features/admin/components/history-manager.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';

/** /admin/history (and /ar): a record's changes (?entity=&id=) and the recently deleted places, with restore. */
export default function AdminHistoryPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('history.title'));
  return (
    <Container maxW="7xl" py={{ base: '5', md: '8' }}>
      <HistoryManager />
    </Container>
  );
}
