import { Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useDocumentTitle } from '../../../features/settings/components/document-head.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';

/** Any unknown path: 'Page not found' with Go Home and Browse Places. */
export default function NotFound() {
  const { t } = useTranslation();
  const { localize } = usePreferences();
  useDocumentTitle(t('sections.notFound'));
  return (
    <Container maxW="2xl" py={{ base: "16", md: "24" }} textAlign="center" data-page-not-found="">
      <Stack gap="4" align="center">
        <Text fontSize="6xl" fontWeight="bold" color="brand.solid" aria-hidden>404</Text>
        <Heading as="h1" size="2xl">{t('errors.notFoundTitle')}</Heading>
        <Text color="fg.muted">{t('errors.notFoundText')}</Text>
        <HStack gap="3" pt="2" wrap="wrap" justify="center">
          <Button asChild colorPalette="brand"><RouterLink to={localize('/')}>{t('errors.goHome')}</RouterLink></Button>
          <Button asChild variant="outline"><RouterLink to={localize('/places')}>{t('errors.browsePlaces')}</RouterLink></Button>
        </HStack>
      </Stack>
    </Container>
  );
}
