import { Container } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { OverviewDashboard } from '../../../features/admin/components/overview-dashboard.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';

/** /admin/overview (and /ar): data health at a glance — charts, pending requests, gaps with links, latest changes. */
export default function AdminOverviewPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('overview.title'));
  return (
    <Container maxW="7xl" py={{ base: '5', md: '8' }}>
      <OverviewDashboard />
    </Container>
  );
}
