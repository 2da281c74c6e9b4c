import { STORAGE_KEYS } from './storage-keys.ts';

import { isTheme, PREFERENCE_COOKIE_MAX_AGE, PREFERENCE_COOKIES, type Lang, type Theme } from '../shared/language.ts';

export { isTheme, type Theme } from '../shared/language.ts';

/** Writes a preference cookie the server reads to render the next page in the same language/theme (decision 019). */
export function writePreferenceCookie(kind: 'lang' | 'theme', value: Lang | Theme) {
  try {
    document.cookie = `${PREFERENCE_COOKIES[kind]}=${value}; path=/; max-age=${PREFERENCE_COOKIE_MAX_AGE}; samesite=lax`;
  } catch {
    /* no document (tests) */
  }
}

/** Stored theme, else the system preference. */
export function initialTheme(): Theme {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.theme);
    if (isTheme(stored)) return stored;
  } catch {
    /* storage unavailable */
  }
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Sets the `light`/`dark` class Chakra's `_dark` condition reads, and persists the choice. */
export function applyTheme(theme: Theme, persist = true) {
  const root = document.documentElement;
  // only what differs: a class or style written again, even unchanged, restyles the whole document
  const other = theme === 'dark' ? 'light' : 'dark';
  if (root.classList.contains(other)) root.classList.remove(other);
  if (!root.classList.contains(theme)) root.classList.add(theme);
  if (root.style.colorScheme !== theme) root.style.colorScheme = theme;
  if (persist) {
    writePreferenceCookie('theme', theme);
    try {
      localStorage.setItem(STORAGE_KEYS.theme, theme);
    } catch {
      /* storage unavailable */
    }
  }
}
