import { expect, test } from '@playwright/test';
import { blockMapTiles, LANGS, localized, waitForHydration } from './public-fixtures.ts';

/**
 * Issue 17, "order, direction and numbers that fit the language" and "Arabic first": lists in the
 * page's name order, shared links in the page's language, pages past the end, Latin names on Arabic
 * pages, the map's credit line and the category icons — in English and Arabic.
 */
for (const lang of LANGS) {
  test(`places list asks for the ${lang} name order and clamps a page past the end (${lang})`, async ({ page, request }) => {
    const api = await (await request.get(`/api/public/places?limit=12&sort=name-asc&lang=${lang}`)).json();
    const pages = Math.ceil(api.meta.total / 12);
    const asked = page.waitForRequest((r) => r.url().includes('/api/public/places?'));
    await page.goto(localized('/places?page=999', lang));
    const url = new URL((await asked).url());
    expect(url.searchParams.get('lang') ?? 'en').toBe(lang);
    // the list lands on its last page instead of an empty "Page 999 of N"
    await expect(page).toHaveURL(localized(`/places?page=${pages}`, lang));
    const pageOf = lang === 'ar' ? `صفحة ${pages} من ${pages}` : `Page ${pages} of ${pages}`;
    await expect(page.getByText(pageOf, { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: lang === 'ar' ? 'الأماكن' : 'Places' }).getByRole('listitem').first()).toBeVisible();

    // first page: the API's order in this language
    await page.goto(localized('/places', lang));
    const names = page.getByRole('list', { name: lang === 'ar' ? 'الأماكن' : 'Places' }).getByRole('link');
    await expect(names.first().getByRole('heading')).toHaveText(lang === 'ar' ? (api.data[0].nameAr ?? api.data[0].name) : api.data[0].name);
  });

  test(`Copy link on a ${lang} place page copies the ${lang} address`, async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const [place] = (await (await request.get('/api/public/places?limit=1')).json()).data;
    await page.goto(localized(`/p/${place.slug}`, lang));
    await waitForHydration(page);
    await page.getByRole('button', { name: lang === 'ar' ? 'نسخ الرابط' : 'Copy link' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(new URL(localized(`/p/${place.slug}`, lang), page.url()).toString());
  });

  test(`the map credits OpenStreetMap in the page's language (${lang})`, async ({ page }) => {
    await blockMapTiles(page);
    await page.goto(localized('/map', lang));
    await waitForHydration(page);
    const credit = page.locator('.leaflet-control-attribution');
    await expect(credit).toContainText('OpenStreetMap');
    await expect(credit).toContainText(lang === 'ar' ? 'مساهمو' : 'contributors');
    await expect(credit.getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
    // switching the language on the open map replaces the credit line
    await page.getByRole('button', { name: lang === 'ar' ? 'التبديل إلى الإنجليزية' : 'Switch to Arabic' }).click();
    await expect(credit).toContainText(lang === 'ar' ? 'contributors' : 'مساهمو');
    await expect(credit).not.toContainText(lang === 'ar' ? 'مساهمو' : 'contributors');
  });
}

test('a Latin name on an Arabic card reads left to right in its own isolate while the card keeps its right alignment (375 px)', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // places with a Latin name and no Arabic one show that name on Arabic pages too
  const body = await (await request.get('/api/public/places?limit=100')).json();
  const latin = body.data.find((p: { name: string; nameAr: string | null }) => !p.nameAr && /^[A-Za-z][A-Za-z ]{8,}$/.test(p.name));
  expect(latin, 'a place with only a Latin name in the seeded data').toBeTruthy();
  await page.goto(`/places/ar?q=${encodeURIComponent(latin.name)}`);
  const heading = page.getByRole('list', { name: 'الأماكن' }).getByRole('heading', { name: latin.name, exact: true }).first();
  await expect(heading).toBeVisible();
  // issue 30: the heading keeps the card's direction; the name is isolated (<bdi>) and runs left to right in it
  expect(await heading.evaluate((h) => getComputedStyle(h).direction)).toBe('rtl');
  const isolate = heading.locator('bdi');
  expect(await isolate.evaluate((b) => getComputedStyle(b).direction)).toBe('ltr');
  expect(await isolate.evaluate((b) => getComputedStyle(b).unicodeBidi)).toBe('isolate');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).direction)).toBe('rtl');
  // no zig-zag: the name starts at the heading's right edge (the card's alignment), as the badges under it do
  const nameRight = await isolate.evaluate((b) => b.getBoundingClientRect().right);
  const headingRight = await heading.evaluate((h) => h.getBoundingClientRect().right);
  expect(Math.abs(nameRight - headingRight)).toBeLessThanOrEqual(2);
});

test('the default categories have distinct icons', async ({ page }) => {
  await page.goto('/categories');
  await expect(page.getByRole('link', { name: /Restaurants/ }).first()).toBeVisible();
  const icons = await page.locator('main a svg').evaluateAll((svgs) => svgs.map((s) => [...s.classList].find((c) => c.startsWith('lucide-') && c !== 'lucide-icon') ?? ''));
  expect(new Set(icons.filter((c) => c && c !== 'lucide-chevron-right')).size).toBeGreaterThanOrEqual(18);
});
