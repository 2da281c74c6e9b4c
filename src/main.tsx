import '@fontsource/inter/400.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import '@fontsource/noto-sans-arabic/400.css';
import '@fontsource/noto-sans-arabic/600.css';
import '@fontsource/noto-sans-arabic/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { detectLang } from './lib/language.ts';

const lang = detectLang(window.location);
// Arabic pages: fetch Noto Sans Arabic now, while the translations and the route's code load, so it is
// there at first paint. Its faces use font-display: optional (vite.config.ts): if it is late it is not
// swapped in, so the page never shifts under the reader.
if (lang === 'ar' && 'fonts' in document) {
  for (const weight of [400, 600, 700]) void document.fonts.load(`${weight} 16px "Noto Sans Arabic"`, 'دليل Aa').catch(() => undefined);
}
void initI18n(lang).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider initialLang={lang}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
