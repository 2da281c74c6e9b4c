import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { blockMapTiles, localized, waitForHydration, type Lang } from './public-fixtures.ts';

/**
 * Issue 3: no serious or critical axe violations (WCAG 2.1 A/AA) on any public screen, in English light
 * at 1280 px and Arabic dark at 375 px, plus the search overlay open in each; every screen must be
 * usable from the keyboard (skip link first, visible focus).
 */
const SCREENS = [
  '/', '/search?q=mall', '/categories', '/categories?view=list', '/categories/cafes', '/places', '/zones/al-ulayya',
  '/map', '/map/zones/al-ulayya', '/p/starbucks', '/no-such-page',
];

async function expectNoBlockingViolations(page: Page, label: string) {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${label}: ${v.id} — ${v.nodes.slice(0, 3).map((n) => `${n.html} ${n.failureSummary ?? ''}`).join('; ')}`)).toEqual([]);
}

// eleven screens and an axe pass each per test: more than the default minute on a busy 2-core machine
test.describe.configure({ timeout: 180_000 });

const RUNS: { lang: Lang; theme: 'light' | 'dark'; width: number }[] = [
  { lang: 'en', theme: 'light', width: 1280 },
  { lang: 'ar', theme: 'dark', width: 375 },
];

for (const { lang, theme, width } of RUNS) {
  test(`${lang} ${theme} ${width}px: public screens pass axe (serious, critical)`, async ({ page }) => {
    await blockMapTiles(page);
    await page.setViewportSize({ width, height: 900 });
    for (const path of SCREENS) {
      const [pathname, query] = path.split('?');
      await page.goto(`${localized(pathname, lang)}?${query ? `${query}&` : ''}theme=${theme}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
      if (pathname.startsWith('/map')) await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
      // the Save toggle arrives after hydration, disabled while it reads the device: axe runs once it is settled
      // (CI saw it mid-transition from its disabled look, a contrast of 2.39)
      if (pathname.startsWith('/p/')) await expect(page.getByTestId('save-place')).toBeEnabled();
      await expectNoBlockingViolations(page, `${lang} ${theme} ${path}`);
    }

    // the search overlay, open with results
    await page.goto(`${localized('/', lang)}?theme=${theme}`);
    await waitForHydration(page); // a click on the server's HTML before hydration opens nothing
    if (width >= 768) {
      await page.getByRole('combobox').fill('mall');
    } else {
      await page.getByRole('banner').getByRole('button', { name: lang === 'en' ? 'Search' : 'بحث', exact: true }).click();
      await page.getByRole('dialog').getByRole('combobox').fill('mall');
    }
    await expect(page.getByRole('dialog').getByRole('link').first()).toBeVisible();
    await expectNoBlockingViolations(page, `${lang} ${theme} search overlay`);
  });
}

/** The focused element's opening tag and text (or "body"), for a message that says where the focus went. */
function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return `body (document has focus: ${document.hasFocus()})`;
    return `${el.outerHTML.slice(0, el.outerHTML.indexOf('>') + 1)} ${el.textContent?.slice(0, 60) ?? ''} (connected: ${el.isConnected})`;
  });
}

test('keyboard: skip link first, then the header; focus is visible', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/places');
  await expect(page.getByRole('list', { name: 'Places' })).toBeVisible();
  await waitForHydration(page); // hydration may move focus back to the document; the visitor's Tab comes after it
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  // the focused element itself in the message when it is another one (a clean-clone run saw "inactive")
  await expect.poll(() => focusedElement(page)).toMatch(/^<a [^>]*href="#main"/);
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator('#main')).toBeFocused();
  await page.goto('/places');
  await expect(page.getByRole('list', { name: 'Places' })).toBeVisible();
  await waitForHydration(page); // as above: the two Tabs come after hydration (a clean-clone run failed here once)
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const brand = page.getByRole('banner').getByRole('link').first();
  await expect(brand).toBeFocused();
  const outline = await brand.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
});
