import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import type { EmotionCache } from '@emotion/cache';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { getSystem } from '../components/ui/system.ts';
import { Deferred, useHydrated } from '../components/ui/deferred.tsx';
import type { Lang } from '../lib/browser-language.ts';
import type { Theme } from '../lib/theme.ts';
import { PreferencesProvider, usePreferences } from '../lib/preferences.tsx';
import { loadWhenOnline, onNetworkBack } from '../lib/network-status.ts';
import { getOfflineCopyState } from '../lib/offline-copy.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { useSession } from '../lib/session.ts';
import { createEmotionCache } from './emotion-cache.ts';

// The toast region (and zag's toast machine) loads after the first paint: no page needs it to show.
const Toaster = lazy(() => loadWhenOnline(() => import('./after-hydration-parts.ts').then((m) => m.loadToaster())).then((m) => ({ default: m.Toaster })));

// The network notice (decision 045) too: it shows only once something failed for the network.
const NetworkNotice = lazy(() => loadWhenOnline(() => import('./after-hydration-parts.ts').then((m) => m.loadNetworkNotice())).then((m) => ({ default: m.NetworkNotice })));

// The service worker registers from here, after the page is interactive; it prompts when a new version waits (decision 047).
const UpdatePrompt = lazy(() => loadWhenOnline(() => import('./after-hydration-parts.ts').then((m) => m.loadUpdatePrompt())).then((m) => ({ default: m.UpdatePrompt })));
// The outbox's sender (decision 048): only for a signed-in user, loaded after the first paint.
const OutboxSender = lazy(() => loadWhenOnline(() => import('./after-hydration-parts.ts').then((m) => m.loadOutboxSender())));

/** The toast region only in the browser (its inline positioning styles would break the CSP in server HTML). */
function BrowserToaster({ queryClient }: { queryClient: QueryClient }) {
  const hydrated = useHydrated();
  const { user } = useSession('public');
  return hydrated ? (
    <>
      <Suspense fallback={null}><Toaster /><NetworkNotice /><UpdatePrompt /></Suspense>
      {user && <Suspense fallback={null}><OutboxSender queryClient={queryClient} /></Suspense>}
    </>
  ) : null;
}

function ChakraLocale({ children }: { children: ReactNode }) {
  const { lang } = usePreferences();
  return <LocaleProvider locale={lang === 'ar' ? 'ar-SA' : 'en-US'}>{children}</LocaleProvider>;
}

export interface AppProviderProps {
  initialLang: Lang;
  /** The theme the server rendered with (server-rendered pages only). */
  initialTheme?: Theme;
  /** Given by the server renderer and by a hydrating page (already filled with the page's data). */
  queryClient?: QueryClient;
  /** Given by the server renderer (its styles are extracted into the HTML). */
  emotionCache?: EmotionCache;
  /**
   * A hydrating server-rendered page: its HTML already holds Chakra's global, reset and token CSS, so they are
   * neither computed nor serialized again (`globalStyles={false}`, patches/@chakra-ui+react, decision 037). The
   * server renderer too: its Emotion cache starts with one copy of them per process (decision 061).
   */
  serverStyles?: boolean;
  children: ReactNode;
}

/**
 * Chakra UI (with locale/direction) on an Emotion cache carrying the page's CSP nonce, React Query
 * (defaults), preferences (language, theme).
 */
export function AppProvider({ initialLang, initialTheme, queryClient: givenClient, emotionCache: givenCache, serverStyles = false, children }: AppProviderProps) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  const [emotionCache] = useState(() => givenCache ?? createEmotionCache());
  // back online (or "Try again" on the network notice): the failed queries of the page on screen are asked for again,
  // and all of them while it shows answers from the service worker's cache (decision 047)
  useEffect(() => onNetworkBack(() => void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' || getOfflineCopyState().at !== null })), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <CacheProvider value={emotionCache}>
        <ChakraProvider value={getSystem()} globalStyles={!serverStyles}>
          <PreferencesProvider initialLang={initialLang} initialTheme={initialTheme}>
            <ChakraLocale>
              {children}
              <Deferred><BrowserToaster queryClient={queryClient} /></Deferred>
            </ChakraLocale>
          </PreferencesProvider>
        </ChakraProvider>
      </CacheProvider>
    </QueryClientProvider>
  );
}
