import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { History, WifiOff, X } from 'lucide-react';
import {
  dismissNetworkNotice, getNetworkState, onNetworkBack, retryNetworkNow, subscribeNetworkState,
} from '../../lib/network-status.ts';
import { getOfflineCopyState, subscribeOfflineCopy } from '../../lib/offline-copy.ts';
import { formatRelativeTime } from '../../lib/relative-time.ts';
import { NETWORK_TIMEOUT_SECONDS } from '../../shared/offline.ts';
import ar from '../../../locales/ar/offline.json';
import en from '../../../locales/en/offline.json';
import { loadPublicSchemas } from '../../lib/api-client.ts';
// The response schemas (and zod) load now, after the page is interactive, rather than on the first request
// after it (decision 036): a request made offline would otherwise fail to load them, and a module whose
// imports failed stays failed in this page even once the network is back (decision 045).
if (typeof window !== 'undefined') setTimeout(() => void loadPublicSchemas().catch(() => undefined), 1000);

/** How often a page showing an offline copy checks whether the network is back (and fast enough). */
const PROBE_MS = 10_000;

/**
 * True when the site answers within the worker's network timeout: a small file no cache holds (robots.txt, asked
 * without the HTTP cache). The browser's `online` event is not enough: a network slower than the timeout is
 * "online" too, and a page loaded from the cache may never see an `offline` event before.
 */
async function networkIsBack(): Promise<boolean> {
  try {
    const res = await fetch('/robots.txt', { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(NETWORK_TIMEOUT_SECONDS * 1000) });
    return res.status < 500;
  } catch {
    return false;
  }
}

/**
 * While the page (or its data) is an offline copy: back online — the `online` event, "Try again", or a check every
 * 10 s — a page that is itself a copy loads again (the online version); copied answers are asked for again
 * (`retryNetworkNow`: the provider refetches the active queries).
 */
function useOnlineVersionWhenBack(active: boolean) {
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const check = async () => {
      if (stopped || !(await networkIsBack()) || stopped) return;
      if (getOfflineCopyState().page) window.location.reload();
      // the provider asks again for the page's queries (src/app/provider.tsx)
      else retryNetworkNow();
    };
    const timer = setInterval(() => void check(), PROBE_MS);
    const unsubscribe = onNetworkBack(() => void check());
    return () => {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
    };
  }, [active]);
}

/** Re-renders every minute while `active` (the relative time of the copy stays true). */
function useMinuteTick(active: boolean) {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, [active]);
}

/**
 * The network notice (decision 045): while the browser is offline, or after a request or a route's script
 * failed for the network, a bar at the bottom of the screen says so in the page's language and direction
 * — the page stays as it is. "Try again" resumes what waits for the network (a route's script; React Query
 * refetches its failed queries when the browser is back online); the close button hides it until the
 * next failure. Announced politely to screen readers (role="status").
 * When the page or its data came from the service worker's cache (decision 047), it says "Offline copy from
 * <relative time>" first, and why (offline, or a network slower than the worker waits); "Show the online version"
 * loads it again. Back online, the online version comes by itself.
 */
export function NetworkNotice() {
  const { i18n } = useTranslation();
  // the `offline` strings of both languages come with this module: they must be there when the network is not
  if (!i18n.hasResourceBundle('en', 'offline')) i18n.addResourceBundle('en', 'offline', en);
  if (!i18n.hasResourceBundle('ar', 'offline')) i18n.addResourceBundle('ar', 'offline', ar);
  const { t } = useTranslation('offline');
  const state = useSyncExternalStore(subscribeNetworkState, getNetworkState, getNetworkState);
  const copy = useSyncExternalStore(subscribeOfflineCopy, getOfflineCopyState, getOfflineCopyState);
  const [copyDismissed, setCopyDismissed] = useState<Date | null>(null);
  useOnlineVersionWhenBack(copy.at !== null);
  const copyShown = copy.at !== null && copyDismissed !== copy.at;
  useMinuteTick(copyShown);
  const shown = ((state.offline || state.failed || state.slow) && !state.dismissed) || copyShown;
  const kind = state.offline ? 'offline' : state.failed ? 'failed' : 'slow';
  const dismiss = () => {
    dismissNetworkNotice();
    setCopyDismissed(copy.at);
  };
  const showOnline = () => {
    if (copy.page) window.location.reload();
    else retryNetworkNow();
  };
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  return (
    <Box id="network-notice" role="status" aria-live="polite">
      {shown && copyShown && (
        <Box
          data-network-notice="copy" data-offline-copy={copy.at!.toISOString()}
          position="fixed" insetInline="0" bottom="0" zIndex="toast" px="4" py="3"
          bg="gray.900" color="white" _dark={{ bg: 'gray.100', color: 'gray.900' }} boxShadow="lg"
        >
          <Stack direction="row" align="center" maxW="6xl" mx="auto" gap="3">
            <History aria-hidden size={20} />
            <Box flex="1" fontSize="sm">
              <Text fontWeight="semibold">{t('copy.notice', { time: formatRelativeTime(copy.at!, lang) })}</Text>
              <Text>{t(state.offline ? 'copy.offline' : 'copy.slow')}</Text>
            </Box>
            {!state.offline && (
              <Button size="xs" variant="outline" color="inherit" onClick={showOnline}>{t('copy.online')}</Button>
            )}
            <Button size="sm" variant="ghost" color="inherit" px="0" aria-label={t('notice.dismiss')} onClick={dismiss}><X aria-hidden /></Button>
          </Stack>
        </Box>
      )}
      {shown && !copyShown && (
        <Box
          data-network-notice={kind}
          position="fixed" insetInline="0" bottom="0" zIndex="toast" px="4" py="3"
          bg="gray.900" color="white" _dark={{ bg: 'gray.100', color: 'gray.900' }} boxShadow="lg"
        >
          <Stack direction="row" align="center" maxW="6xl" mx="auto" gap="3">
            <WifiOff aria-hidden size={20} />
            <Text flex="1" fontSize="sm">{t(`notice.${kind}`)}</Text>
            {kind === 'failed' && (
              <Button size="xs" variant="outline" color="inherit" onClick={retryNetworkNow}>{t('notice.retry')}</Button>
            )}
            <Button size="sm" variant="ghost" color="inherit" px="0" aria-label={t('notice.dismiss')} onClick={dismissNetworkNotice}><X aria-hidden /></Button>
          </Stack>
        </Box>
      )}
    </Box>
  );
}
