/** Languages and their paths, the same in the browser (src/lib/language.ts) and the server's document rendering. */

export type Lang = 'en' | 'ar';
export const LANGS: readonly Lang[] = ['en', 'ar'];
export const DEFAULT_LANG: Lang = 'en';
/** The Arabic route suffix. */
export const AR_SUFFIX = '/ar';

export const isLang = (v: unknown): v is Lang => v === 'en' || v === 'ar';
export const dirOf = (lang: Lang): 'rtl' | 'ltr' => (lang === 'ar' ? 'rtl' : 'ltr');

/** Removes a trailing `/ar` or `/en` segment: '/p/x/ar' → '/p/x', '/ar' → '/'. */
export function stripLangSegment(pathname: string): string {
  const stripped = pathname.replace(/\/(ar|en)\/?$/, '');
  return stripped === '' ? '/' : stripped;
}

/** The language a path names by its last segment, if any. */
export function langOfPath(pathname: string): Lang | null {
  const m = /\/(ar|en)\/?$/.exec(pathname);
  return m ? (m[1] as Lang) : null;
}

/** The path in `lang`: Arabic adds the `/ar` suffix (public and admin pages), English has none. */
export function localizePath(pathname: string, lang: Lang): string {
  const base = stripLangSegment(pathname);
  if (lang === 'en') return base;
  return base === '/' ? AR_SUFFIX : `${base.replace(/\/$/, '')}${AR_SUFFIX}`;
}
