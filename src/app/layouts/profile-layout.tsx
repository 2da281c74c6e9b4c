import { Box, Container, Grid, Heading, HStack, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { RequirePublicAuth } from '../../features/auth/components/page-guards.tsx';
import { ProfileSection } from '../../features/auth/components/profile-section.tsx';
import { useDocumentTitle } from '../../features/settings/components/document-head.tsx';
import { usePreferences } from '../../lib/preferences.tsx';
import '../../lib/late-strings.ts';

const TABS = [
  { path: '/profile/places', key: 'account.tabs.places' },
  { path: '/profile/creation-requests', key: 'account.tabs.creationRequests' },
  { path: '/profile/edit-requests', key: 'account.tabs.editRequests' },
] as const;

const tabStyle = {
  px: '3', py: '2', fontSize: 'sm', fontWeight: 'medium', whiteSpace: 'nowrap', color: 'fg.muted',
  borderBottomWidth: '2px', borderColor: 'transparent', _hover: { color: 'fg', textDecoration: 'none' },
  '&[aria-current=page]': { color: 'brand.fg', borderColor: 'brand.solid' },
} as const;

/**
 * Frame of the profile pages: signed-in users only (else /auth/login keeping the page), the
 * page title 'Profile', the Profile section (name, email, member since, places count, change password)
 * and the Places / Creation requests / Edit requests tabs above `children` (the current tab's content).
 */
export function ProfileLayout({ children }: { children: ReactNode }) {
  return (
    <RequirePublicAuth>
      <ProfileFrame>{children}</ProfileFrame>
    </RequirePublicAuth>
  );
}

function ProfileFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { localize } = usePreferences();
  useDocumentTitle(t('sections.profile'));
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Heading as="h1" size="2xl" mb="6">{t('account.title')}</Heading>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '340px minmax(0, 1fr)' }} gap={{ base: '6', lg: '8' }} alignItems="start">
        <ProfileSection />
        <Box minW="0">
          <Box as="nav" aria-label={t('account.tabs.label')} borderBottomWidth="1px" mb="6" overflowX="auto">
            <HStack gap="1" as="ul" listStyleType="none" m="0" p="0">
              {TABS.map((tab) => (
                <li key={tab.path}>
                  <Link asChild {...tabStyle}>
                    <NavLink to={localize(tab.path)}>{t(tab.key)}</NavLink>
                  </Link>
                </li>
              ))}
            </HStack>
          </Box>
          {children}
        </Box>
      </Grid>
    </Container>
  );
}
