import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { i18n } from './i18n.ts';
import { dirOf, localizePath, type Lang } from './browser-language.ts';
import { STORAGE_KEYS } from './storage-keys.ts';
import { applyTheme, initialTheme, writePreferenceCookie, type Theme } from './theme.ts';

interface Preferences {
  lang: Lang;
  dir: 'ltr' | 'rtl';
  theme: Theme;
  /** Switches language (persisted, <html lang dir> updated); callers rewrite the URL. */
  setLang: (lang: Lang) => void;
  setTheme: (theme: Theme) => void;
  /** The given language-neutral path in the current language ('/places' → '/places/ar' in Arabic). */
  localize: (path: string) => string;
  /** Picks the Arabic text when the language is Arabic and it exists. */
  pick: (en: string, ar?: string | null) => string;
}

const PreferencesContext = createContext<Preferences | null>(null);

function persistLang(lang: Lang) {
  writePreferenceCookie('lang', lang);
  try {
    localStorage.setItem(STORAGE_KEYS.lang, lang);
  } catch {
    /* storage unavailable */
  }
}

/**
 * `initialTheme`: the theme the server rendered the HTML with (hydration must start from the same
 * markup); the stored or system theme, when different, replaces it right after hydration.
 */
export function PreferencesProvider({ initialLang, initialTheme: serverTheme, children }: { initialLang: Lang; initialTheme?: Theme; children: ReactNode }) {
  // The language the URL chose on arrival persists at once: the first requests already
  // carry it as Accept-Language.
  const [lang, setLangState] = useState<Lang>(() => {
    persistLang(initialLang);
    return initialLang;
  });
  const [theme, setThemeState] = useState<Theme>(() => serverTheme ?? initialTheme());
  useEffect(() => {
    if (!serverTheme) return;
    const actual = initialTheme();
    // the server's cookie now names the theme shown, so the next page arrives right
    writePreferenceCookie('theme', actual);
    if (actual !== serverTheme) setThemeState(actual);
  }, [serverTheme]);

  const setLang = useCallback((next: Lang) => {
    persistLang(next);
    setLangState(next);
    if (i18n.language !== next) void i18n.changeLanguage(next);
  }, []);
  const setTheme = useCallback((next: Theme) => {
    applyTheme(next);
    setThemeState(next);
  }, []);

  const value = useMemo<Preferences>(() => {
    const localize = (path: string) => {
      const [p, qs] = path.split('?');
      const localized = localizePath(p || '/', lang);
      return qs ? `${localized}?${qs}` : localized;
    };
    return {
      lang, dir: dirOf(lang), theme, setLang, setTheme, localize,
      pick: (en, ar) => (lang === 'ar' && ar && ar.trim() ? ar : en),
    };
  }, [lang, theme, setLang, setTheme]);

  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): Preferences {
  const ctx = useContext(PreferencesContext);
  if (!ctx) throw new Error('usePreferences must be used inside PreferencesProvider');
  return ctx;
}
