import { localizePath, type Lang } from '../../lib/browser-language.ts';

/** Query parameter that carries the page a guard sent the user away from (e.g. `?redirect=/profile/places`). */
export const REDIRECT_PARAM = 'redirect';

/**
 * The `redirect` value when it names a page of this app: a path starting with one `/`, no scheme,
 * host or backslash (so `//evil.example` or `/\evil` cannot send users elsewhere). Otherwise null.
 * With `area: 'admin'` only /admin paths pass; with `area: 'public'` /admin and /auth paths are refused.
 */
export function safeRedirectPath(value: string | null | undefined, area: 'public' | 'admin'): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value) || value.includes('://')) return null;
  const pathname = value.split(/[?#]/)[0];
  const isAdmin = pathname === '/admin' || pathname.startsWith('/admin/');
  const isAuth = pathname === '/auth' || pathname.startsWith('/auth/');
  if (area === 'admin') return isAdmin && !pathname.startsWith('/admin/login') ? value : null;
  return isAdmin || isAuth ? null : value;
}

/** `path` (optionally with `?query`) in `lang`: Arabic adds the /ar suffix to the path part. */
export function localizeTarget(target: string, lang: Lang): string {
  const [pathAndQuery, hash] = target.split('#');
  const [pathname, query] = pathAndQuery.split('?');
  const localized = localizePath(pathname || '/', lang);
  return `${localized}${query ? `?${query}` : ''}${hash ? `#${hash}` : ''}`;
}

/**
 * The public login page in `lang` (/auth/login, /auth/login/ar in Arabic), keeping the page
 * the user came from (`from`: pathname + search) unless it is home or an auth/admin page.
 */
export function publicLoginPath(lang: Lang, from?: string | null): string {
  const base = localizePath('/auth/login', lang);
  const origin = safeRedirectPath(from, 'public');
  if (!origin || origin === '/' || origin === '/ar') return base;
  return `${base}?${REDIRECT_PARAM}=${encodeURIComponent(origin)}`;
}

/** The admin login page, keeping the admin page the user came from (/admin/login). */
export function adminLoginPath(from?: string | null): string {
  const origin = safeRedirectPath(from, 'admin');
  if (!origin || /^\/admin(\/ar)?\/?$/.test(origin)) return '/admin/login';
  return `/admin/login?${REDIRECT_PARAM}=${encodeURIComponent(origin)}`;
}

/** Keeps the `redirect` parameter of the current page when linking between auth pages. */
export function withRedirect(path: string, search: string): string {
  const redirect = new URLSearchParams(search).get(REDIRECT_PARAM);
  return redirect ? `${path}?${REDIRECT_PARAM}=${encodeURIComponent(redirect)}` : path;
}

/** Where a signed-in user goes from an auth page: the kept origin (in `lang`) or home in `lang`. */
export function afterSignInPath(search: string, lang: Lang): string {
  const origin = safeRedirectPath(new URLSearchParams(search).get(REDIRECT_PARAM), 'public');
  return localizeTarget(origin ?? '/', lang);
}

/**
 * Where a failed session sends the user: admin → /admin/login; public → /auth/login, or
 * /auth/login/ar in Arabic, keeping the page they were on. Null when they are on that login page already.
 */
export function authFailureRedirect(scope: 'public' | 'admin', location: string, lang: 'en' | 'ar'): string | null {
  const pathname = location.split('?')[0];
  if (scope === 'admin') return pathname.startsWith('/admin/login') ? null : adminLoginPath(location);
  return pathname.startsWith('/auth/') ? null : publicLoginPath(lang, location);
}
