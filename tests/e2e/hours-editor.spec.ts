import { expect, test } from '@playwright/test';
import { adminApi, inLang, signInAsAdmin, tr, uid, type Lang } from './admin-fixtures.ts';
import { waitForHydration } from './public-fixtures.ts';
import { formatClock } from '../../src/lib/intl.ts';

/**
 * Issue #15: the hours editor of the admin place form — hours entered per day (an interval changed, a
 * day closed, a second interval, copied to all days), saved, and shown on the place page's week table;
 * an edit that leaves the hours alone keeps the stored text exactly, and a value the rows cannot show
 * stays editable as text. English and Arabic.
 */
const adminSession = signInAsAdmin(test);
const made: number[] = [];

test.afterAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!, adminSession.tokens);
  for (const id of made) await api.delete(`/api/admin/places/${id}`);
  await api.dispose();
});

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`hours entered with the editor reach the place page (${lang})`, async ({ page, baseURL }) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
    const c = (key: string, vars?: Record<string, string | number>) => tr(lang, `${key.startsWith('hoursEditor.') ? 'forms' : 'common'}:${key}`, vars);
    const day = (code: string) => c(`hours.days.${code}`);
    const api = await adminApi(baseURL!, adminSession.tokens);
    const categories = await api.get('/api/admin/categories').then((r) => r.json());
    const category = categories.data[0];
    const name = `E2E Hours ${uid()}`;

    await page.goto(inLang(lang, '/admin/places'));
    await page.getByRole('button', { name: t('places.add') }).first().click();
    const form = page.getByRole('dialog', { name: t('places.createTitle') });
    await form.getByRole('textbox', { name: t('places.fields.name'), exact: true }).fill(name);
    await form.getByRole('combobox', { name: t('places.fields.category') }).selectOption({ label: lang === 'ar' && category.nameAr ? category.nameAr : category.name });
    const hours = form.getByRole('group', { name: c('place.hours') });
    await hours.getByRole('combobox', { name: c('hoursEditor.mode') }).selectOption('rows');
    // every day closed to start with: Sunday 09:00–13:00 and 16:00–22:00, copied to all days, then Friday closed
    await hours.getByRole('combobox', { name: c('hoursEditor.dayKind', { day: day('su') }) }).selectOption('hours');
    await hours.getByLabel(c('hoursEditor.opens', { day: day('su'), n: 1 })).fill('09:00');
    await hours.getByLabel(c('hoursEditor.closes', { day: day('su'), n: 1 })).fill('13:00');
    await hours.getByRole('button', { name: c('hoursEditor.addInterval', { day: day('su') }) }).click();
    await expect(hours.getByLabel(c('hoursEditor.closes', { day: day('su'), n: 2 }))).toHaveValue('22:00');
    await hours.getByRole('button', { name: c('hoursEditor.copyToAll', { day: day('su') }) }).click();
    await hours.getByRole('combobox', { name: c('hoursEditor.dayKind', { day: day('fr') }) }).selectOption('closed');
    await form.getByRole('button', { name: t('common.save') }).click();
    await expect(page.getByText(t('places.createSuccess')).first()).toBeVisible();

    const found = await api.get('/api/admin/places', { params: { search: name } }).then((r) => r.json());
    const place = found.data.find((p: { name: string }) => p.name === name);
    made.push(place.id);
    expect(place.openingHours).toBe('Mo-Th,Sa-Su 09:00-13:00,16:00-22:00');

    await page.goto(inLang(lang, `/p/${place.slug}`));
    await waitForHydration(page);
    const week = page.getByTestId('hours-week');
    const row = (code: string) => week.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${day(code)}`) }) });
    await expect(row('fr').getByRole('cell')).toHaveText(c('hours.closed'));
    // Arabic: the 12-hour clock with ص/م, "9:00 ص – 1:00 م" (issue 30); English: 24-hour, "09:00–13:00"
    const range = (from: string, to: string) => (lang === 'ar' ? `${formatClock(from, lang)} – ${formatClock(to, lang)}` : `${from}–${to}`);
    await expect(row('mo').getByRole('cell')).toHaveText(`${range('09:00', '13:00')}${c('hours.separator')}${range('16:00', '22:00')}`);

    await api.dispose();
  });

  test(`an edit leaving the hours alone keeps their text; a value the rows cannot show is edited as text (${lang})`, async ({ page, baseURL }) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
    const c = (key: string, vars?: Record<string, string | number>) => tr(lang, `${key.startsWith('hoursEditor.') ? 'forms' : 'common'}:${key}`, vars);
    const day = (code: string) => c(`hours.days.${code}`);
    const api = await adminApi(baseURL!, adminSession.tokens);
    const categories = await api.get('/api/admin/categories').then((r) => r.json());
    const name = `E2E Hours Kept ${uid()}`;
    const original = 'Sa-Th 08:00-12:00,16:00-22:00; Fr 16:00-22:00';
    const created = await api.post('/api/admin/places', { data: { name, categoryId: categories.data[0].id, openingHours: original } }).then((r) => r.json());
    expect(created.success, JSON.stringify(created)).toBe(true);
    const place = created.data;
    made.push(place.id);

    await page.goto(inLang(lang, '/admin/places'));
    await page.getByRole('searchbox', { name: t('places.searchLabel') }).fill(name);
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: t('places.editNamed', { name }) }).click();
    const edit = page.getByRole('dialog', { name: t('places.editTitle') });
    await expect(edit.getByLabel(c('hoursEditor.opens', { day: day('fr'), n: 1 }))).toHaveValue('16:00');
    await edit.getByRole('textbox', { name: t('places.fields.address') }).fill('King Fahd Road');
    await edit.getByRole('button', { name: t('common.save') }).click();
    await expect(page.getByText(t('places.updateSuccess')).first()).toBeVisible();
    expect((await api.get(`/api/admin/places/${place.id}`).then((r) => r.json())).data).toMatchObject({ openingHours: original, address: 'King Fahd Road' });

    // a value with rules the rows cannot show is edited as text
    const put = await api.put(`/api/admin/places/${place.id}`, { data: { openingHours: 'Mo-Fr 08:00-17:00 "by appointment"' } });
    expect(put.status()).toBe(200);
    await page.reload();
    await page.getByRole('searchbox', { name: t('places.searchLabel') }).fill(name);
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: t('places.editNamed', { name }) }).click();
    await expect(edit.getByRole('textbox', { name: c('hoursEditor.textLabel') })).toHaveValue('Mo-Fr 08:00-17:00 "by appointment"');
    await expect(edit.getByText(c('hoursEditor.textOnly'))).toBeVisible();
    await api.dispose();
  });
}
