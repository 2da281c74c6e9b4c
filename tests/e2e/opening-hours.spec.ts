import { expect, test } from '@playwright/test';
import { adminApi, inLang, loginAdmin, tr, uid, type AdminTokens } from './admin-fixtures.ts';
import { LANGS, waitForHydration } from './public-fixtures.ts';

/**
 * Issue #15: the place page shows the stored hours and the badge computed by the API (city time zone),
 * in both languages, without a hydration mismatch; unknown hours say so. `24/7` and `Mo-Su off` give
 * the same answer at any moment on the server; the browser's clock is fixed elsewhere (Playwright
 * `page.clock`) and changes nothing.
 */

const id = uid();
let tokens: AdminTokens;
const made: { always?: { id: number; slug: string }; never?: { id: number; slug: string }; unknown?: { id: number; slug: string } } = {};

test.beforeAll(async ({ baseURL }) => {
  tokens = await loginAdmin(baseURL!);
  const api = await adminApi(baseURL!, tokens);
  try {
    const categories = await (await api.get('/api/public/categories')).json();
    const categoryId = categories.data[0].id;
    const add = async (name: string, openingHours?: string) => {
      const res = await (await api.post('/api/admin/places', { data: { name, categoryId, ...(openingHours ? { openingHours } : {}) } })).json();
      expect(res.success, JSON.stringify(res)).toBe(true);
      return { id: res.data.id as number, slug: res.data.slug as string };
    };
    made.always = await add(`Always Open ${id}`, '24/7');
    made.never = await add(`Never Open ${id}`, 'Mo-Su off');
    made.unknown = await add(`No Hours ${id}`);
  } finally {
    await api.dispose();
  }
});

test.afterAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!, tokens);
  for (const p of Object.values(made)) if (p) await api.delete(`/api/admin/places/${p.id}`);
  await api.dispose();
});

for (const lang of LANGS) {
  test(`place page shows hours and the open/closed badge (${lang})`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' && /hydrat/i.test(m.text())) errors.push(m.text()); });
    // the browser's clock at another day and hour than the server's must not change what the page says
    await page.clock.setFixedTime(new Date('2026-01-02T03:00:00Z'));

    await page.goto(inLang(lang, `/p/${made.always!.slug}`));
    await waitForHydration(page);
    await expect(page.getByTestId('opening-hours')).toHaveText('24/7');
    await expect(page.getByTestId('open-status')).toHaveText(tr(lang, 'common:place.openNow'));

    await page.goto(inLang(lang, `/p/${made.never!.slug}`));
    await waitForHydration(page);
    await expect(page.getByTestId('opening-hours')).toHaveText('Mo-Su off');
    await expect(page.getByTestId('open-status')).toHaveText(tr(lang, 'common:place.closedNow'));

    await page.goto(inLang(lang, `/p/${made.unknown!.slug}`));
    await waitForHydration(page);
    await expect(page.getByText(tr(lang, 'common:place.hoursUnknown'))).toBeVisible();
    await expect(page.getByTestId('open-status')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}
