import { Container } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DuplicatesManager } from '../../../features/admin/components/duplicates-manager.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import '../../../lib/late-strings.ts';

/** /admin/duplicates (and /ar): likely duplicate places of the directory, merged after a confirmation. */
export default function AdminDuplicatesPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('duplicates.title'));
  return (
    <Container maxW="7xl" py={{ base: '5', md: '8' }}>
      <DuplicatesManager />
    </Container>
  );
}
