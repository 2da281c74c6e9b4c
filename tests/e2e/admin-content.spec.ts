import { expect, test } from '@playwright/test';
import { adminApi, inLang, makePng, signInAsAdmin, tr, uid, type Lang } from './admin-fixtures.ts';

/**
 * Issue 6, Categories and Places: a category created with an uploaded icon (a PNG
 * made by the test, sent through the image-upload widget), found by search, refused deletion while a
 * place uses it; a place created and edited through the sectioned form with the public form's
 * validation and a YouTube preview, found through the table's search. English and Arabic.
 */
const adminSession = signInAsAdmin(test);
const cleanup: { categories: number[]; places: number[] } = { categories: [], places: [] };

test.afterAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!, adminSession.tokens);
  for (const id of cleanup.places) await api.delete(`/api/admin/places/${id}`);
  for (const id of cleanup.categories) await api.delete(`/api/admin/categories/${id}`);
  await api.dispose();
});

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`category with an uploaded icon, and a place created and edited in it (${lang})`, async ({ page, baseURL }) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
    const id = uid();
    const category = lang === 'ar' ? { name: `E2E Bakeries ${id}`, nameAr: `مخابز ${id}` } : { name: `E2E Bakeries ${id}`, nameAr: '' };
    const shownCategory = category.nameAr || category.name;

    // ---- Category with an uploaded icon ----
    await page.goto(inLang(lang, '/admin/categories'));
    await expect(page.getByRole('heading', { level: 1, name: t('categories.title') })).toBeVisible();
    await page.getByRole('button', { name: t('categories.add') }).first().click();
    const catDialog = page.getByRole('dialog', { name: t('categories.createTitle') });
    await catDialog.getByRole('textbox', { name: t('categories.fields.name') }).fill(category.name);
    if (category.nameAr) await catDialog.getByRole('textbox', { name: t('categories.fields.nameAr') }).fill(category.nameAr);

    const iconLabel = t('categories.fields.icon');
    const fileInput = catDialog.getByLabel(tr(lang, 'common:imageUpload.chooseFileLabel', { label: iconLabel }));
    // A file that is not an image is refused before any upload.
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(catDialog.getByRole('alert')).toContainText(tr(lang, 'common:imageUpload.invalidFileTypeDescription'));
    await fileInput.setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: makePng(16, [13, 148, 136]) });
    const preview = catDialog.getByRole('img', { name: tr(lang, 'common:imageUpload.previewAlt', { label: iconLabel }) });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('src', /^\/uploads\/categories\/.+\.png$|^https?:\/\/.+/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);
    const iconSrc = (await preview.getAttribute('src'))!;
    await catDialog.getByRole('button', { name: t('common.save') }).click();
    await expect(page.getByText(t('categories.createSuccess')).first()).toBeVisible();
    await expect(catDialog).toBeHidden();

    await page.getByRole('searchbox', { name: t('categories.searchLabel') }).fill(id);
    const catRow = page.getByRole('row').filter({ hasText: category.name });
    await expect(catRow).toHaveCount(1);
    await expect(page.getByRole('row')).toHaveCount(2); // header + the one match
    await expect(catRow.locator('img')).toHaveAttribute('src', iconSrc); // decorative (alt="") beside the name
    const api = await adminApi(baseURL!, adminSession.tokens);
    const categories = await api.get('/api/admin/categories').then((r) => r.json());
    const saved = categories.data.find((c: { name: string }) => c.name === category.name);
    expect(saved).toMatchObject({ iconUrl: iconSrc, nameAr: category.nameAr || null });
    cleanup.categories.push(saved.id);

    // ---- Place: validation, YouTube preview, create ----
    const placeName = `E2E Bakery ${id}`;
    await page.goto(inLang(lang, '/admin/places'));
    await expect(page.getByRole('heading', { level: 1, name: t('places.title') })).toBeVisible();
    await page.getByRole('button', { name: t('places.add') }).first().click(); // the empty state repeats it
    const form = page.getByRole('dialog', { name: t('places.createTitle') });
    for (const section of ['basic', 'contact', 'location', 'details']) await expect(form.getByRole('group', { name: t(`places.sections.${section}`) })).toBeVisible();
    await form.getByRole('textbox', { name: t('places.fields.name'), exact: true }).fill(placeName);
    await form.getByRole('textbox', { name: t('places.fields.phone'), exact: true }).fill('call me');
    await form.getByRole('button', { name: t('common.save') }).click();
    await expect(page.getByText(t('places.fixFields')).first()).toBeVisible();
    await expect(form.getByText(t('placeValidation.selectCategory'))).toBeVisible();
    await expect(form.getByText(t('placeValidation.invalidPhone'))).toBeVisible();

    await form.getByRole('combobox', { name: t('places.fields.category') }).selectOption({ label: shownCategory });
    await form.getByRole('textbox', { name: t('places.fields.phone'), exact: true }).fill('+966 11 555 0101');
    await form.getByRole('textbox', { name: t('places.fields.youtubeUrl') }).fill('https://youtu.be/dQw4w9WgXcQ');
    await expect(form.getByTitle(t('places.videoPreview'))).toHaveAttribute('src', 'https://www.youtube.com/embed/dQw4w9WgXcQ');
    await form.getByRole('textbox', { name: t('places.fields.youtubeUrl') }).fill('https://vimeo.com/1234567');
    await expect(form.getByTitle(t('places.videoPreview'))).toHaveCount(0);
    await form.getByRole('textbox', { name: t('places.fields.youtubeUrl') }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await expect(form.getByTitle(t('places.videoPreview'))).toBeVisible();
    await form.getByRole('button', { name: t('common.save') }).click();
    await expect(page.getByText(t('places.createSuccess')).first()).toBeVisible();
    await expect(form).toBeHidden();

    // Found through search, within the new category.
    await page.getByRole('searchbox', { name: t('places.searchLabel') }).fill(placeName);
    await expect(page).toHaveURL(/search=/);
    const row = page.getByRole('row').filter({ hasText: placeName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(shownCategory);

    // ---- Edit ----
    const renamed = `${placeName} Renamed`;
    await row.getByRole('button', { name: t('places.editNamed', { name: placeName }) }).click();
    const edit = page.getByRole('dialog', { name: t('places.editTitle') });
    await expect(edit.getByRole('textbox', { name: t('places.fields.name'), exact: true })).toHaveValue(placeName);
    await expect(edit.getByRole('textbox', { name: t('places.fields.phone'), exact: true })).toHaveValue('+966 11 555 0101');
    await edit.getByRole('textbox', { name: t('places.fields.name'), exact: true }).fill(renamed);
    await edit.getByRole('textbox', { name: t('places.fields.address') }).fill('King Fahd Road');
    await edit.getByRole('button', { name: t('common.save') }).click();
    await expect(page.getByText(t('places.updateSuccess')).first()).toBeVisible();
    await page.getByRole('searchbox', { name: t('places.searchLabel') }).fill(renamed);
    await expect(page.getByRole('row').filter({ hasText: renamed })).toHaveCount(1);
    const places = await api.get('/api/admin/places', { params: { search: renamed } }).then((r) => r.json());
    const place = places.data.find((p: { name: string }) => p.name === renamed);
    expect(place).toMatchObject({ address: 'King Fahd Road', phone: '+966 11 555 0101' });
    cleanup.places.push(place.id);

    // ---- A category in use cannot be deleted: the confirmation says how many places use it and where they are ----
    await page.goto(inLang(lang, '/admin/categories'));
    await page.getByRole('searchbox', { name: t('categories.searchLabel') }).fill(id);
    await page.getByRole('button', { name: t('categories.deleteNamed', { name: shownCategory }) }).first().click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(t('categories.inUseWarning', { count: 1 }));
    // The server refuses (409) while places use it: Delete is disabled, the way forward offered instead.
    await expect(confirm.getByRole('button', { name: t('common.delete') })).toBeDisabled();
    await expect(confirm.getByRole('link', { name: t('categories.showPlaces', { count: 1 }) })).toBeVisible();
    await api.dispose();
  });
}
