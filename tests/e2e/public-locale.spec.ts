import { expect, test } from '@playwright/test';
import { blockMapTiles, expectLanguage, expectTheme, expectTitle, siteNames } from './public-fixtures.ts';

/**
 * Issue 3: `lang`/`theme` query parameters and a last `/en`/`ar` segment set the language and
 * theme and are removed with a history replacement; the language switch keeps the page and its query;
 * language and theme persist; settings load about 1 s after start; Leaflet only loads on map screens;
 * the Add Place choice for signed-out visitors; unknown places are 'Page not found'.
 */
test('lang/theme query and trailing /en are applied, then replaced out of the address', async ({ page, request }) => {
  const site = await siteNames(request);
  await page.goto('/places');
  await page.goto('/categories?lang=ar&theme=dark&view=list');
  await expect(page).toHaveURL('/categories/ar?view=list');
  await expectLanguage(page, 'ar');
  await expectTheme(page, 'dark');
  await expectTitle(page, site.ar, 'الفئات');
  await expect(page.getByRole('button', { name: 'عرض قائمة' })).toHaveAttribute('aria-pressed', 'true');
  // the entry with ?lang was replaced: Back goes to the page before (now in the persisted Arabic)
  await page.goBack();
  await expect(page).toHaveURL('/places/ar');
  await expectLanguage(page, 'ar');

  // a last /en segment switches to English and is removed
  await page.goto('/map/en?theme=light');
  await expect(page).toHaveURL('/map');
  await expectLanguage(page, 'en');
  await expectTheme(page, 'light');

  // both persist across visits (language: default en; theme: stored choice)
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.getByRole('button', { name: 'Switch to Arabic' }).click();
  await expect(page).toHaveURL('/map/ar');
  await page.goto('/categories');
  await expect(page).toHaveURL('/categories/ar');
  await expectLanguage(page, 'ar');
  await expectTheme(page, 'dark');
  await page.goto('/categories?lang=en&theme=light');
  await expect(page).toHaveURL('/categories');
  await page.goto('/');
  await expectLanguage(page, 'en');
  await expectTheme(page, 'light');
});

test('the language switch keeps the page, its query and reloads the data in the new language', async ({ page, request }) => {
  const pages = Math.ceil((await (await request.get('/api/public/places?categorySlug=cafes&limit=1')).json()).meta.total / 12);
  await page.goto('/places?category=cafes&page=2');
  await expect(page.getByText(`Page 2 of ${pages}`, { exact: true })).toBeVisible();
  const requests: string[] = [];
  page.on('request', (r) => r.url().includes('/api/public/') && requests.push(r.headers()['accept-language'] ?? ''));
  await page.getByRole('button', { name: 'Switch to Arabic' }).click();
  await expect(page).toHaveURL('/places/ar?category=cafes&page=2');
  await expect(page.getByText(`صفحة 2 من ${pages}`, { exact: true })).toBeVisible();
  await expect(page.getByLabel('الفئة')).toHaveValue('cafes');
  await expect(page.getByRole('list', { name: 'الأماكن' }).getByText('مقاهي').first()).toBeVisible();
  expect(requests.length).toBeGreaterThan(0);
  expect(requests.every((lang) => lang === 'ar')).toBe(true);
});

test('website settings arrive with a rendered page; a client-rendered page requests them about 1 s after start', async ({ page }) => {
  // decision 019: the site's name and logo are in a public page's HTML (its state), nothing to request
  await page.goto('/places');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/api/website-settings')))).toBe(false);
  // the stored language still rules where the browser renders the page itself (sign-in, profile, admin)
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/api/website-settings')))).toBe(true);
  const startedAt = await page.evaluate(() => performance.getEntriesByType('resource').find((e) => e.name.endsWith('/api/website-settings'))!.startTime);
  expect(startedAt).toBeGreaterThanOrEqual(950);
  expect(startedAt).toBeLessThan(4000);
});

test('Leaflet is fetched on map screens only', async ({ page }) => {
  await blockMapTiles(page);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Featured places' })).toBeVisible();
  await page.goto('/places');
  await expect(page.getByRole('list', { name: 'Places' })).toBeVisible();
  expect(scripts.filter((s) => /leaflet/i.test(s))).toEqual([]);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Map' }).click();
  await expect(page.getByRole('region', { name: 'Map of places and buildings' })).toBeVisible();
  expect(scripts.filter((s) => /leaflet/i.test(s)).length).toBeGreaterThan(0);
});

test('Add Place for signed-out visitors: Login, Create Account or Cancel', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Add Place' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Please login or create an account to add a place')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Add Place' })).toBeFocused();
  await page.getByRole('banner').getByRole('button', { name: 'Add Place' }).click();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL('/auth/register?redirect=%2F%3FaddPlace%3D1'); // back to where the person was, the form reopened (issue #17)

  // small screen, Arabic: the tab bar's Add
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/ar');
  await page.getByRole('navigation', { name: 'تنقل سريع' }).getByRole('button', { name: 'إضافة' }).click();
  await expect(dialog.getByText('يرجى تسجيل الدخول أو إنشاء حساب لإضافة مكان')).toBeVisible();
  await dialog.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).toHaveURL('/auth/login/ar?redirect=%2Far%3FaddPlace%3D1');
});

test('an unknown place, category or zone is Page not found', async ({ page }) => {
  for (const path of ['/p/no-such-place', '/categories/no-such-category', '/map/zones/no-such-zone/ar']) {
    await page.goto(path);
    const ar = path.endsWith('/ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar ? 'الصفحة غير موجودة' : 'Page not found');
    await expect(page.getByRole('link', { name: ar ? 'تصفح الأماكن' : 'Browse Places' })).toHaveAttribute('href', ar ? '/places/ar' : '/places');
  }
});
