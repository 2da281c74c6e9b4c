import { Box, Container, Flex, HStack, Icon, IconButton, Image, Link, Separator, Stack, Text } from '@chakra-ui/react';
import { LayoutGrid, LogOut, Map, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, Link as RouterLink } from 'react-router-dom';
import { Deferred } from '../../components/ui/deferred.tsx';
import { HeaderSearch, MobileSearchButton } from '../../features/search/components/header-search.tsx';
import { useWebsiteSettings } from '../../features/settings/api/get-website-settings.ts';
import { usePreferences } from '../../lib/preferences.tsx';
import { useSession } from '../../lib/session.ts';
import { signOut } from '../../features/auth/api/logout.ts';
import { AddPlaceButton, AddPlaceFromLink } from './add-place-button.tsx';
import { LanguageSwitch, ThemeSwitch } from './preference-switches.tsx';

function SiteBrand() {
  const settings = useWebsiteSettings();
  const { pick, localize } = usePreferences();
  const name = pick(settings.siteName, settings.siteNameAr);
  return (
    <Link asChild fontWeight="bold" fontSize="lg" _hover={{ textDecoration: 'none' }} display="flex" alignItems="center" gap="2" minW="0">
      <RouterLink to={localize('/')}>
        <Image src={settings.logoUrl ?? '/favicon.svg'} alt="" boxSize="8" borderRadius="md" objectFit="contain" />
        <Text as="span" truncate>{name}</Text>
      </RouterLink>
    </Link>
  );
}

const navLinkStyle = { px: '3', py: '1.5', borderRadius: 'md', fontSize: 'sm', fontWeight: 'medium', _hover: { bg: 'bg.muted' }, '&[aria-current=page]': { color: 'brand.fg', bg: 'brand.subtle' } } as const;

function PublicHeader() {
  const { t } = useTranslation();
  const { localize } = usePreferences();
  const { user } = useSession('public');
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl" py="2.5">
        <Flex align="center" gap={{ base: '2', md: '4' }}>
          <SiteBrand />
          <HeaderSearch display={{ base: 'none', md: 'block' }} />
          <HStack as="nav" aria-label={t('nav.mainNavigation')} gap="1" display={{ base: 'none', md: 'flex' }}>
            <Link asChild {...navLinkStyle}><NavLink to={localize('/')} end>{t('nav.home')}</NavLink></Link>
            <Link asChild {...navLinkStyle}><NavLink to={localize('/map')}>{t('nav.map')}</NavLink></Link>
            <Link asChild {...navLinkStyle}><NavLink to={localize('/saved')}>{t('nav.saved')}</NavLink></Link>
            {user && <Link asChild {...navLinkStyle}><NavLink to={localize('/profile')}>{t('nav.profile')}</NavLink></Link>}
          </HStack>
          <HStack gap="1" ms="auto">
            <MobileSearchButton display={{ base: 'inline-flex', md: 'none' }} />
            <AddPlaceButton display={{ base: 'none', sm: 'inline-flex' }} />
            <ThemeSwitch />
            <LanguageSwitch />
            {user && (
              <>
                <IconButton asChild variant="ghost" size="sm" aria-label={t('nav.profile')} display={{ base: 'none', md: 'inline-flex' }}>
                  <RouterLink to={localize('/profile')}><User /></RouterLink>
                </IconButton>
                <IconButton variant="ghost" size="sm" aria-label={t('nav.logout')} onClick={() => void signOut('public', localize('/'))}>
                  {/* the arrow points out of the page's reading direction: mirrored in RTL */}
                  <Icon asChild _rtl={{ transform: 'scaleX(-1)' }}><LogOut /></Icon>
                </IconButton>
              </>
            )}
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}

function PublicFooter() {
  const { t } = useTranslation();
  const settings = useWebsiteSettings();
  const { pick, localize, lang } = usePreferences();
  const name = pick(settings.siteName, settings.siteNameAr);
  const description = lang === 'ar' ? settings.siteDescriptionAr || settings.siteDescription : settings.siteDescription;
  return (
    <Box as="footer" borderTopWidth="1px" bg="bg.subtle" mt="16" pb={{ base: '20', md: '0' }}>
      <Container maxW="7xl" py="8">
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="6">
          <Stack gap="2" maxW="md">
            <Text fontWeight="bold">{name}</Text>
            {description && <Text color="fg.muted" fontSize="sm">{description}</Text>}
          </Stack>
          <Stack gap="2" fontSize="sm">
            <Text fontWeight="semibold">{t('footer.browse')}</Text>
            <Link asChild color="fg.muted"><RouterLink to={localize('/places')}>{t('sections.places')}</RouterLink></Link>
            <Link asChild color="fg.muted"><RouterLink to={localize('/categories')}>{t('sections.categories')}</RouterLink></Link>
            <Link asChild color="fg.muted"><RouterLink to={localize('/map')}>{t('sections.map')}</RouterLink></Link>
            <Link asChild color="fg.muted"><RouterLink to={localize('/saved')}>{t('nav.savedPlaces')}</RouterLink></Link>
          </Stack>
        </Stack>
        <Separator my="6" />
        <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="2" fontSize="xs" color="fg.muted">
          <Text>{t('footer.rights', { year: new Date().getFullYear(), siteName: name })}</Text>
          <Text>
            <Link href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer" color="fg.muted" textDecoration="underline">
              {t('footer.dataAttribution')}
            </Link>
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

/** Small screens: Services, Map, Add, and Profile when signed in. */
function BottomTabBar() {
  const { t } = useTranslation();
  const { localize } = usePreferences();
  const { user } = useSession('public');
  const tab = { flex: '1', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '0.5', py: '2', fontSize: 'xs', color: 'fg.muted', '&[aria-current=page]': { color: 'brand.fg' } } as const;
  return (
    <Box as="nav" aria-label={t('nav.tabBar')} display={{ base: 'flex', md: 'none' }} position="fixed" bottom="0" insetInline="0" bg="bg" borderTopWidth="1px" zIndex="sticky" pb="env(safe-area-inset-bottom)">
      <Link asChild {...tab}><NavLink to={localize('/categories')}><LayoutGrid size={20} aria-hidden />{t('nav.services')}</NavLink></Link>
      <Link asChild {...tab}><NavLink to={localize('/map')}><Map size={20} aria-hidden />{t('nav.map')}</NavLink></Link>
      {/* Add is there for everyone on every width (issue #17: signed in on a phone it was gone). */}
      <Box {...tab} as="div">
        <AddPlaceButton variant="plain" size="xs" label={t('nav.add')} colorPalette="gray" flexDirection="column" height="auto" gap="0.5" fontWeight="normal" color="fg.muted" />
      </Box>
      {user && <Link asChild {...tab}><NavLink to={localize('/profile')}><User size={20} aria-hidden />{t('nav.profile')}</NavLink></Link>}
    </Box>
  );
}

/** Layout of every non-admin, non-auth page: header, content, footer, bottom tab bar on small screens. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Flex direction="column" minH="100dvh">
      <Link href="#main" position="absolute" insetStart="2" top="-20" _focus={{ top: '2', zIndex: 'skipLink', bg: 'bg', p: '2', borderRadius: 'md' }}>
        {t('app.skipToContent')}
      </Link>
      <PublicHeader />
      <AddPlaceFromLink />
      {/* at least a screen tall: the footer starts below the fold, so it does not jump down when a
          page's data replaces its (shorter) loading skeleton (Lighthouse CLS 0.22 on place pages) */}
      {/* No Suspense boundary of its own around the page: RootLayout's is the only one above it. A
          server-rendered page hydrates each nested boundary in a later pass of its own, and a second one
          here held a page's own hydration (and so the map's first clusters) ~0.35 s after the rest
          (decision 031). Route modules load before a navigation commits (React Router's `lazy`), and
          navigations are transitions, which keep the current page instead of showing a fallback. */}
      <Box as="main" id="main" flex="1" minH="100dvh" tabIndex={-1} outline="none">
        <Outlet />
      </Box>
      <Deferred><PublicFooter /></Deferred>
      <BottomTabBar />
    </Flex>
  );
}
