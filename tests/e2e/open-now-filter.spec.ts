import { expect, test } from '@playwright/test';
import { adminApi, inLang, loginAdmin, tr, uid, type AdminTokens } from './admin-fixtures.ts';
import { LANGS, waitForHydration } from './public-fixtures.ts';

/**
 * Issue #15: the "Open now" filter of the list pages (URL `open=1`), in both languages: shareable
 * (a URL with it renders the filtered list on the server, without a hydration mismatch), kept while
 * paging, on category, zone and search pages. `24/7` and `Mo-Su off` give the same answer at any
 * moment on the server; the browser's clock is fixed elsewhere (Playwright `page.clock`) and
 * changes nothing — the API reads the clock in the city's time zone.
 */

const id = uid();
let tokens: AdminTokens;
let category: { id: number; slug: string };
let zone: { id: number; slug: string };
const placeIds: number[] = [];
/** 13 open places: two pages of 12 with the filter. */
const OPEN = 13;

test.beforeAll(async ({ baseURL }) => {
  tokens = await loginAdmin(baseURL!);
  const api = await adminApi(baseURL!, tokens);
  try {
    const c = await (await api.post('/api/admin/categories', { data: { name: `Open Filter ${id}` } })).json();
    expect(c.success, JSON.stringify(c)).toBe(true);
    category = { id: c.data.id, slug: c.data.slug };
    const z = await (await api.post('/api/admin/zones', { data: { title: `Open Zone ${id}` } })).json();
    expect(z.success, JSON.stringify(z)).toBe(true);
    zone = { id: z.data.id, slug: z.data.slug };
    const add = async (name: string, openingHours?: string) => {
      const res = await (await api.post('/api/admin/places', {
        data: { name, categoryId: category.id, zoneId: zone.id, ...(openingHours ? { openingHours } : {}) },
      })).json();
      expect(res.success, JSON.stringify(res)).toBe(true);
      placeIds.push(res.data.id);
    };
    for (let i = 1; i <= OPEN; i += 1) await add(`Open ${String(i).padStart(2, '0')} ${id}`, '24/7');
    await add(`Closed ${id}`, 'Mo-Su off');
    await add(`Unknown ${id}`);
  } finally {
    await api.dispose();
  }
});

test.afterAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!, tokens);
  for (const p of placeIds) await api.delete(`/api/admin/places/${p}`);
  if (category) await api.delete(`/api/admin/categories/${category.id}`);
  if (zone) await api.delete(`/api/admin/zones/${zone.id}`);
  await api.dispose();
});

for (const lang of LANGS) {
  test(`"Open now" filters category, zone and search lists, shareable and kept while paging (${lang})`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' && /hydrat/i.test(m.text())) errors.push(m.text()); });
    await page.clock.setFixedTime(new Date('2026-01-02T03:00:00Z'));
    const filter = () => page.getByLabel(tr(lang, 'common:places.openNowFilter'), { exact: true });

    // category page: every place, then only the open ones once ticked
    await page.goto(inLang(lang, `/categories/${category.slug}`));
    await waitForHydration(page);
    await expect(page.getByText(`Closed ${id}`)).toBeVisible();
    await expect(filter()).not.toBeChecked();
    await filter().check();
    await expect(page).toHaveURL(/[?&]open=1\b/);
    await expect(page.getByText(`Closed ${id}`)).toHaveCount(0);
    await expect(page.getByText(`Unknown ${id}`)).toHaveCount(0);
    await expect(page.getByText(`Open 01 ${id}`)).toBeVisible();
    // paging keeps the filter
    await page.getByRole('button', { name: tr(lang, 'common:places.next') }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect(page).toHaveURL(/[?&]open=1\b/);
    await expect(page.getByText(`Open 13 ${id}`)).toBeVisible();
    await expect(page.getByText(`Closed ${id}`)).toHaveCount(0);
    await expect(filter()).toBeChecked();

    // a shared link: rendered filtered on the server, hydrated without a mismatch
    const html = await (await page.request.get(inLang(lang, `/zones/${zone.slug}?open=1`))).text();
    expect(html).toContain(`Open 01 ${id}`);
    expect(html).not.toContain(`Closed ${id}`);
    await page.goto(inLang(lang, `/zones/${zone.slug}?open=1`));
    await waitForHydration(page);
    await expect(filter()).toBeChecked();
    await expect(page.getByText(`Open 01 ${id}`)).toBeVisible();
    await expect(page.getByText(`Closed ${id}`)).toHaveCount(0);
    await filter().uncheck();
    await expect(page).not.toHaveURL(/[?&]open=1\b/);
    await expect(page.getByText(`Closed ${id}`)).toBeVisible();

    // search results
    await page.goto(inLang(lang, `/places?q=${encodeURIComponent(id)}&open=1`));
    await waitForHydration(page);
    await expect(filter()).toBeChecked();
    await expect(page.getByText(`Open 01 ${id}`)).toBeVisible();
    await expect(page.getByText(`Closed ${id}`)).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}
