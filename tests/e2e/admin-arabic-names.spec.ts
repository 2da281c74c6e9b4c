import { expect, test, type Locator } from '@playwright/test';
import { adminApi, inLang, signInAsAdmin, tr, uid, type Lang } from './admin-fixtures.ts';

/**
 * Issue 30 (decision 044): the admin console flags the zones, buildings and categories that have no Arabic
 * name (an Arabic reader would meet their English one), and only those. Records are made through the API,
 * one of each kind with and one without an Arabic name; the lists are read in English and in Arabic.
 */
const admin = signInAsAdmin(test);
const cleanup = { zones: [] as number[], categories: [] as number[] };

test.afterAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!, admin.tokens);
  for (const id of cleanup.zones) await api.delete(`/api/admin/zones/${id}`);
  for (const id of cleanup.categories) await api.delete(`/api/admin/categories/${id}`);
  await api.dispose();
});

const flag = (row: Locator) => row.getByTestId('no-arabic-name');

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`flags zones, buildings and categories without an Arabic name (${lang})`, async ({ page, baseURL }) => {
    test.slow(); // three admin pages, one with every zone
    const t = (key: string) => tr(lang, key);
    const id = uid();
    const api = await adminApi(baseURL!, admin.tokens);
    const post = async (path: string, data: Record<string, unknown>) => {
      const res = await api.post(path, { data });
      expect(res.status(), `${path} ${await res.text()}`).toBe(201);
      return ((await res.json()) as { data: { id: number } }).data;
    };
    const latinZone = await post('/api/admin/zones', { title: `Latin Only Zone ${id}` });
    cleanup.zones.push(latinZone.id);
    const namedZone = await post('/api/admin/zones', { title: `Named Zone ${id}`, titleAr: `حي مسمى ${id}` });
    cleanup.zones.push(namedZone.id);
    await post(`/api/admin/zones/${latinZone.id}/buildings`, { name: `Latin Only Tower ${id}` });
    await post(`/api/admin/zones/${latinZone.id}/buildings`, { name: `Named Tower ${id}`, nameAr: `برج مسمى ${id}` });
    const latinCategory = await post('/api/admin/categories', { name: `Latin Only Category ${id}` });
    cleanup.categories.push(latinCategory.id);
    const namedCategory = await post('/api/admin/categories', { name: `Named Category ${id}`, nameAr: `فئة مسماة ${id}` });
    cleanup.categories.push(namedCategory.id);
    await api.dispose();

    // zones: the list item of the Latin-only zone carries the flag, in the page's language; the named one none
    await page.goto(inLang(lang, '/admin/map'));
    await expect(page.getByRole('heading', { level: 1, name: t('map.title') })).toBeVisible({ timeout: 30_000 });
    const zoneRow = (text: string) => page.getByRole('listitem').filter({ hasText: text });
    await expect(flag(zoneRow(`Latin Only Zone ${id}`))).toHaveText(t('common.noArabicName'), { timeout: 30_000 });
    await expect(zoneRow(lang === 'ar' ? `حي مسمى ${id}` : `Named Zone ${id}`)).toBeVisible();
    await expect(flag(zoneRow(lang === 'ar' ? `حي مسمى ${id}` : `Named Zone ${id}`))).toHaveCount(0);

    // buildings of that zone: the same
    await page.goto(inLang(lang, `/admin/map/zones/${latinZone.id}`));
    const buildingRow = (text: string) => page.getByRole('listitem').filter({ hasText: text });
    await expect(flag(buildingRow(`Latin Only Tower ${id}`))).toHaveText(t('common.noArabicName'), { timeout: 30_000 });
    await expect(buildingRow(lang === 'ar' ? `برج مسمى ${id}` : `Named Tower ${id}`)).toBeVisible();
    await expect(flag(buildingRow(lang === 'ar' ? `برج مسمى ${id}` : `Named Tower ${id}`))).toHaveCount(0);

    // categories: the Arabic-name column says the name is missing
    await page.goto(inLang(lang, '/admin/categories'));
    await page.getByRole('searchbox').or(page.getByRole('textbox')).first().fill(id, { timeout: 30_000 });
    const categoryRow = (text: string) => page.getByRole('row').filter({ hasText: text });
    await expect(flag(categoryRow(`Latin Only Category ${id}`))).toHaveText(t('common.noArabicName'));
    await expect(categoryRow(`Named Category ${id}`)).toBeVisible();
    await expect(flag(categoryRow(`Named Category ${id}`))).toHaveCount(0);
  });
}
