import { Container } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CategoriesManager } from '../../../features/admin/components/categories-manager.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';

/** /admin/categories (and /ar): list, search, create, edit, delete categories. */
export default function AdminCategoriesPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('categories.title'));
  return (
    <Container maxW="6xl" py={{ base: '5', md: '8' }}>
      <CategoriesManager />
    </Container>
  );
}
