import { STORAGE_KEYS } from './storage-keys.ts';

export type Theme = 'light' | 'dark';
export const isTheme = (v: unknown): v is Theme => v === 'light' || v === 'dark';

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
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
  if (persist) {
    try {
      localStorage.setItem(STORAGE_KEYS.theme, theme);
    } catch {
      /* storage unavailable */
    }
  }
}
