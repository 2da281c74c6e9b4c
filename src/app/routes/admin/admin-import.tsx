import { Container } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ImportManager } from '../../../features/admin/components/import-manager.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';

/** /admin/import (and /ar): upload a directory JSON or a CSV of places, preview the dry-run report, apply it (issue #16). */
export default function AdminImportPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('import.title'));
  return (
    <Container maxW="6xl" py={{ base: '5', md: '8' }}>
      <ImportManager />
    </Container>
  );
}
