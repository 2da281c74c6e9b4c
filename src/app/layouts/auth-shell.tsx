import { Box, Card, Flex, Heading, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useWebsiteSettings } from '../../features/settings/api/get-website-settings.ts';
import { useDocumentTitle } from '../../features/settings/components/document-head.tsx';
import { usePreferences } from '../../lib/preferences.tsx';
import { LanguageSwitch, ThemeSwitch } from './preference-switches.tsx';
import '../../lib/late-strings.ts';

/**
 * Frame of the auth pages and the admin login (no public header or footer): theme and language
 * switches, then a centred card under the site logo and name (linking home), headed by the page title.
 */
export function AuthShell({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const settings = useWebsiteSettings();
  const { pick, localize } = usePreferences();
  const siteName = pick(settings.siteName, settings.siteNameAr);
  useDocumentTitle(title);
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <HStack as="header" justify="flex-end" gap="1" px={{ base: '2', md: '6' }} py="2">
        <ThemeSwitch />
        <LanguageSwitch />
      </HStack>
      <Flex as="main" id="main" flex="1" direction="column" align="center" px={{ base: '3', sm: '4' }} pb="12" pt={{ base: '2', md: '8' }} tabIndex={-1} outline="none">
        <Stack gap="6" width="full" maxW="md" align="stretch">
          <Link asChild alignSelf="center" display="flex" alignItems="center" gap="2.5" fontWeight="bold" fontSize="xl" _hover={{ textDecoration: 'none' }} aria-label={t('auth.homeLink', { siteName })}>
            <RouterLink to={localize('/')}>
              <Image src={settings.logoUrl ?? '/favicon.svg'} alt="" boxSize="10" borderRadius="md" objectFit="contain" />
              <Text as="span">{siteName}</Text>
            </RouterLink>
          </Link>
          <Card.Root variant="elevated" borderRadius="2xl">
            <Card.Header gap="1.5" pb="2" px={{ base: '5', sm: '8' }} pt={{ base: '6', sm: '8' }}>
              <Heading as="h1" size="2xl">{title}</Heading>
              {description && <Box color="fg.muted">{description}</Box>}
            </Card.Header>
            <Card.Body px={{ base: '5', sm: '8' }} pb={{ base: '6', sm: '8' }}>{children}</Card.Body>
          </Card.Root>
        </Stack>
      </Flex>
    </Flex>
  );
}
