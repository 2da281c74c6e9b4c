import en from '../../../locales/en/common.json' with { type: 'json' };
import ar from '../../../locales/ar/common.json' with { type: 'json' };
import { isLang, langOfUrl, localizePath, preferredLang, PREFERENCE_COOKIES, readCookie, stripLangSegment, type Lang } from '../../shared/language.ts';

/**
 * The client-rendered sign-in and account pages (`/auth/*`, `/profile`; decision 019) and the device's saved
 * places (`/saved`, decision 048: read from IndexedDB, nothing for the server to render) get their
 * head and first-visit language from the server too (issue 30), without the page renderer:
 * - `clientPageHead`: `<title>`, description and Open Graph in the page's language ("تسجيل الدخول | دليل"),
 *   `noindex` — the template's are English;
 * - `clientPageLanguageRedirect`: a neutral address (`/auth/login`) opened with no stored choice by a
 *   browser that prefers Arabic answers 302 to its `/ar` twin, as the rendered pages do.
 */

const STRINGS = { en, ar } as const;

/** First path segments of the client-rendered pages handled here (the admin console titles its own pages). */
const CLIENT_SECTIONS = ['auth', 'profile', 'saved'];

/** True for a sign-in/account page's path (`/auth/login/ar`, `/profile`). */
export function isClientPagePath(pathname: string): boolean {
  return CLIENT_SECTIONS.includes(stripLangSegment(pathname).split('/')[1] ?? '');
}

/** Title (without the site name) and description of a client-rendered page in `lang`. */
function pageText(pathname: string, lang: Lang): { title: string | null; description: string } {
  const s = STRINGS[lang];
  const path = stripLangSegment(pathname).replace(/\/$/, '');
  const auth: Record<string, { title: string; subtitle?: string }> = {
    '/auth/login': s.auth.login, '/auth/register': s.auth.register, '/auth/verify-email': s.auth.verify, '/auth/reset-password': s.auth.reset,
  };
  const page = auth[path];
  if (page) return { title: page.title, description: page.subtitle ?? s.home.subtitle };
  const title = path.startsWith('/profile') ? s.sections.profile : path === '/saved' ? s.nav.savedPlaces : null;
  return { title, description: s.home.subtitle };
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `html` (the SPA template) with its title, description, og:title, og:description and og:locale in
 * `lang` for a client-rendered page, and `<meta name="robots" content="noindex">`. `siteName` is the
 * site's name in `lang`. Other pages' HTML is returned unchanged.
 */
export function clientPageHead(html: string, pathname: string, lang: Lang, siteName: string): string {
  if (!isClientPagePath(pathname)) return html;
  const { title, description } = pageText(pathname, lang);
  const fullTitle = escapeAttr(title ? `${title} | ${siteName}` : siteName);
  const desc = escapeAttr(description);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${fullTitle}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${desc}" />`)
    .replace(/<meta property="og:title" content="[^"]*" \/>/, `<meta property="og:title" content="${fullTitle}" />`)
    .replace(/<meta property="og:description" content="[^"]*" \/>/, `<meta property="og:description" content="${desc}" />`)
    .replace('</head>', `<meta property="og:locale" content="${lang === 'ar' ? 'ar_SA' : 'en_US'}" /><meta name="robots" content="noindex" /></head>`);
}

/**
 * For a client-rendered page at a neutral address (no `/ar` or `?lang=`) and no stored choice (the
 * `dalil_lang` cookie): a 302 to the Arabic twin when `Accept-Language` prefers Arabic, else null.
 */
export function clientPageLanguageRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  if (!isClientPagePath(url.pathname) || langOfUrl(url)) return null;
  const cookieLang = readCookie(request.headers.get('cookie'), PREFERENCE_COOKIES.lang);
  const wanted = isLang(cookieLang) ? cookieLang : preferredLang(request.headers.get('accept-language'));
  if (wanted !== 'ar') return null;
  return new Response(null, {
    status: 302,
    headers: { Location: `${localizePath(url.pathname, 'ar')}${url.search}`, Vary: 'Cookie, Accept-Language', 'Cache-Control': 'private, no-cache' },
  });
}
