import { expect, test } from '@playwright/test';
import { blockMapTiles, LANGS, localized, waitForHydration } from './public-fixtures.ts';

/**
 * Issue #29 (and #30's error screen): a failure of the network is said as such, in the page's language, and
 * the page stays — never the render-error screen (decision 045).
 */
const NOTICE = {
  en: { offline: /You’re offline/, error: 'No internet connection' },
  ar: { offline: /أنت غير متصل بالإنترنت/, error: 'لا يوجد اتصال بالإنترنت' },
};

for (const lang of LANGS) {
  test(`a link to a page whose script is not loaded yet, offline: the page stays with the network notice, then opens once back online (${lang})`, async ({ page, context }) => {
    await blockMapTiles(page);
    await page.goto(localized('/', lang));
    await waitForHydration(page);
    // the notice's own script arrives after the page is interactive
    await page.locator('#network-notice').waitFor({ state: 'attached' });
    const heading = await page.getByRole('heading', { level: 1 }).first().textContent();
    await context.setOffline(true);
    const link = page.locator(`a[href="${localized('/categories', lang)}"]`).first();
    await link.click();
    const notice = page.locator('[data-network-notice]');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(NOTICE[lang].offline);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    // the page and its header stay; no render-error screen
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading!);
    await expect(page.locator('[data-error-kind]')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${localized('/', lang).replace(/\//g, '\\/')}$`));
    // back online: the script loads and the link's page opens; the notice goes
    await context.setOffline(false);
    await expect(page).toHaveURL(new RegExp(`${localized('/categories', lang).replace(/\//g, '\\/')}$`), { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 }).first()).not.toHaveText(heading!);
    await expect(notice).toHaveCount(0);
  });

  test(`a filter changed offline: the placeholders give way to the error state and the notice within seconds; the list comes back online (${lang})`, async ({ page, context }) => {
    await page.goto(localized('/places', lang));
    await waitForHydration(page);
    // the notice's own script arrives after the page is interactive
    await page.locator('#network-notice').waitFor({ state: 'attached' });
    // and the response schemas a second later
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    const started = Date.now();
    await page.locator('#filter-sort').selectOption({ index: 1 });
    await expect(page.locator('[data-network-notice]')).toContainText(NOTICE[lang].offline, { timeout: 6_000 });
    const failed = page.getByRole('alert').filter({ hasText: lang === 'ar' ? /تعذر|تعذّر/ : /Could not load/ });
    await expect(failed).toBeVisible({ timeout: 8_000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(page.locator('[data-error-kind]')).toHaveCount(0);
    await expect(page.locator('#filter-sort')).toBeVisible();
    // the dismiss button hides the notice
    await page.locator('[data-network-notice]').getByRole('button', { name: lang === 'ar' ? 'إغلاق' : 'Dismiss' }).click();
    await expect(page.locator('[data-network-notice]')).toHaveCount(0);
    // back online: the failed list is asked for again by itself
    await context.setOffline(false);
    await expect(page.getByRole('list', { name: lang === 'ar' ? /الأماكن/ : /Places/ }).first()).toBeVisible({ timeout: 15_000 });
  });
}
