import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isLang, langOfPath, localizePath, stripLangSegment, type Lang } from '../lib/browser-language.ts';
import { usePreferences } from '../lib/preferences.tsx';
import { isTheme } from '../lib/theme.ts';

/**
 * The URL decides the language — `/ar` suffix, `lang` query or a last segment en|ar;
 * `lang`, `theme` and a trailing `/en` are applied, then removed by replacing the history entry.
 * A language change invalidates all cached data.
 */
export function LocaleSync() {
  const location = useLocation();
  const navigate = useNavigate();
  const { lang, setLang, setTheme } = usePreferences();
  const queryClient = useQueryClient();
  const previous = useRef<Lang>(lang);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const queryLang = params.get('lang');
    const queryTheme = params.get('theme');
    const segmentLang = langOfPath(location.pathname);
    let next: Lang = isLang(queryLang) ? queryLang : segmentLang ?? 'en';
    if (!isLang(queryLang) && !segmentLang && lang === 'ar') next = 'ar'; // stored Arabic on a neutral URL
    if (isTheme(queryTheme)) setTheme(queryTheme);
    if (next !== lang) setLang(next);

    const cleanPath = next === 'ar' ? localizePath(location.pathname, 'ar') : stripLangSegment(location.pathname);
    const hadParams = params.has('lang') || params.has('theme');
    params.delete('lang');
    params.delete('theme');
    if (hadParams || cleanPath !== location.pathname) {
      const qs = params.toString();
      navigate({ pathname: cleanPath, search: qs ? `?${qs}` : '', hash: location.hash }, { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (previous.current !== lang) {
      previous.current = lang;
      void queryClient.invalidateQueries();
    }
  }, [lang, queryClient]);
  return null;
}
