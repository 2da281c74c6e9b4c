import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { system } from '../components/ui/system.ts';
import { Toaster } from '../components/ui/toaster.tsx';
import type { Lang } from '../lib/language.ts';
import { PreferencesProvider, usePreferences } from '../lib/preferences.tsx';
import { createQueryClient } from '../lib/query-client.ts';

function ChakraLocale({ children }: { children: ReactNode }) {
  const { lang } = usePreferences();
  return <LocaleProvider locale={lang === 'ar' ? 'ar-SA' : 'en-US'}>{children}</LocaleProvider>;
}

/** Chakra UI (with locale/direction), React Query (spec §9 defaults), preferences (language, theme). */
export function AppProvider({ initialLang, children }: { initialLang: Lang; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ChakraProvider value={system}>
        <PreferencesProvider initialLang={initialLang}>
          <ChakraLocale>
            {children}
            <Toaster />
          </ChakraLocale>
        </PreferencesProvider>
      </ChakraProvider>
    </QueryClientProvider>
  );
}
