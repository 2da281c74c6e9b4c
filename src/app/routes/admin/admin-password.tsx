import { Card, Container, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form.tsx';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import '../../../lib/late-strings.ts';

/** /admin/password (and /ar): the admin's own password (PUT /admin/auth/change-password). */
export default function AdminPasswordPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('auth.changePasswordTitle'));
  return (
    <Container maxW="lg" py={{ base: '6', md: '10' }}>
      <Heading as="h1" size="2xl" mb="2">{t('auth.changePasswordTitle')}</Heading>
      <Text color="fg.muted" mb="6">{t('auth.changePasswordIntro')}</Text>
      <Card.Root>
        <Card.Body>
          <ChangePasswordForm scope="admin" />
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
