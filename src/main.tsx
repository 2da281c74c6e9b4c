import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { detectLang } from './lib/language.ts';

const lang = detectLang(window.location);
void initI18n(lang).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider initialLang={lang}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
