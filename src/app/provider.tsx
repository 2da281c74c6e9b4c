import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { system } from '../components/ui/system.ts';
import { Deferred } from '../components/ui/deferred.tsx';
import type { Lang } from '../lib/language.ts';
import { PreferencesProvider, usePreferences } from '../lib/preferences.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { createEmotionCache } from './emotion-cache.ts';

// The toast region (and zag's toast machine) loads after the first paint: no page needs it to show.
const Toaster = lazy(() => import('../components/ui/toaster.tsx').then((m) => ({ default: m.Toaster })));

function ChakraLocale({ children }: { children: ReactNode }) {
  const { lang } = usePreferences();
  return <LocaleProvider locale={lang === 'ar' ? 'ar-SA' : 'en-US'}>{children}</LocaleProvider>;
}

/**
 * Chakra UI (with locale/direction) on an Emotion cache carrying the page's CSP nonce, React Query
 * (defaults), preferences (language, theme).
 */
export function AppProvider({ initialLang, children }: { initialLang: Lang; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [emotionCache] = useState(() => createEmotionCache());
  return (
    <QueryClientProvider client={queryClient}>
      <CacheProvider value={emotionCache}>
        <ChakraProvider value={system}>
          <PreferencesProvider initialLang={initialLang}>
            <ChakraLocale>
              {children}
              <Deferred><Suspense fallback={null}><Toaster /></Suspense></Deferred>
            </ChakraLocale>
          </PreferencesProvider>
        </ChakraProvider>
      </CacheProvider>
    </QueryClientProvider>
  );
}
