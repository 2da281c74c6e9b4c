import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { blockMapTiles, LANGS, localized, waitForHydration } from './public-fixtures.ts';

/**
 * Issue #29 on a weak network (decision 056): the page's own requests throttled through the DevTools protocol
 * (`Network.emulateNetworkConditions`, 400 ms latency, 400 kbps each way — the issue's measure), and the answers
 * the worker waits for held back past its 3 s (`context.route`, which sees the worker's own requests: DevTools'
 * throttling of a page does not reach its service worker's fetches). A page seen before opens from the device's
 * copy with "Offline copy from …" and why, then the online version once the network answers again; a list whose
 * answer does not come shows the network notice within seconds, not placeholders for as long as it takes.
 */
test.use({ serviceWorkers: 'allow' });

const TEXT = {
  en: { copy: /Offline copy from .*(ago|now)/, slow: 'The connection is too slow', notice: /slow/i },
  ar: { copy: /نسخة محفوظة على جهازك، حُفظت (قبل|الآن)/, slow: 'الاتصال بطيء جدًا', notice: /بطيء/ },
};

/** 400 ms latency, 400 kbps down and up (bytes per second), on the page's own requests. */
async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 });
  return cdp;
}

/** Holds back answers to matching requests by `ms` (the page's and the worker's) until the returned function is called. */
async function slowAnswers(context: BrowserContext, match: (url: URL) => boolean, ms: number) {
  const handler = async (route: import('@playwright/test').Route) => {
    await new Promise((r) => setTimeout(r, ms));
    await route.continue().catch(() => undefined);
  };
  const predicate = (url: URL) => match(url);
  await context.route(predicate, handler);
  return () => context.unroute(predicate, handler);
}

for (const lang of LANGS) {
  test(`a weak network: a page seen before opens from the device within ~4 s with its notice, then the online version (${lang})`, async ({ page, context }) => {
    test.slow();
    await blockMapTiles(page);
    const list = await (await page.request.get('/api/public/places?limit=1')).json();
    const slug = list.data[0].slug as string;
    const target = localized(`/p/${slug}`, lang);
    await page.goto(localized('/places', lang));
    await waitForHydration(page);
    await page.locator('html[data-sw="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.goto(target);
    await waitForHydration(page);
    const heading = (await page.getByRole('heading', { level: 1 }).first().textContent())!;

    await throttle(context, page);
    const release = await slowAnswers(context, (url) => url.pathname === target, 8_000);
    const started = Date.now();
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading, { timeout: 8_000 });
    expect(Date.now() - started, 'the copy instead of waiting for the network').toBeLessThan(7_000);
    const notice = page.locator('[data-network-notice="copy"]');
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(notice).toContainText(TEXT[lang].copy);
    await expect(notice).toContainText(TEXT[lang].slow);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');

    // the network answers in time again (still 400 ms / 400 kbps): the online version, without the notice
    await release();
    await expect(page.locator('meta[name="dalil-offline-copy"]')).toHaveCount(0, { timeout: 30_000 });
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
  });

  test(`a weak network: a filter whose answer does not come shows the network notice within seconds, then the list (${lang})`, async ({ page, context }) => {
    test.slow();
    await page.goto(localized('/places', lang));
    await waitForHydration(page);
    await page.locator('#network-notice').waitFor({ state: 'attached' });
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    await throttle(context, page);
    const release = await slowAnswers(context, (url) => url.pathname.startsWith('/api/public/places'), 25_000);
    const started = Date.now();
    await page.locator('#filter-sort').selectOption({ index: 2 });
    await expect(page.locator('[data-network-notice]')).toContainText(TEXT[lang].notice, { timeout: 8_000 });
    expect(Date.now() - started).toBeLessThan(8_000);
    await expect(page.locator('[data-error-kind]')).toHaveCount(0);
    await release();
    await expect(page.getByRole('list', { name: lang === 'ar' ? /الأماكن/ : /Places/ }).first()).toBeVisible({ timeout: 40_000 });
    await expect(page.locator('[data-network-notice]')).toHaveCount(0, { timeout: 20_000 });
  });
}
