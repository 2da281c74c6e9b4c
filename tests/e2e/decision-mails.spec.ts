import { expect, request, test } from '@playwright/test';
import { adminApi, inLang, loginAdmin, tr, uid, type AdminTokens } from './admin-fixtures.ts';
import { codeFromMail, uniqueEmail } from './auth-mailbox.ts';

/**
 * Issue #16 "Submitters are told", the profile side, in English and Arabic: a rejected request shows
 * its decision date in Profile › Creation requests, and the "e-mail me about decisions" setting
 * persists across a reload (and in the API).
 */
const PASSWORD = 'decision-pass-1';
let admin: AdminTokens;

test.beforeAll(async ({ baseURL }) => {
  admin = await loginAdmin(baseURL!);
});

for (const lang of ['en', 'ar'] as const) {
  const t = (key: string, vars: Record<string, string | number> = {}) => tr(lang, `common:${key}`, vars);

  test(`${lang}: profile shows the decision date; the decision e-mails setting persists`, async ({ page, baseURL }) => {
    const email = uniqueEmail(`decision-${lang}`);
    const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'Accept-Language': lang } });
    const placeName = `E2E Decision Cafe ${uid()}`;
    try {
      expect((await api.post('/api/public/auth/register', { data: { email, password: PASSWORD, name: `Decision ${lang}` } })).status()).toBe(201);
      const verified = await (await api.post('/api/public/auth/verify-email', { data: { email, code: await codeFromMail(email, 'signup-code') } })).json();
      const headers = { Authorization: `Bearer ${verified.data.token as string}` };
      const categories = await (await api.get('/api/public/categories')).json();
      const created = await api.post('/api/public/places', { headers, data: { name: placeName, categoryId: categories.data[0].id } });
      expect(created.status()).toBe(201);
      const requestId = (await created.json()).data.id as number;
      const adminCtx = await adminApi(baseURL!, admin);
      const rejected = await adminCtx.post(`/api/admin/place-requests/${requestId}/reject`, { data: { reason: 'Not a real place' } });
      expect(rejected.ok()).toBe(true);
      await adminCtx.dispose();
    } finally {
      await api.dispose();
    }

    await page.goto(inLang(lang, '/auth/login'));
    await page.getByRole('textbox', { name: t('auth.fields.email'), exact: true }).fill(email);
    await page.getByRole('textbox', { name: t('auth.fields.password'), exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t('auth.login.submit'), exact: true }).click();
    // (the Arabic login page's URL ends in /ar too: wait for the signed-in header)
    await expect(page.getByRole('banner').getByRole('link', { name: t('nav.profile') }).first()).toBeVisible();

    // The decision date next to the submission date.
    await page.goto(inLang(lang, '/profile/creation-requests'));
    const row = page.getByRole('listitem').filter({ hasText: placeName });
    await expect(row).toContainText(t('contribute.requests.statuses.rejected'));
    await expect(row).toContainText(t('contribute.requests.decidedOn.rejected', { date: '' }).trim());

    // The setting: on by default, off after a click, still off after a reload.
    const toggle = page.getByRole('checkbox', { name: t('account.notifyDecisions') });
    await expect(toggle).toBeChecked();
    await page.getByText(t('account.notifyDecisions'), { exact: true }).click();
    await expect(page.getByText(t('account.notifyOff')).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: t('account.notifyDecisions') })).not.toBeChecked();
  });
}
