import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminApi, inLang, signInAsAdmin, tr, type Lang } from './admin-fixtures.ts';

/**
 * Issue 6: the admin console screens and their dialogs have no serious or critical accessibility
 * violations (WCAG 2.1 AA), in English with the light theme and Arabic with the dark one.
 */
const adminSession = signInAsAdmin(test);
let zoneId: number;

test.beforeAll(async ({ baseURL }) => {
  const api = await adminApi(baseURL!, adminSession.tokens);
  zoneId = (await api.get('/api/admin/zones').then((r) => r.json())).data[0].id;
  await api.dispose();
});

async function expectNoBlockingViolations(page: Page, where: string) {
  // Colours are judged at rest: pointer away, fade-ins finished.
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${where}: ${v.id} — ${v.nodes.map((n) => `${n.html} ${n.failureSummary ?? ''}`).join('; ')}`)).toEqual([]);
}

for (const [lang, theme] of [['en', 'light'], ['ar', 'dark']] as [Lang, string][]) {
  test(`${lang}/${theme}: admin screens and dialogs pass axe (serious, critical)`, async ({ page }) => {
    test.slow(); // eight screens and dialogs, each scanned by axe
    const t = (key: string) => tr(lang, key);
    const open = async (path: string) => {
      await page.goto(`${inLang(lang, path)}?theme=${theme}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    };

    await open('/admin/map');
    await expect(page.getByRole('list', { name: t('zones.listLabel') })).toBeVisible();
    await expectNoBlockingViolations(page, 'map');
    await page.getByRole('button', { name: t('zones.add') }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: t('common.save') }).click(); // show the field errors
    await expect(page.getByRole('dialog').locator('[aria-invalid=true]').first()).toBeVisible();
    await expectNoBlockingViolations(page, 'zone dialog');
    await page.keyboard.press('Escape');

    await page.goto(`${inLang(lang, `/admin/map/zones/${zoneId}`)}?theme=${theme}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoBlockingViolations(page, 'zone');

    await open('/admin/categories');
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoBlockingViolations(page, 'categories');
    await page.getByRole('button', { name: t('categories.add') }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoBlockingViolations(page, 'category dialog');
    await page.keyboard.press('Escape');

    await open('/admin/places');
    await expect(page.getByRole('table').or(page.getByText(t('places.empty')))).toBeVisible();
    await expectNoBlockingViolations(page, 'places');
    await page.getByRole('button', { name: t('places.add') }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: t('common.save') }).click();
    await expect(page.getByRole('dialog').locator('[aria-invalid=true]').first()).toBeVisible();
    await expectNoBlockingViolations(page, 'place dialog');
    await page.keyboard.press('Escape');

    await page.getByRole('banner').getByRole('button', { name: t('header.changeLogo') }).click();
    await expect(page.getByRole('dialog', { name: t('logo.title') })).toBeVisible();
    await expectNoBlockingViolations(page, 'logo dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('banner').getByRole('button', { name: t('header.editNames') }).click();
    await expect(page.getByRole('dialog', { name: t('siteNames.title') })).toBeVisible();
    await expectNoBlockingViolations(page, 'names dialog');
  });
}

// The log-out arrow points out of the page's reading direction: mirrored on Arabic pages only (issue #17).
test('the log-out icon is mirrored in RTL, not in LTR', async ({ page }) => {
  const transformOf = async (lang: Lang) => {
    await page.goto(inLang(lang, '/admin/categories'));
    const icon = page.getByRole('button', { name: tr(lang, 'auth.logout') }).locator('svg');
    await expect(icon).toBeVisible();
    return icon.evaluate((el) => getComputedStyle(el).transform);
  };
  expect(await transformOf('en')).toBe('none');
  expect(await transformOf('ar')).toBe('matrix(-1, 0, 0, 1, 0, 0)');
});
