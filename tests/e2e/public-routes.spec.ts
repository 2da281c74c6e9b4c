import { expect, test, type Page } from '@playwright/test';
import { blockMapTiles, CHROME, expectLanguage, expectTheme, expectTitle, localized, siteNames, waitForHydration, WIDTHS, type Lang } from './public-fixtures.ts';

/**
 * Issue 3: every public route (and the overlay's /places/{slug}, /map/zones/{slug}) at 375 and
 * 1280 px, in English and Arabic, light and dark. One page load per route and width: the theme and
 * language switches then take the page through the other combinations (and must keep the page).
 */
interface RouteCase {
  path: string;
  /** Title section (null: home shows the site name alone). */
  section: Record<Lang, string> | null;
  h1: Record<Lang, string | RegExp>;
  /** Extra checks on the loaded page. */
  check?: (page: Page, lang: Lang) => Promise<void>;
}

const ROUTES: RouteCase[] = [
  {
    path: '/', section: null,
    h1: { en: 'Find places and services in the city', ar: 'دليلك إلى أماكن المدينة وخدماتها' },
    check: async (page, lang) => {
      await expect(page.getByRole('link', { name: lang === 'en' ? 'Explore all places' : 'استكشف كل الأماكن' })).toBeVisible();
      await expect(page.getByRole('link', { name: lang === 'en' ? 'View categories' : 'عرض الفئات' }).first()).toBeVisible();
      for (const name of lang === 'en' ? ['Categories', 'Featured places', 'Zones'] : ['الفئات', 'أماكن مميزة', 'الأحياء']) {
        await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
      }
    },
  },
  {
    path: '/search', section: { en: 'Search', ar: 'بحث' }, h1: { en: 'Search', ar: 'بحث' },
    check: async (page, lang) => {
      await expect(page.getByText(lang === 'en' ? 'Start typing to search' : 'ابدأ الكتابة للبحث', { exact: true })).toBeVisible();
    },
  },
  {
    path: '/categories', section: { en: 'Categories', ar: 'الفئات' }, h1: { en: 'Categories', ar: 'الفئات' },
    check: async (page, lang) => {
      await expect(page.getByRole('list', { name: lang === 'en' ? 'Categories' : 'الفئات' }).getByRole('link', { name: lang === 'en' ? /^Cafés/ : /^مقاهي/ })).toBeVisible();
    },
  },
  {
    path: '/categories/cafes', section: { en: 'Cafés', ar: 'مقاهي' }, h1: { en: 'Cafés', ar: 'مقاهي' },
    check: async (page, lang) => {
      await expect(page.getByText(lang === 'en' ? /^Page 1 of \d+$/ : /^صفحة 1 من \d+$/)).toBeVisible();
    },
  },
  {
    path: '/places', section: { en: 'Places', ar: 'الأماكن' }, h1: { en: 'All places', ar: 'كل الأماكن' },
    check: async (page, lang) => {
      await expect(page.getByRole('list', { name: lang === 'en' ? 'Places' : 'الأماكن' }).getByRole('listitem')).toHaveCount(12);
      await expect(page.getByText(lang === 'en' ? /^Page 1 of \d+$/ : /^صفحة 1 من \d+$/)).toBeVisible();
    },
  },
  {
    path: '/zones/al-ulayya', section: { en: 'Al Ulayya', ar: 'العليا' }, h1: { en: 'Places in Al Ulayya', ar: 'الأماكن في العليا' },
  },
  {
    path: '/map', section: { en: 'Map', ar: 'الخريطة' }, h1: { en: 'Map', ar: 'الخريطة' },
    check: async (page, lang) => {
      const map = page.getByRole('region', { name: lang === 'en' ? 'Map of places and buildings' : 'خريطة الأماكن والمباني' });
      await expect(map).toHaveAttribute('dir', 'ltr');
      await expect(map.getByRole('button', { name: lang === 'en' ? /places here, zoom in$/ : /هنا، كبّر الخريطة$/ }).first()).toBeVisible();
      await expect(page.getByRole('link', { name: lang === 'en' ? /^Al Ulayya/ : /^العليا/ })).toBeVisible();
    },
  },
  {
    path: '/map/zones/al-ulayya', section: { en: 'Al Ulayya', ar: 'العليا' }, h1: { en: 'Al Ulayya', ar: 'العليا' },
    check: async (page, lang) => {
      await expect(page.getByRole('region', { name: lang === 'en' ? 'Map of Al Ulayya' : 'خريطة العليا' })).toHaveAttribute('dir', 'ltr');
      await expect(page.getByRole('heading', { level: 2, name: lang === 'en' ? 'Buildings' : 'المباني' })).toBeVisible();
    },
  },
  {
    // "Name — Category, Zone" (issue 14)
    path: '/p/starbucks', section: { en: 'Starbucks — Cafés, Al Ulayya', ar: 'Starbucks — مقاهي، العليا' }, h1: { en: 'Starbucks', ar: 'Starbucks' },
    check: async (page, lang) => {
      await expect(page.getByRole('heading', { level: 2, name: lang === 'en' ? 'About' : 'نبذة' })).toBeVisible();
      await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`/p/starbucks${lang === 'ar' ? '/ar' : ''}$`));
    },
  },
  // /places/{slug} now answers 301 to /p/{slug} (issue 14; tests/e2e/server-rendering.spec.ts)
  {
    path: '/no-such-page', section: { en: 'Page not found', ar: 'الصفحة غير موجودة' }, h1: { en: 'Page not found', ar: 'الصفحة غير موجودة' },
    check: async (page, lang) => {
      await expect(page.getByRole('link', { name: lang === 'en' ? 'Go Home' : 'العودة إلى الرئيسية' })).toBeVisible();
      await expect(page.getByRole('link', { name: lang === 'en' ? 'Browse Places' : 'تصفح الأماكن' })).toBeVisible();
    },
  },
];

/** Header, tab bar and footer as designed for this width (signed out). */
async function checkChrome(page: Page, lang: Lang, width: number) {
  const text = CHROME[lang];
  const header = page.getByRole('banner');
  if (width >= 768) {
    await expect(header.getByRole('combobox', { name: text.searchBox })).toBeVisible();
    const nav = header.getByRole('navigation', { name: text.mainNav });
    await expect(nav.getByRole('link', { name: text.home, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: text.map, exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: text.addPlace })).toBeVisible();
    await expect(page.getByRole('navigation', { name: text.tabBar })).toBeHidden();
  } else {
    await expect(header.getByRole('button', { name: text.search, exact: true })).toBeVisible();
    await expect(header.getByRole('combobox')).toBeHidden();
    const tabs = page.getByRole('navigation', { name: text.tabBar });
    await expect(tabs.getByRole('link', { name: text.services })).toBeVisible();
    await expect(tabs.getByRole('link', { name: text.map })).toBeVisible();
    await expect(tabs.getByRole('button', { name: text.add, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('contentinfo').getByText(text.attribution)).toBeVisible();
}

async function checkScreen(page: Page, route: RouteCase, lang: Lang, site: Record<Lang, string>, width: number) {
  await expectLanguage(page, lang);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1[lang]);
  await expectTitle(page, site[lang], route.section ? route.section[lang] : null);
  await checkChrome(page, lang, width);
  await route.check?.(page, lang);
}

for (const route of ROUTES) {
  test(`${route.path}: en/ar × light/dark at 375 and 1280 px`, async ({ page, request }) => {
    await blockMapTiles(page);
    const site = await siteNames(request);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${route.path}?theme=light`);
      await expect(page).toHaveURL((u) => u.pathname === route.path && u.search === '');
      await waitForHydration(page);
      await expectTheme(page, 'light');
      await checkScreen(page, route, 'en', site, width);

      // theme switch, then language switch: same page, Arabic twin URL, right-to-left
      await page.getByRole('button', { name: CHROME.en.toDark }).click();
      await expectTheme(page, 'dark');
      await page.getByRole('button', { name: CHROME.en.switchLang }).click();
      await expect(page).toHaveURL((u) => u.pathname === localized(route.path, 'ar'));
      await checkScreen(page, route, 'ar', site, width);
      await expectTheme(page, 'dark');

      await page.getByRole('button', { name: CHROME.ar.toLight }).click();
      await expectTheme(page, 'light');
      await page.getByRole('button', { name: CHROME.ar.switchLang }).click();
      await expect(page).toHaveURL((u) => u.pathname === route.path);
      await expectLanguage(page, 'en');
    }
  });
}

// Each list page describes itself (issue 27), and keeps doing so once hydrated (DocumentHead rewrites the meta).
test('places, categories and map keep their own meta description after hydration, en and ar', async ({ page, request }) => {
  await blockMapTiles(page);
  const names = await siteNames(request);
  const expected: Record<Lang, Record<string, string>> = {
    en: {
      '/places': `Every place listed in ${names.en}: businesses and services to browse by category, district and building.`,
      '/categories': `Browse ${names.en} by category: restaurants, cafés, pharmacies and every other kind of place in the city.`,
      '/map': `The map of ${names.en}: every listed place and district, with the buildings of each district.`,
    },
    ar: {
      '/places': `كل الأماكن المدرجة في ${names.ar}: محلات وخدمات تتصفحها حسب الفئة والحي والمبنى.`,
      '/categories': `تصفّح ${names.ar} حسب الفئة: مطاعم ومقاهٍ وصيدليات وكل أنواع الأماكن في المدينة.`,
      '/map': `خريطة ${names.ar}: كل الأماكن والأحياء المدرجة، مع مباني كل حي.`,
    },
  };
  for (const lang of ['en', 'ar'] as const) {
    for (const [path, text] of Object.entries(expected[lang])) {
      await page.goto(localized(path, lang));
      await waitForHydration(page);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', text);
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', text);
    }
  }
});
