import { expect, test } from '@playwright/test';
import { inLang, makePng, signInAsAdmin, tr, uid, type Lang } from './admin-fixtures.ts';

/**
 * Issue #17, errors that reach the administrator: an upload refused by the server says its reason (a
 * ".png" whose bytes are text → "invalid file type", not "Failed to upload"); an uploaded logo is
 * "ready — save to apply" until Save; a failed save of the logo or of the site names is said inside
 * the dialog. Saves are answered by the test (500), so nothing changes.
 */
signInAsAdmin(test);

const notAnImage = { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('these bytes are text, not a PNG') };

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`upload reasons, a logo ready until Save, failed saves said in the dialog (${lang})`, async ({ page }) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
    await page.goto(inLang(lang, '/admin/categories'));

    // ---- The image field of a form: the server's reason ----
    await page.getByRole('button', { name: t('categories.add') }).first().click();
    const dialog = page.getByRole('dialog', { name: t('categories.createTitle') });
    const iconLabel = t('categories.fields.icon');
    await dialog.getByLabel(tr(lang, 'common:imageUpload.chooseFileLabel', { label: iconLabel })).setInputFiles(notAnImage);
    const problem = dialog.getByRole('alert');
    await expect(problem).toContainText(tr(lang, 'common:imageUpload.invalidFileType'));
    await expect(problem).toContainText(tr(lang, 'common:imageUpload.invalidFileTypeDescription'));
    await expect(problem).not.toContainText(tr(lang, 'common:imageUpload.uploadFailed'));
    await page.keyboard.press('Escape');

    // ---- Change logo ----
    const header = page.getByRole('banner');
    await header.getByRole('img', { name: t('header.logoAlt') }).hover();
    await header.getByRole('button', { name: t('header.changeLogo') }).click();
    const logoDialog = page.getByRole('dialog', { name: t('logo.title') });
    await logoDialog.getByLabel(t('logo.chooseFile')).setInputFiles(notAnImage);
    await expect(logoDialog.getByRole('alert')).toHaveText(t('logo.invalidFileType'));
    await logoDialog.getByLabel(t('logo.chooseFile')).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(24, [20, 90, 160]) });
    await expect(logoDialog.getByRole('status').filter({ hasText: t('logo.uploadReady') })).toBeVisible();
    await expect(page.getByText(t('logo.uploadSuccess'))).toHaveCount(0);
    await page.route('**/api/admin/website-settings', (route) => (route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, error: { code: 'internal_error', message: 'Internal error' } }) })
      : route.fallback()));
    await logoDialog.getByRole('button', { name: t('common.save') }).click();
    await expect(logoDialog.getByRole('alert')).toHaveText(t('settings.updateError'));
    await expect(logoDialog).toBeVisible();
    await expect(logoDialog.getByRole('button', { name: t('common.save') })).toBeEnabled();
    await page.keyboard.press('Escape');

    // ---- Site names ----
    await header.getByRole('button', { name: t('header.editNames') }).click();
    const namesDialog = page.getByRole('dialog', { name: t('siteNames.title') });
    await namesDialog.getByRole('textbox', { name: t('siteNames.siteName') }).fill(`Dalil ${uid()}`);
    await namesDialog.getByRole('button', { name: t('common.save') }).click();
    await expect(namesDialog.getByRole('alert')).toHaveText(t('settings.updateError'));
    await expect(namesDialog).toBeVisible();
  });
}
