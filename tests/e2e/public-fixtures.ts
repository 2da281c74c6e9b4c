import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Shared helpers of the public-experience specs (issue 3). Map tiles are never fetched (no network in CI,
 * and they are not what is tested); the site names come from the API so an admin rename elsewhere in the
 * run cannot break the title checks.
 */
export type Lang = 'en' | 'ar';
export const LANGS: readonly Lang[] = ['en', 'ar'];
export const WIDTHS = [375, 1280] as const;

/** `/places` → `/places/ar`, `/` → `/ar` (the Arabic twin). */
export const localized = (path: string, lang: Lang) => {
  const [pathname, query] = path.split('?');
  const p = lang === 'ar' ? (pathname === '/' ? '/ar' : `${pathname}/ar`) : pathname;
  return query ? `${p}?${query}` : p;
};

/** Aborts tile requests of any tile server (OpenStreetMap by default). */
export async function blockMapTiles(page: Page) {
  await page.route(/\/\d+\/\d+\/\d+\.png(\?.*)?$/, (route) => route.abort());
}

/** The site names as the SPA will show them ('...' for empty names). */
export async function siteNames(request: APIRequestContext): Promise<Record<Lang, string>> {
  const body = await (await request.get('/api/website-settings')).json();
  const en = body.data.siteName || '...';
  return { en, ar: body.data.siteNameAr || en };
}

/** 'section | site name' (issue 14 reversed the earlier 'site name - section'), the Arabic site name in Arabic; the site name alone on home. */
export async function expectTitle(page: Page, site: string, section: string | null) {
  await expect(page).toHaveTitle(section ? `${section} | ${site}` : site);
}

/**
 * Waits until a server-rendered page has hydrated (`<html data-hydrated>`, set by HydrationEnd): the
 * HTML is there before its script, and a click on a button that early does nothing.
 */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

export async function expectLanguage(page: Page, lang: Lang) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

export async function expectTheme(page: Page, theme: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
}

/** Texts of the header, footer and switches in each language. */
export const CHROME = {
  en: {
    home: 'Home', map: 'Map', addPlace: 'Add Place', services: 'Services', add: 'Add', search: 'Search',
    searchBox: 'Search the directory', tabBar: 'Quick navigation', mainNav: 'Main navigation',
    toDark: 'Switch to dark theme', toLight: 'Switch to light theme', switchLang: 'Switch to Arabic',
    attribution: /OpenStreetMap contributors/,
  },
  ar: {
    home: 'الرئيسية', map: 'الخريطة', addPlace: 'إضافة مكان', services: 'الخدمات', add: 'إضافة', search: 'بحث',
    searchBox: 'البحث في الدليل', tabBar: 'تنقل سريع', mainNav: 'التنقل الرئيسي',
    toDark: 'التبديل إلى الوضع الداكن', toLight: 'التبديل إلى الوضع الفاتح', switchLang: 'التبديل إلى الإنجليزية',
    attribution: /OpenStreetMap/,
  },
} as const;
