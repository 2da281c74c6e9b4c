import { expect, test, type Page } from '@playwright/test';
import { adminApi, clickTwiceInOneTask, inLang, overlaps, recordToasts, shownToasts, signInAsAdmin, toasts, tr, uid, type Lang } from './admin-fixtures.ts';

/**
 * Issue #17, admin Categories and Places: two clicks inside one task on every mutation button (Save
 * of a create and of an edit, Delete in its confirmation) reach the server once, show one toast and no error; a
 * category still used by places cannot be deleted and says where its places are; an error toast never
 * covers the open dialog's footer buttons (LTR/RTL, 375 px and desktop). The Requests screen's double
 * clicks are in admin-requests.spec.ts (its approve-all decides the whole queue).
 */
const adminSession = signInAsAdmin(test);
const cleanup = { places: [] as number[], categories: [] as number[] };

test.beforeEach(async ({ context }) => {
  await recordToasts(context);
});
test.afterAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!, adminSession.tokens);
  for (const id of cleanup.places) await api.delete(`/api/admin/places/${id}`);
  for (const id of cleanup.categories) await api.delete(`/api/admin/categories/${id}`);
  await api.dispose();
});

/** Counts the calls of `method` to paths matching `path` from now on. */
function countCalls(page: Page, method: string, path: RegExp) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() === method && path.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
}

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`categories and places: a double click saves or deletes once, with one toast (${lang})`, async ({ page, baseURL }) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
    const id = uid();
    const name = `E2E Twice ${id}`;

    // ---- Category: Save of the create dialog ----
    await page.goto(inLang(lang, '/admin/categories'));
    await page.getByRole('button', { name: t('categories.add') }).first().click();
    const dialog = page.getByRole('dialog', { name: t('categories.createTitle') });
    await dialog.getByRole('textbox', { name: t('categories.fields.name') }).fill(name);
    const creates = countCalls(page, 'POST', /^\/api\/admin\/categories$/);
    await clickTwiceInOneTask(dialog.getByRole('button', { name: t('common.save') }));
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await shownToasts(page, { text: t('categories.createSuccess') })).length).toBe(1);
    await page.waitForTimeout(500); // a second call would have left by now
    expect(creates).toHaveLength(1);
    expect(await shownToasts(page, { type: 'error' })).toEqual([]);
    const api = await adminApi(baseURL!, adminSession.tokens);
    const category = (await api.get('/api/admin/categories').then((r) => r.json())).data.find((c: { name: string }) => c.name === name);
    expect(category).toBeTruthy();
    cleanup.categories.push(category.id);

    // ---- Category: Save of the edit dialog ----
    await page.getByRole('searchbox', { name: t('categories.searchLabel') }).fill(id);
    await page.getByRole('button', { name: t('categories.editNamed', { name }) }).first().click();
    const editDialog = page.getByRole('dialog', { name: t('categories.editTitle') });
    await editDialog.getByRole('textbox', { name: t('categories.fields.nameAr') }).fill(`فئة ${id}`);
    const updates = countCalls(page, 'PUT', /^\/api\/admin\/categories\/\d+$/);
    await clickTwiceInOneTask(editDialog.getByRole('button', { name: t('common.save') }));
    await expect(editDialog).toBeHidden();
    await expect.poll(async () => (await shownToasts(page, { text: t('categories.updateSuccess') })).length).toBe(1);
    await page.waitForTimeout(500);
    expect(updates).toHaveLength(1);
    const shownName = lang === 'ar' ? `فئة ${id}` : name;

    // ---- Place: Save of the create dialog ----
    const placeName = `E2E Twice Place ${id}`;
    await page.goto(inLang(lang, '/admin/places'));
    await page.getByRole('button', { name: t('places.add') }).first().click();
    const placeForm = page.getByRole('dialog', { name: t('places.createTitle') });
    await placeForm.getByRole('textbox', { name: t('places.fields.name'), exact: true }).fill(placeName);
    await placeForm.getByRole('combobox', { name: t('places.fields.category') }).selectOption({ label: shownName });
    const placeCreates = countCalls(page, 'POST', /^\/api\/admin\/places$/);
    await clickTwiceInOneTask(placeForm.getByRole('button', { name: t('common.save') }));
    await expect(placeForm).toBeHidden();
    await expect.poll(async () => (await shownToasts(page, { text: t('places.createSuccess') })).length).toBe(1);
    await page.waitForTimeout(500);
    expect(placeCreates).toHaveLength(1);
    expect(await shownToasts(page, { type: 'error' })).toEqual([]);
    const found = (await api.get('/api/admin/places', { params: { search: placeName } }).then((r) => r.json())).data
      .filter((p: { name: string }) => p.name === placeName);
    expect(found).toHaveLength(1);
    const placeId: number = found[0].id;
    cleanup.places.push(placeId);

    // ---- Place: Delete in its confirmation ----
    await page.goto(inLang(lang, `/admin/places?search=${encodeURIComponent(placeName)}`));
    await page.getByRole('button', { name: t('places.deleteNamed', { name: placeName }) }).first().click();
    const confirm = page.getByRole('alertdialog');
    const deletes = countCalls(page, 'DELETE', /^\/api\/admin\/places\/\d+$/);
    await clickTwiceInOneTask(confirm.getByRole('button', { name: t('common.delete') }));
    await expect(confirm).toBeHidden();
    await expect.poll(async () => (await shownToasts(page, { text: t('places.deleteSuccess') })).length).toBe(1);
    await page.waitForTimeout(500);
    expect(deletes).toHaveLength(1);
    expect(await shownToasts(page, { type: 'error' })).toEqual([]);
    expect((await api.get(`/api/admin/places/${placeId}`)).status()).toBe(404);

    // ---- Category in use: Delete is not offered; its places are one click away ----
    const used = await api.post('/api/admin/places', { data: { name: `${placeName} 2`, categoryId: category.id } });
    cleanup.places.push((await used.json()).data.id);
    await page.goto(inLang(lang, '/admin/categories'));
    await page.getByRole('searchbox', { name: t('categories.searchLabel') }).fill(id);
    await page.getByRole('button', { name: t('categories.deleteNamed', { name: shownName }) }).first().click();
    await expect(confirm).toContainText(t('categories.inUseWarning', { count: 1 }));
    await expect(confirm.getByRole('button', { name: t('common.delete') })).toBeDisabled();
    await confirm.getByRole('link', { name: t('categories.showPlaces', { count: 1 }) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/places${lang === 'ar' ? '/ar' : ''}\\?categoryId=${category.id}$`));
    await expect(page.getByRole('row').filter({ hasText: `${placeName} 2` })).toHaveCount(1);

    // ---- Category: Delete in its confirmation (no places any more) ----
    await api.delete(`/api/admin/places/${cleanup.places.pop()}`);
    await page.goto(inLang(lang, '/admin/categories'));
    await page.getByRole('searchbox', { name: t('categories.searchLabel') }).fill(id);
    await page.getByRole('button', { name: t('categories.deleteNamed', { name: shownName }) }).first().click();
    const categoryDeletes = countCalls(page, 'DELETE', /^\/api\/admin\/categories\/\d+$/);
    await clickTwiceInOneTask(confirm.getByRole('button', { name: t('common.delete') }));
    await expect(confirm).toBeHidden();
    await expect.poll(async () => (await shownToasts(page, { text: t('categories.deleteSuccess') })).length).toBe(1);
    await page.waitForTimeout(500);
    expect(categoryDeletes).toHaveLength(1);
    expect(await shownToasts(page, { type: 'error' })).toEqual([]);
    cleanup.categories.pop();
    await api.dispose();
  });
}

for (const [lang, width] of [['en', 375], ['ar', 375], ['en', 1280], ['ar', 1280]] as [Lang, number][]) {
  test(`an error toast leaves the dialog's footer buttons uncovered (${lang}, ${width} px)`, async ({ page, baseURL }) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
    await page.setViewportSize({ width, height: width < 500 ? 740 : 800 });
    const api = await adminApi(baseURL!, adminSession.tokens);
    const taken = (await api.get('/api/admin/categories').then((r) => r.json())).data[0].slug as string;
    await api.dispose();
    await page.goto(inLang(lang, '/admin/categories'));
    await page.getByRole('button', { name: t('categories.add') }).first().click();
    const dialog = page.getByRole('dialog', { name: t('categories.createTitle') });
    await dialog.getByRole('textbox', { name: t('categories.fields.name') }).fill(`E2E Taken ${uid()}`);
    await dialog.getByRole('textbox', { name: t('categories.fields.slug') }).fill(taken);
    await dialog.getByRole('button', { name: t('common.save') }).click();
    const toast = toasts(page, t('categories.saveError'));
    await expect(toast).toHaveCount(1);
    await expect(dialog).toBeVisible();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    const toastBox = (await toast.boundingBox())!;
    for (const label of [t('common.save'), t('common.cancel')]) {
      const box = (await dialog.getByRole('button', { name: label, exact: true }).boundingBox())!;
      expect(overlaps(toastBox, box), `toast ${JSON.stringify(toastBox)} over ${label} ${JSON.stringify(box)}`).toBe(false);
    }
  });
}
