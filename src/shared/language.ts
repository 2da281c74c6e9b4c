/**
 * Language and theme rules both sides use (decision 003): the browser (src/lib/browser-language.ts,
 * src/lib/theme.ts) and the server that renders the public pages (src/server/render/) read the same URL
 * conventions and the same preference cookies. Runs anywhere (browser, Node, Deno).
 */

export type Lang = 'en' | 'ar';
export const DEFAULT_LANG: Lang = 'en';
/** The Arabic route suffix. */
export const AR_SUFFIX = '/ar';

export type Theme = 'light' | 'dark';
export const isTheme = (v: unknown): v is Theme => v === 'light' || v === 'dark';

export const isLang = (v: unknown): v is Lang => v === 'en' || v === 'ar';
export const dirOf = (lang: Lang): 'rtl' | 'ltr' => (lang === 'ar' ? 'rtl' : 'ltr');

/**
 * Cookies carrying the visitor's choices to the server, so the HTML it renders is already in the chosen
 * language and theme (decision 019). Written by the SPA whenever the choice changes (src/lib/preferences.tsx);
 * localStorage stays the SPA's own copy.
 */
export const PREFERENCE_COOKIES = { lang: 'dalil_lang', theme: 'dalil_theme' } as const;
/** How long the preference cookies live, in seconds (one year). */
export const PREFERENCE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

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

/** The language a URL names: its `lang` query parameter, else its last path segment; null for a neutral URL. */
export function langOfUrl(location: { pathname: string; search: string }): Lang | null {
  const q = new URLSearchParams(location.search).get('lang');
  return isLang(q) ? q : langOfPath(location.pathname);
}

/** The path in `lang`: Arabic adds the `/ar` suffix (public and admin pages), English has none. */
export function localizePath(pathname: string, lang: Lang): string {
  const base = stripLangSegment(pathname);
  if (lang === 'en') return base;
  return base === '/' ? AR_SUFFIX : `${base.replace(/\/$/, '')}${AR_SUFFIX}`;
}

/** The value of cookie `name` in a Cookie header (or `document.cookie`), undefined when absent. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The language an `Accept-Language` header prefers among English and Arabic (highest q first, the
 * header's order breaking ties; `ar-SA` counts as `ar`), or null when it names neither.
 */
export function preferredLang(acceptLanguage: string | null | undefined): Lang | null {
  if (!acceptLanguage) return null;
  let best: { lang: Lang; q: number; index: number } | null = null;
  acceptLanguage.split(',').forEach((item, index) => {
    const [tag = '', ...params] = item.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!isLang(primary)) return;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number.parseFloat(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) return;
    if (!best || q > best.q) best = { lang: primary, q, index };
  });
  return (best as { lang: Lang } | null)?.lang ?? null;
}
