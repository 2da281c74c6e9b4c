import { expect, test, type Page } from '@playwright/test';
import { adminApi, inLang, makePng, signInAsAdmin, tr, uid, type Lang } from './admin-fixtures.ts';

/**
 * Issue 6, the admin header: the change-logo button shows on hover and on keyboard
 * focus; the change-logo modal (Save disabled with an empty URL, a failing preview hidden with
 * 'Invalid image URL', upload, Save, Remove only when a logo exists) and the edit-names modal (name
 * required, Save disabled while empty) change the header logo, site name, page title and favicon at
 * once, without a reload, and for every page after; the city's time zone field refuses an unknown
 * zone and saves a known one. English and Arabic. The settings are put back.
 */
const adminSession = signInAsAdmin(test);
let original: Record<string, unknown>;

test.beforeAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!, adminSession.tokens);
  original = (await api.get('/api/admin/website-settings').then((r) => r.json())).data;
  await api.dispose();
});
test.afterAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!, adminSession.tokens);
  const { logoUrl, siteName, siteNameAr, siteDescription, siteDescriptionAr, timeZone } = original as Record<string, string | null>;
  await api.put('/api/admin/website-settings', { data: { logoUrl, siteName, ...(siteNameAr && siteNameAr !== '...' ? { siteNameAr } : {}), siteDescription, siteDescriptionAr, ...(timeZone ? { timeZone } : {}) } });
  await api.dispose();
});

const favicons = (page: Page) => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')].map((l) => l.getAttribute('href')));

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`change the logo and the site names; header, title and favicon follow (${lang})`, async ({ page }) => {
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
    const id = uid();
    await page.goto(inLang(lang, '/admin/categories'));
    await expect(page.getByRole('heading', { level: 1, name: t('categories.title') })).toBeVisible();
    const header = page.getByRole('banner');
    const logo = header.getByRole('img', { name: t('header.logoAlt') });
    const changeLogo = header.getByRole('button', { name: t('header.changeLogo') });

    // Shown on keyboard focus (skip link, then the change-logo button) and on hover; hidden otherwise.
    await expect(changeLogo).toHaveCSS('opacity', '0');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(changeLogo).toBeFocused();
    await expect(changeLogo).toHaveCSS('opacity', '1');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(changeLogo).toHaveCSS('opacity', '0');
    await logo.hover();
    await expect(changeLogo).toHaveCSS('opacity', '1');

    // ---- Change-logo modal ----
    await changeLogo.click();
    const logoDialog = page.getByRole('dialog', { name: t('logo.title') });
    const url = logoDialog.getByRole('textbox', { name: t('logo.urlLabel') });
    const save = logoDialog.getByRole('button', { name: t('common.save') });
    await url.fill('');
    await expect(save).toBeDisabled();
    await expect(logoDialog.getByRole('button', { name: t('logo.remove') })).toHaveCount(0); // no logo yet
    await url.fill('/definitely-not-an-image.png');
    await expect(logoDialog.getByText(t('logo.invalidUrl'))).toBeVisible();
    await expect(logoDialog.getByRole('img', { name: t('logo.previewAlt') })).toBeHidden();
    await logoDialog.getByLabel(t('logo.chooseFile')).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(48, [200, 60, 40]) });
    await expect(logoDialog.getByRole('status').filter({ hasText: t('logo.uploadReady') })).toBeVisible(); // not applied until Save
    await expect(url).toHaveValue(/^\/uploads\/website\/.+\.png$|^https?:\/\/.+/);
    const logoUrl = await url.inputValue();
    await expect(logoDialog.getByRole('img', { name: t('logo.previewAlt') })).toBeVisible();
    await expect(logoDialog.getByText(t('logo.invalidUrl'))).toBeHidden();
    await save.click();
    await expect(page.getByText(t('logo.updateSuccess')).first()).toBeVisible();
    await expect(logoDialog).toBeHidden();
    // Header logo and favicon (every size) change without a reload.
    await expect(logo).toHaveAttribute('src', logoUrl);
    await expect.poll(() => favicons(page)).toEqual([logoUrl, logoUrl, logoUrl, logoUrl, logoUrl]);

    // ---- Edit-names modal ----
    const names = { en: `E2E Directory ${id}`, ar: `دليل الاختبار ${id}` };
    await header.getByRole('button', { name: t('header.editNames') }).click();
    const namesDialog = page.getByRole('dialog', { name: t('siteNames.title') });
    const siteName = namesDialog.getByRole('textbox', { name: t('siteNames.siteName') });
    const saveNames = namesDialog.getByRole('button', { name: t('common.save') });
    await siteName.fill('   ');
    await expect(saveNames).toBeDisabled();
    await expect(namesDialog.getByText(t('siteNames.siteNameRequired'))).toBeVisible();
    await siteName.fill(`  ${names.en}  `);
    await expect(saveNames).toBeEnabled();
    await namesDialog.getByRole('textbox', { name: t('siteNames.siteNameAr') }).fill(names.ar);
    await namesDialog.getByRole('textbox', { name: t('siteNames.siteDescription') }).fill('Every service in the city.');
    await namesDialog.getByRole('textbox', { name: t('siteNames.siteDescriptionAr') }).fill('كل خدمات المدينة.');
    // the city's time zone (issue #15): an unknown name is refused here, a known one saved
    const timeZone = namesDialog.getByRole('combobox', { name: t('siteNames.timeZone') });
    await expect(timeZone).toHaveValue('Asia/Riyadh');
    await timeZone.fill('Mars/Olympus');
    await expect(namesDialog.getByText(t('siteNames.timeZoneUnknown'))).toBeVisible();
    await expect(saveNames).toBeDisabled();
    await timeZone.fill('Europe/London');
    await expect(namesDialog.getByText(t('siteNames.timeZoneUnknown'))).toBeHidden();
    await saveNames.click();
    await expect(page.getByText(t('settings.updateSuccess')).first()).toBeVisible();
    await expect(namesDialog).toBeHidden();
    const saved = await page.request.get('/api/website-settings', { headers: { 'Cache-Control': 'no-cache' } }).then((r) => r.json());
    expect(saved.data.timeZone).toBe('Europe/London');
    // put back at once: other specs read "open now" in the city's zone
    const api = await adminApi(new URL(page.url()).origin, adminSession.tokens);
    await api.put('/api/admin/website-settings', { data: { siteName: names.en, siteNameAr: names.ar, timeZone: 'Asia/Riyadh' } });
    await api.dispose();
    const shownName = names[lang];
    await expect(header).toContainText(shownName);
    await expect(page).toHaveTitle(`${t('categories.title')} | ${shownName}`); // 'section | site name' (decision 019)

    // Saved on the server (trimmed) and shown on public pages too.
    await page.goto(inLang(lang, '/'));
    await expect(page.getByRole('banner')).toContainText(shownName);
    await expect(page.getByRole('banner').locator('img').first()).toHaveAttribute('src', logoUrl);
    await expect.poll(() => favicons(page)).toContain(logoUrl);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', lang === 'ar' ? 'كل خدمات المدينة.' : 'Every service in the city.');

    // ---- Remove the logo (only offered while one exists) ----
    await page.goto(inLang(lang, '/admin/places'));
    await logo.hover();
    await changeLogo.click();
    await logoDialog.getByRole('button', { name: t('logo.remove') }).click();
    await expect(page.getByText(t('logo.removeSuccess')).first()).toBeVisible();
    await expect(logo).toHaveAttribute('src', '/favicon.svg');
    await expect.poll(() => favicons(page)).toEqual(['/favicon.svg']);
  });
}
