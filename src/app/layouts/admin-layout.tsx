import { Box, Container, Flex, HStack, IconButton, Image, Link, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Camera, Pencil } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../components/ui/page-spinner.tsx';
import { usePendingRequestCount } from '../../features/admin/api/admin-place-requests-api.ts';
import { ChangeLogoDialog } from '../../features/admin/components/change-logo-dialog.tsx';
import { PendingCountBadge } from '../../features/admin/components/pending-count-badge.tsx';
import { EditSiteNamesDialog } from '../../features/admin/components/edit-site-names-dialog.tsx';
import { AdminLogoutButton } from '../../features/auth/components/admin-logout-button.tsx';
import { useWebsiteSettings, websiteSettingsKey } from '../../features/settings/api/get-website-settings.ts';
import { stripLangSegment } from '../../lib/browser-language.ts';
import { usePreferences } from '../../lib/preferences.tsx';
import type { WebsiteSettings } from '../../shared/schemas/entity-schemas.ts';
import { LanguageSwitch, ThemeSwitch } from './preference-switches.tsx';

/** Admin sections; `match` lists the language-neutral path prefixes that mark a section current. */
const NAV = [
  { key: 'overview', to: '/admin/overview', match: ['/admin/overview'] },
  { key: 'map', to: '/admin/map', match: ['/admin/map', '/admin/zones'] },
  { key: 'categories', to: '/admin/categories', match: ['/admin/categories'] },
  { key: 'places', to: '/admin/places', match: ['/admin/places'] },
  { key: 'requests', to: '/admin/requests', match: ['/admin/requests'] },
  { key: 'history', to: '/admin/history', match: ['/admin/history'] },
  { key: 'duplicates', to: '/admin/duplicates', match: ['/admin/duplicates'] },
  { key: 'import', to: '/admin/import', match: ['/admin/import'] },
  { key: 'password', to: '/admin/password', match: ['/admin/password'] },
] as const;

const navLinkStyle = {
  px: '3', py: '1.5', borderRadius: 'md', fontSize: 'sm', fontWeight: 'medium', whiteSpace: 'nowrap', flexShrink: 0,
  _hover: { bg: 'bg.muted', textDecoration: 'none' },
  '&[aria-current=page]': { color: 'brand.fg', bg: 'brand.subtle' },
} as const;

function AdminNav() {
  const { t } = useTranslation('admin');
  const { localize } = usePreferences();
  const base = stripLangSegment(useLocation().pathname);
  const current = (prefixes: readonly string[]) => prefixes.some((p) => base === p || base.startsWith(`${p}/`));
  const pending = usePendingRequestCount();
  return (
    <HStack
      as="nav"
      aria-label={t('nav.label')}
      gap="1"
      overflowX="auto"
      css={{ scrollbarWidth: 'thin' }}
      py={{ base: '1', lg: '0' }}
    >
      {NAV.map((item) => (
        <Link key={item.key} asChild {...navLinkStyle}>
          <RouterLink to={localize(item.to)} aria-current={current(item.match) ? 'page' : undefined}>
            {t(`nav.${item.key}`)}
            {item.key === 'requests' && !!pending.data && <PendingCountBadge count={pending.data} />}
          </RouterLink>
        </Link>
      ))}
    </HStack>
  );
}

/**
 * Site logo with its change-logo button: the button shows on hover, on keyboard focus, and
 * always on touch screens (no hover there).
 */
function LogoWithChange({ logoUrl, onChange }: { logoUrl: string | null; onChange: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Box position="relative" className="group" flexShrink={0}>
      <Image src={logoUrl ?? '/favicon.svg'} alt={t('header.logoAlt')} boxSize="10" borderRadius="md" objectFit="contain" bg="bg.muted" />
      <IconButton
        aria-label={t('header.changeLogo')}
        title={t('header.changeLogo')}
        size="2xs"
        variant="solid"
        colorPalette="brand"
        position="absolute"
        insetEnd="-1.5"
        bottom="-1.5"
        borderRadius="full"
        opacity={0}
        transition="opacity 0.15s"
        _groupHover={{ opacity: 1 }}
        _focusVisible={{ opacity: 1 }}
        css={{ '@media (hover: none)': { opacity: 1 } }}
        onClick={onChange}
      >
        <Camera />
      </IconButton>
    </Box>
  );
}

function AdminHeader() {
  const { t } = useTranslation('admin');
  const settings = useWebsiteSettings();
  const { pick } = usePreferences();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'logo' | 'names' | null>(null);
  const name = pick(settings.siteName, settings.siteNameAr);
  // The public settings cache feeds the header, <title> and favicon everywhere: replacing it shows
  // the new logo and names at once, without a reload.
  const onSaved = (saved: WebsiteSettings) => queryClient.setQueryData(websiteSettingsKey, saved);
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl" py="2">
        <Flex align="center" gap={{ base: '2', md: '3' }} wrap={{ base: 'wrap', lg: 'nowrap' }}>
          <LogoWithChange logoUrl={settings.logoUrl} onChange={() => setDialog('logo')} />
          <HStack gap="1" minW="0" flex={{ base: '1', lg: '0 1 auto' }}>
            <Text fontWeight="bold" fontSize="lg" truncate>{name}</Text>
            <IconButton aria-label={t('header.editNames')} title={t('header.editNames')} size="xs" variant="ghost" onClick={() => setDialog('names')}>
              <Pencil />
            </IconButton>
            <Text as="span" fontSize="xs" color="fg.muted" display={{ base: 'none', xl: 'inline' }} whiteSpace="nowrap">· {t('title')}</Text>
          </HStack>
          <Box order={{ base: 3, lg: 0 }} width={{ base: 'full', lg: 'auto' }} flex={{ lg: '1' }} minW="0">
            <AdminNav />
          </Box>
          <HStack gap="1" ms={{ lg: 'auto' }} flexShrink={0}>
            <ThemeSwitch />
            <LanguageSwitch />
            <AdminLogoutButton />
          </HStack>
        </Flex>
      </Container>
      <ChangeLogoDialog open={dialog === 'logo'} onOpenChange={(o) => setDialog(o ? 'logo' : null)} settings={settings} onSaved={onSaved} />
      <EditSiteNamesDialog open={dialog === 'names'} onOpenChange={(o) => setDialog(o ? 'names' : null)} settings={settings} onSaved={onSaved} />
    </Box>
  );
}

/** Admin area layout: admin header (logo, site name, sections, switches, logout) and the page. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  return (
    <Flex direction="column" minH="100dvh">
      <Link href="#main" position="absolute" insetStart="2" top="-20" _focus={{ top: '2', zIndex: 'skipLink', bg: 'bg', p: '2', borderRadius: 'md' }}>
        {t('nav.skipToContent')}
      </Link>
      <AdminHeader />
      <Box as="main" id="main" flex="1" tabIndex={-1} outline="none">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Flex>
  );
}
