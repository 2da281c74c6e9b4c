import { STORAGE_KEYS } from './storage-keys.ts';

import { DEFAULT_LANG, isLang, langOfUrl, type Lang } from '../shared/language.ts';

export { dirOf, isLang, langOfPath, localizePath, stripLangSegment, type Lang } from '../shared/language.ts';

export function storedLang(): Lang {
  try {
    const v = localStorage.getItem(STORAGE_KEYS.lang);
    return isLang(v) ? v : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

/**
 * Language for a location: `lang` query, then last path segment (en|ar), then storage, then English.
 */
export function detectLang(location: { pathname: string; search: string }): Lang {
  return langOfUrl(location) ?? storedLang();
}
