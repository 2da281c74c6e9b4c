import { expect, test } from '@playwright/test';
import { expectLanguage, waitForHydration } from './public-fixtures.ts';

/**
 * Issue 30, search across scripts (decision 043): on the search results screen, an Arabic query
 * lists the places named only in Latin letters, each with its Arabic reading under the name, in
 * both interface languages, on a phone; server-rendered and after hydration.
 */
for (const lang of ['ar', 'en'] as const) {
  test(`/search${lang === 'ar' ? '/ar' : ''}?q=كودو lists Latin-only "Kudu" with its Arabic reading (375 px, ${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/search${lang === 'ar' ? '/ar' : ''}?q=${encodeURIComponent('كودو')}`);
    await expectLanguage(page, lang);
    const places = page.locator('section[aria-labelledby="results-places"]');
    // the server-rendered page already shows the reading
    const reading = places.getByTestId('name-ar-reading').first();
    await expect(reading).toHaveText('كودو');
    await expect(reading).toHaveAttribute('lang', 'ar');
    await waitForHydration(page);
    // the card of a Latin-only place: the Latin name, then its reading; it stays inside the card at 375 px
    const card = places.getByRole('link').filter({ has: page.getByTestId('name-ar-reading') }).first();
    await expect(card.getByRole('heading', { name: 'Kudu' })).toBeVisible();
    await expect(card.getByTestId('name-ar-reading')).toBeVisible();
    const [cardBox, readingBox] = [await card.boundingBox(), await card.getByTestId('name-ar-reading').boundingBox()];
    expect(readingBox!.x).toBeGreaterThanOrEqual(cardBox!.x);
    expect(readingBox!.x + readingBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width + 0.5);
    // places with an Arabic name show no reading: fewer readings than cards
    expect(await places.getByTestId('name-ar-reading').count()).toBeLessThan(await places.getByRole('link').count());
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`search-kudu-${lang}-375.png`), fullPage: false });
  });
}

test('/search/ar?q=Panda lists the Arabic-only بنده places', async ({ page }) => {
  await page.goto(`/search/ar?q=Panda`);
  const places = page.locator('section[aria-labelledby="results-places"]');
  await expect(places.getByRole('heading', { name: 'بنده', exact: true }).first()).toBeVisible();
});
