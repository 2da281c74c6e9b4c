import { expect, test } from '@playwright/test';

/** Issue 2 smoke: home → a category → a place, in English and in Arabic, on the freshly seeded stack. */
test.describe('smoke: browse real data', () => {
  test('English: home → category → place', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('link', { name: /^Cafés/ }).first().click();
    await expect(page).toHaveURL(/\/categories\/cafes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cafés' })).toBeVisible();
    const firstPlace = page.getByRole('list', { name: 'Places' }).getByRole('link').first();
    // the card's heading is the place's name (the link has no aria-label of its own: WCAG 2.5.3)
    const name = (await firstPlace.getByRole('heading').textContent()) ?? '';
    await firstPlace.click();
    await expect(page).toHaveURL(/\/p\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    // "Name — Category, Zone | Site name" (issue 14)
    await expect(page).toHaveTitle(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — Cafés`));
  });

  test('Arabic: /ar renders right-to-left with Arabic names', async ({ page }) => {
    await page.goto('/ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.getByRole('link', { name: /^مقاهي/ }).first().click();
    await expect(page).toHaveURL(/\/categories\/cafes\/ar$/);
    await expect(page.getByRole('heading', { level: 1, name: 'مقاهي' })).toBeVisible();
    await page.getByRole('list', { name: 'الأماكن' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/p\/[a-z0-9-]+\/ar$/);
    await expect(page.getByRole('heading', { level: 2, name: 'نبذة' })).toBeVisible();
  });
});
