import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminApi, inLang, signInAsAdmin, tr, uid, type Lang } from './admin-fixtures.ts';

/**
 * Issue 16, History and undo: a place changed through the API shows its timeline (before → after) in
 * the admin's language, reached from the places list and from the place form; "Restore this version" (with confirmation)
 * puts the old value back; a deleted place is listed under recently deleted and restored with its
 * slug. English and Arabic.
 */
const adminSession = signInAsAdmin(test);
const cleanup: number[] = [];

test.afterAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!, adminSession.tokens);
  for (const id of cleanup) await api.delete(`/api/admin/places/${id}`);
  await api.dispose();
});

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`a place's history, restore of a version and of a deleted place (${lang})`, async ({ page, baseURL }) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
    const api = await adminApi(baseURL!, adminSession.tokens);
    const categories = (await (await api.get('/api/admin/categories')).json()).data as { id: number }[];
    const name = `E2E History ${uid()}`;
    const created = (await (await api.post('/api/admin/places', { data: { name, categoryId: categories[0]!.id, phone: '+966 11 111 1111' } })).json()).data;
    cleanup.push(created.id);
    const put = await api.put(`/api/admin/places/${created.id}`, { data: { name, categoryId: categories[0]!.id, phone: '+966 11 999 9999' } });
    expect(put.ok()).toBe(true);

    // ---- From the places list to the place's timeline ----
    await page.goto(inLang(lang, '/admin/places'));
    await page.getByRole('searchbox', { name: t('places.searchLabel') }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('link', { name: t('history.placeHistoryNamed', { name }) }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('history.title') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: t('history.timelineTitle', { entity: t('history.entities.place'), id: created.id }) })).toBeVisible();
    const entries = page.getByTestId('history-entry');
    await expect(entries).toHaveCount(2);
    const change = entries.first();
    await expect(change).toContainText(t('history.operations.update'));
    await expect(change).toContainText(t('places.fields.phone'));
    await expect(change).toContainText('+966 11 111 1111');
    await expect(change).toContainText('+966 11 999 9999');
    await expect(change).toContainText(t('common:contribute.requests.before'));
    await expect(entries.last()).toContainText(t('history.operations.insert'));

    // ---- Restore this version ----
    await change.getByRole('button', { name: t('history.restoreVersion') }).click();
    const confirm = page.getByRole('alertdialog', { name: t('history.confirmTitle') });
    await confirm.getByRole('button', { name: t('history.restore') }).click();
    await expect(page.getByText(t('history.restoreSuccess')).first()).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(entries).toHaveCount(3);
    await expect(entries.first()).toContainText('+966 11 111 1111');
    const restored = (await (await api.get(`/api/admin/places/${created.id}`)).json()).data;
    expect(restored.phone).toBe('+966 11 111 1111');

    // ---- The place form links to the same timeline ----
    await page.goto(inLang(lang, '/admin/places'));
    await page.getByRole('searchbox', { name: t('places.searchLabel') }).fill(name);
    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: t('places.editNamed', { name }) }).click();
    await page.getByRole('dialog', { name: t('places.editTitle') }).getByRole('link', { name: t('history.viewPlaceHistory') }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(entries).toHaveCount(3);

    // ---- A deleted place comes back ----
    expect((await api.delete(`/api/admin/places/${created.id}`)).ok()).toBe(true);
    await page.goto(inLang(lang, '/admin/history'));
    const deleted = page.getByTestId('deleted-place').filter({ hasText: name });
    await expect(deleted).toHaveCount(1);
    await deleted.getByRole('button', { name: t('history.restoreNamed', { name }) }).click();
    await page.getByRole('alertdialog', { name: t('history.confirmTitle') }).getByRole('button', { name: t('history.restore') }).click();
    await expect(page.getByText(t('history.restoreSuccess')).first()).toBeVisible();
    await expect(deleted).toHaveCount(0);
    const back = (await (await api.get(`/api/admin/places/${created.id}`)).json()).data;
    expect(back).toMatchObject({ id: created.id, slug: created.slug, name });
    await api.dispose();
  });
}

async function expectNoBlockingViolations(page: Page, where: string) {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${where}: ${v.id} — ${v.nodes.map((n) => `${n.html} ${n.failureSummary ?? ''}`).join('; ')}`)).toEqual([]);
}

for (const [lang, theme] of [['en', 'light'], ['ar', 'dark']] as [Lang, string][]) {
  test(`${lang}/${theme}: the history screen and its confirmation pass axe (serious, critical)`, async ({ page, baseURL }) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
    const api = await adminApi(baseURL!, adminSession.tokens);
    const categories = (await (await api.get('/api/admin/categories')).json()).data as { id: number }[];
    const created = (await (await api.post('/api/admin/places', { data: { name: `E2E Axe History ${uid()}`, categoryId: categories[0]!.id } })).json()).data;
    cleanup.push(created.id);
    await api.put(`/api/admin/places/${created.id}`, { data: { name: created.name, categoryId: categories[0]!.id, phone: '+966 11 222 3333', websiteUrl: 'https://example.com/' } });
    await api.dispose();
    await page.goto(`${inLang(lang, '/admin/history')}?entity=place&id=${created.id}&theme=${theme}`);
    await expect(page.getByTestId('history-entry')).toHaveCount(2);
    await expectNoBlockingViolations(page, 'history');
    await page.getByTestId('history-entry').first().getByRole('button', { name: t('history.restoreVersion') }).click();
    await expect(page.getByRole('alertdialog', { name: t('history.confirmTitle') })).toBeVisible();
    await expectNoBlockingViolations(page, 'restore confirmation');
  });
}
