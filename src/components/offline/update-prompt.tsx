import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshCw, X } from 'lucide-react';
import { Workbox } from 'workbox-window';
import { CACHE_PAGE_MESSAGE } from '../../shared/offline.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import ar from '../../../locales/ar/offline.json';
import en from '../../../locales/en/offline.json';

/** Where the build puts the worker (vite.config.ts, vite-plugin-pwa): at the root, so its scope is the whole site. */
const WORKER_URL = '/sw.js';

/**
 * Registers the service worker (decision 047) once the page is interactive — this module loads after hydration,
 * and registers in an idle callback — and shows "A new version is available — Reload" when a new deployment's
 * worker is installed and waiting: the page keeps running its own build until the visitor chooses; "Reload" asks the
 * waiting worker to take over (SKIP_WAITING_MESSAGE of src/shared/offline.ts) and the page loads again under it ("Later" hides the prompt until
 * the next load). In the page's language and direction, announced politely (role="status"). Production builds
 * only (the dev server has no worker).
 */
export function UpdatePrompt() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', 'offline')) i18n.addResourceBundle('en', 'offline', en);
  if (!i18n.hasResourceBundle('ar', 'offline')) i18n.addResourceBundle('ar', 'offline', ar);
  const { t } = useTranslation('offline');
  const [waiting, setWaiting] = useState<Workbox | null>(null);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const wb = new Workbox(WORKER_URL, { scope: '/' });
    wb.addEventListener('waiting', () => {
      setDismissed(false);
      setWaiting(wb);
    });
    // the new worker took over (this page's "Reload", or another tab's): load the page under it, one build again
    wb.addEventListener('controlling', (event) => {
      if (event.isUpdate) window.location.reload();
    });
    const landedBeforeWorker = !navigator.serviceWorker.controller;
    return whenIdle(() => {
      wb.register().then(async () => {
        // the first worker: the page the visitor landed on is stored now (it came before the worker)
        if (landedBeforeWorker) {
          await wb.controlling;
          await wb.messageSW({ type: CACHE_PAGE_MESSAGE, url: window.location.href });
        }
        document.documentElement.setAttribute('data-sw', 'ready');
      }).catch(() => undefined);
    });
  }, []);

  if (!waiting || dismissed) return null;
  return (
    <Box
      data-update-prompt role="status" aria-live="polite"
      position="fixed" insetInline="0" top="0" zIndex="toast" px="4" py="3"
      bg="brand.700" color="white" _dark={{ bg: 'brand.200', color: 'gray.900' }} boxShadow="lg"
    >
      <Stack direction="row" align="center" maxW="6xl" mx="auto" gap="3">
        <RefreshCw aria-hidden size={20} />
        <Text flex="1" fontSize="sm">{t('update.notice')}</Text>
        <Button size="sm" variant="solid" bg="white" color="brand.800" _dark={{ bg: 'gray.900', color: 'white' }} onClick={() => waiting.messageSkipWaiting()}>{t('update.reload')}</Button>
        <Button size="sm" variant="ghost" color="inherit" px="0" aria-label={t('update.dismiss')} onClick={() => setDismissed(true)}><X aria-hidden /></Button>
      </Stack>
    </Box>
  );
}
