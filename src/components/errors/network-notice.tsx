import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { WifiOff, X } from 'lucide-react';
import {
  dismissNetworkNotice, getNetworkState, retryNetworkNow, subscribeNetworkState,
} from '../../lib/network-status.ts';
import ar from '../../../locales/ar/offline.json';
import en from '../../../locales/en/offline.json';
import { loadPublicSchemas } from '../../lib/api-client.ts';
// The response schemas (and zod) load now, after the page is interactive, rather than on the first request
// after it (decision 036): a request made offline would otherwise fail to load them, and a module whose
// imports failed stays failed in this page even once the network is back (decision 045).
if (typeof window !== 'undefined') setTimeout(() => void loadPublicSchemas().catch(() => undefined), 1000);

/**
 * The network notice (decision 045): while the browser is offline, or after a request or a route's script
 * failed for the network, a bar at the bottom of the screen says so in the page's language and direction
 * — the page stays as it is. "Try again" resumes what waits for the network (a route's script; React Query
 * refetches its failed queries when the browser is back online); the close button hides it until the
 * next failure. Announced politely to screen readers (role="status").
 */
export function NetworkNotice() {
  const { i18n } = useTranslation();
  // the `offline` strings of both languages come with this module: they must be there when the network is not
  if (!i18n.hasResourceBundle('en', 'offline')) i18n.addResourceBundle('en', 'offline', en);
  if (!i18n.hasResourceBundle('ar', 'offline')) i18n.addResourceBundle('ar', 'offline', ar);
  const { t } = useTranslation('offline');
  const state = useSyncExternalStore(subscribeNetworkState, getNetworkState, getNetworkState);
  const shown = (state.offline || state.failed) && !state.dismissed;
  return (
    <Box id="network-notice" role="status" aria-live="polite">
      {shown && (
        <Box
          data-network-notice={state.offline ? 'offline' : 'failed'}
          position="fixed" insetInline="0" bottom="0" zIndex="toast" px="4" py="3"
          bg="gray.900" color="white" _dark={{ bg: 'gray.100', color: 'gray.900' }} boxShadow="lg"
        >
          <Stack direction="row" align="center" maxW="6xl" mx="auto" gap="3">
            <WifiOff aria-hidden size={20} />
            <Text flex="1" fontSize="sm">{t(state.offline ? 'notice.offline' : 'notice.failed')}</Text>
            {!state.offline && (
              <Button size="xs" variant="outline" color="inherit" onClick={retryNetworkNow}>{t('notice.retry')}</Button>
            )}
            <Button size="sm" variant="ghost" color="inherit" px="0" aria-label={t('notice.dismiss')} onClick={dismissNetworkNotice}><X aria-hidden /></Button>
          </Stack>
        </Box>
      )}
    </Box>
  );
}
