import { Button, IconButton, VisuallyHidden } from '@chakra-ui/react';
import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { localizePath } from '../../lib/browser-language.ts';
import { usePreferences } from '../../lib/preferences.tsx';

/** Theme switch (light/dark), persisted. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const { theme, setTheme } = usePreferences();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <IconButton variant="ghost" size="sm" aria-label={t(next === 'dark' ? 'nav.darkMode' : 'nav.lightMode')} onClick={() => setTheme(next)}>
      {theme === 'dark' ? <Sun /> : <Moon />}
    </IconButton>
  );
}

/**
 * Language switch: rewrites the URL (Arabic adds the /ar suffix), keeping the query string.
 * Its accessible name starts with the visible text (the other language's name, in that language) and
 * adds what the button does for screen readers (WCAG 2.5.3, label in name).
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { lang, setLang } = usePreferences();
  const location = useLocation();
  const navigate = useNavigate();
  const next = lang === 'ar' ? 'en' : 'ar';
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => {
        setLang(next);
        navigate({ pathname: localizePath(location.pathname, next), search: location.search, hash: location.hash });
      }}
    >
      <span lang={next}>{t(next === 'ar' ? 'nav.switchToArabic' : 'nav.switchToEnglish')}</span>
      <VisuallyHidden>{` (${t(next === 'ar' ? 'nav.switchToArabicLabel' : 'nav.switchToEnglishLabel')})`}</VisuallyHidden>
    </Button>
  );
}
