import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminApi, inLang, signInAsAdmin, tr, uid } from './admin-fixtures.ts';

/**
 * Issue 16, admin import: a CSV of places chosen in the admin console is previewed (the dry-run
 * report with its slug collision: "Starbucks" in another city cannot take the Riyadh place's slug),
 * nothing written until "Import now"; then applied once. A malformed file names its record. English
 * and Arabic. The imported places are deleted afterwards (the seeded directory stays at 3,289).
 */
const adminSession = signInAsAdmin(test);
const importedSlugs: string[] = [];

test.afterAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!, adminSession.tokens);
  for (const slug of importedSlugs) {
    const res = await api.get(`/api/public/places/${slug}`);
    if (res.ok()) await api.delete(`/api/admin/places/${(await res.json()).data.id}`);
  }
  await api.dispose();
});

/** No serious or critical axe violations (WCAG 2.1 A/AA) on the page as it is. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

const csvFile = (id: string) => ({
  name: `places-${id}.csv`,
  mimeType: 'text/csv',
  buffer: Buffer.from([
    'name,nameAr,categorySlug,zoneSlug,lat,lng',
    'Starbucks,ستاربكس,cafes,,21.4901,39.1862',
    `E2E Import Bakery ${id},مخبز ${id},bakeries-desserts,al-aziziyah,24.5877,46.7702`,
  ].join('\n')),
});

test('a CSV is previewed with its slug collision, then imported once (en)', async ({ page, baseURL }) => {
  const t = (key: string, vars?: Record<string, string | number>) => tr('en', key, vars);
  const id = uid();
  const api = await adminApi(baseURL!, adminSession.tokens);
  // places named with this run's id: other specs add and delete places at the same time, so the
  // directory's total is not this test's to count
  const count = async () => (await (await api.get(`/api/public/places?limit=1&search=${id}`, { headers: { 'Cache-Control': 'no-cache' } })).json()).meta.total as number;
  const before = await count();
  expect(before).toBe(0);

  await page.goto(inLang('en', '/admin/places'));
  await expect(page.getByRole('link', { name: t('places.exportCsv') })).toHaveAttribute('href', '/api/public/export?format=csv');
  await page.getByRole('navigation', { name: t('nav.label') }).getByRole('link', { name: t('nav.import') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('import.title') })).toBeVisible();
  await page.getByLabel(t('import.sourceLabel')).fill(`e2e-import-${id}`);
  await page.getByLabel(t('import.fileLabel')).setInputFiles(csvFile(id));

  await expect(page.getByRole('heading', { name: t('import.previewTitle') })).toBeVisible();
  const placesRow = page.getByRole('row').filter({ hasText: t('import.lists.places') });
  await expect(placesRow.getByRole('cell')).toHaveText([t('import.lists.places'), '2', '2', '0', '0']);
  await expect(page.getByRole('heading', { name: t('import.collisionsTitle', { count: 1 }) })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '“starbucks” already belongs to “Starbucks”' })).toBeVisible();
  expect(await count()).toBe(before); // a preview writes nothing
  await expectAccessible(page);

  const apply = page.getByRole('button', { name: t('import.apply') });
  await apply.click();
  await expect(page.getByText(t('import.applied', { inserted: 2, updated: 0 })).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: t('import.appliedTitle') })).toBeVisible();
  await expect(apply).toBeHidden(); // applied once: no second click
  const slugs = await page.getByRole('listitem').filter({ hasText: t('import.actions.insert') }).locator('span[dir=ltr]').allTextContents();
  importedSlugs.push(...slugs);
  expect(slugs).toHaveLength(2);
  expect(slugs).not.toContain('starbucks');
  expect(await count()).toBe(1); // the bakery, the only record named with the id
  for (const slug of slugs) expect((await api.get(`/api/public/places/${slug}`, { headers: { 'Cache-Control': 'no-cache' } })).status(), slug).toBe(200);
  await api.dispose();
});

test('a malformed CSV names its record, in Arabic, and nothing is written (ar)', async ({ page }) => {
  const t = (key: string, vars?: Record<string, string | number>) => tr('ar', key, vars);
  await page.goto(inLang('ar', '/admin/import'));
  await expect(page.getByRole('heading', { level: 1, name: t('import.title') })).toBeVisible();
  await page.getByLabel(t('import.fileLabel')).setInputFiles({
    name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('name,categorySlug,lat,lng\nمكان,cafes,123.4,46.7\n'),
  });
  const alert = page.getByRole('alert').filter({ hasText: t('import.previewError') });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('لم يُستورد الملف');
  await expect(alert).toContainText('places[0]');
  await expectAccessible(page);
  await expect(page.getByRole('button', { name: t('import.apply') })).toBeHidden();
});
