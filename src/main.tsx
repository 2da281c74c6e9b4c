import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { detectLang } from './lib/language.ts';

const lang = detectLang(window.location);
// The first render runs as a transition: React renders it in slices of a few milliseconds instead of one
// long task, so the page stays responsive while it starts (decision 012).
void initI18n(lang).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProvider initialLang={lang}>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    );
  });
});
