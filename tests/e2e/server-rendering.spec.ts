import { expect, test, type Page } from '@playwright/test';
import { blockMapTiles, localized, LANGS } from './public-fixtures.ts';

/**
 * Issue 14 / decision 019: the public pages arrive rendered by the server and the browser hydrates them
 * without a mismatch, in both languages and both themes; without JavaScript their content is readable;
 * unknown paths and slugs answer 404 with the not-found page.
 */

async function firstPlace(request: import('@playwright/test').APIRequestContext) {
  return (await (await request.get('/api/public/places?limit=1&sort=newest')).json()).data[0] as { slug: string; name: string; nameAr: string | null };
}

const PAGES = (slug: string) => [
  '/', '/places', '/places?sort=newest&page=2', '/categories', '/categories/cafes', '/zones/al-ulayya', `/p/${slug}`,
  '/search?q=cafe', '/map', '/map/zones/al-ulayya', '/no-such-page',
];

/** Console messages React and React Router print for a hydration problem. */
const HYDRATION_PROBLEM = /hydrat|did not match|server rendered|Minified React error #(418|423|425)|HydrateFallback/i;

async function collectProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if ((msg.type() === 'error' || msg.type() === 'warning') && HYDRATION_PROBLEM.test(msg.text())) problems.push(msg.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return problems;
}

for (const theme of ['light', 'dark'] as const) {
  test(`every public page hydrates without a mismatch (${theme}, en + ar)`, async ({ page, context, request, baseURL }) => {
    test.setTimeout(180_000);
    const place = await firstPlace(request);
    await context.addCookies([{ name: 'dalil_theme', value: theme, url: baseURL! }]);
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await blockMapTiles(page);
    const problems = await collectProblems(page);
    for (const lang of LANGS) {
      for (const path of PAGES(place.slug)) {
        const url = localized(path, lang);
        await page.goto(url);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        // hydrated: the state element is read and removed, then the deferred blocks hydrate after the paint
        await expect(page.locator('#dalil-ssr')).toHaveCount(0);
        await page.waitForTimeout(700);
        expect(problems, `${url}`).toEqual([]);
      }
    }
  });
}

test('without JavaScript every public page shows its content, title, canonical and alternates', async ({ browser, request, baseURL }) => {
  const place = await firstPlace(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const expected: Record<string, { en: RegExp; ar: RegExp }> = {
    '/': { en: /Find places and services/, ar: /أماكن المدينة وخدماتها/ },
    '/places': { en: /places/i, ar: /الأماكن/ },
    '/categories': { en: /Categories/, ar: /الفئات/ },
    '/categories/cafes': { en: /Caf/, ar: /مقا|كافي/ },
    '/zones/al-ulayya': { en: /Al Ulayya/, ar: /العليا/ },
    [`/p/${place.slug}`]: { en: new RegExp(place.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), ar: new RegExp((place.nameAr || place.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) },
    '/search?q=cafe': { en: /cafe/i, ar: /cafe/i },
    '/map': { en: /Map/, ar: /الخريطة/ },
  };
  for (const lang of LANGS) {
    for (const [path, heading] of Object.entries(expected)) {
      const url = localized(path, lang);
      const res = await page.goto(url);
      expect(res!.status(), url).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), url).toHaveText(heading[lang]);
      await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', new RegExp(`^${baseURL}`));
      await expect(page.locator('link[rel=alternate][hreflang=ar]')).toHaveAttribute('href', /\/ar(\?|$)/);
      await expect(page.locator('link[rel=alternate][hreflang=x-default]')).toHaveCount(1);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', await page.title());
    }
  }
  // a list page carries all its cards, not only those above the fold
  await page.goto('/places');
  await expect(page.getByRole('list', { name: 'Places' }).getByRole('listitem')).toHaveCount(12);
  await context.close();
});

test('unknown paths and slugs answer 404 with the not-found page; /places/{slug} moves to /p/{slug}', async ({ request }) => {
  const place = await firstPlace(request);
  for (const path of ['/p/no-such-place', '/categories/no-such-category', '/zones/no-such-zone', '/no/such/page', '/p/no-such-place/ar']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    const html = await res.text();
    expect(html, path).toContain('data-page-not-found');
    expect(html, path).toContain('<meta name="robots" content="noindex">');
  }
  const moved = await request.get(`/places/${place.slug}/ar?x=1`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/p/${place.slug}/ar?x=1`);
});

test('a place page: title from the data, Arabic on /ar, share tags and its schema.org description', async ({ request }) => {
  const place = (await (await request.get(`/api/public/places/${(await firstPlace(request)).slug}`)).json()).data;
  const site = (await (await request.get('/api/website-settings')).json()).data;
  const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const en = await (await request.get(`/p/${place.slug}`)).text();
  expect(en).toContain(html(`<title>${place.name} — ${place.category.name}${place.zone ? `, ${place.zone.title}` : ''} | ${site.siteName}</title>`).replace(/^&lt;title&gt;|&lt;\/title&gt;$/g, (t) => (t.includes('/') ? '</title>' : '<title>')));
  const ar = await (await request.get(`/p/${place.slug}/ar`)).text();
  const arName = place.nameAr || place.name;
  expect(ar).toContain(`<title>${html(`${arName} — ${place.category.nameAr || place.category.name}`)}`);
  expect(ar).toContain(`| ${site.siteNameAr || site.siteName}</title>`);
  expect(ar).toContain('<meta property="og:locale" content="ar_SA">');
  expect(ar).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+">/);
  expect(ar).toMatch(/<html lang="ar" dir="rtl"/);
});

test('the first visit follows Accept-Language on a neutral URL; a stored choice and the URL win', async ({ browser, baseURL }) => {
  const arabic = await browser.newContext({ locale: 'ar-SA', extraHTTPHeaders: { 'Accept-Language': 'ar-SA,ar;q=0.9,en;q=0.5' } });
  const res = await arabic.request.get('/places?page=2', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe('/places/ar?page=2');
  const page = await arabic.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/ar$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // switching to English is remembered by a cookie: the neutral URL then stays English
  await page.getByRole('button', { name: /English/ }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  const again = await page.request.get('/', { maxRedirects: 0 });
  expect(again.status()).toBe(200);
  expect(await again.text()).toMatch(/<html lang="en" dir="ltr"/);
  // the URL's language wins over the browser's
  const english = await arabic.request.get('/places/en', { maxRedirects: 0 });
  expect(english.status()).toBe(302);
  expect(english.headers().location).toBe('/places');
  expect(english.headers()['set-cookie']).toContain('dalil_lang=en');
  await arabic.close();
});

/**
 * Decision 037: a server-rendered page (not a map page) asks for its scripts only after it has painted, so its
 * first paint shares neither the network nor the main thread with them; it then hydrates as before, under the
 * site's CSP (the starter is an inline script allowed by its hash).
 */
test('a rendered page starts its scripts after its first paint, then hydrates; a map page starts them with the HTML', async ({ page, request }) => {
  const place = await firstPlace(request);
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  const timing = () => page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.initiatorType !== 'fetch' && /\/assets\/[\w-]+\.js$/.test(e.name));
    return { fcp, firstScript: scripts.length ? Math.min(...scripts.map((e) => e.startTime)) : null };
  });
  for (const path of ['/', `/p/${place.slug}/ar`, '/places?sort=newest']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const { fcp, firstScript } = await timing();
    expect(fcp, `${path}: painted`).not.toBeNull();
    expect(firstScript, `${path}: scripts loaded`).not.toBeNull();
    expect(firstScript!, `${path}: the first script was asked for after the first paint`).toBeGreaterThanOrEqual(fcp!);
  }
  await blockMapTiles(page);
  await page.goto('/map');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  const map = await timing();
  expect(map.firstScript!, 'a map page fetches its scripts with the HTML').toBeLessThan(map.fcp!);
  expect(violations).toEqual([]);
});

/**
 * Decision 073: the response schemas (zod and src/shared's schemas), which a page loads a second after it is
 * interactive, are evaluated a part per task: zod with the shared field schemas, then the entity schemas, then the
 * response schemas. Loaded at once they were one task of 17–33 ms on a desktop core (×4 on a phone). Seen from the
 * network: each part is asked for only once the part before it has arrived (its evaluation follows at once), where
 * Vite's preload helper asked for all of them together.
 */
test('a page loads its response schemas one part after another once it is interactive', async ({ page, request }) => {
  const place = await firstPlace(request);
  await page.goto(`/p/${place.slug}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  const parts = ['common-schemas', 'entity-schemas', 'public-response-schemas'];
  const timing = () => page.evaluate((names) => names.map((name) => {
    const entry = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .find((e) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(e.name));
    return entry ? { name, start: entry.startTime, end: entry.responseEnd } : null;
  }), parts);
  await expect.poll(async () => (await timing()).every(Boolean), { timeout: 10_000 }).toBe(true);
  const [common, entity, responses] = (await timing()) as { name: string; start: number; end: number }[];
  expect(entity!.start, 'the entity schemas are asked for after zod and the field schemas arrived').toBeGreaterThanOrEqual(common!.end);
  expect(responses!.start, 'the response schemas are asked for after the entity schemas arrived').toBeGreaterThanOrEqual(entity!.end);
  // and they check answers as before: a client-side navigation's response is validated and shown
  await page.getByRole('link', { name: 'Places', exact: true }).first().click();
  await expect(page.getByRole('list', { name: 'Places' }).getByRole('listitem').first()).toBeVisible();
});

/**
 * Decision 065: hydrating leaves the document's styles alone. A style sheet moved in the DOM, or `lang`, `dir` or the
 * theme class written again on `<html>` (even with its own value), makes the browser recompute the style of the whole
 * document — two or three times 50–130 ms of a phone's main thread on every rendered page, before this. Watched from
 * once the body is parsed: no `<style>` is removed or moved, `<html>` gets no `lang`, `dir`, `class` or `style` write;
 * the page's rules are still there once (a button keeps its colours), also after the theme is switched.
 */
for (const lang of LANGS) {
  test(`hydrating moves no style sheet and rewrites no attribute of <html> (${lang})`, async ({ page, request }) => {
    const place = await firstPlace(request);
    await page.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { styleLog: string[] }).styleLog = log;
      new MutationObserver((records) => {
        // the theme's inline script in <head> sets what the server cannot (`style` attributes are outside the CSP)
        // before there is a body to restyle: records delivered before the body are left out
        if (!document.body) return;
        for (const r of records) {
          if (r.type === 'attributes' && r.target === document.documentElement) log.push(`html[${r.attributeName}]`);
          for (const node of r.removedNodes) if (node.nodeName === 'STYLE') log.push(`removed <style data-emotion="${(node as Element).getAttribute('data-emotion')?.slice(0, 20)}">`);
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['lang', 'dir', 'class', 'style'] });
    });
    for (const path of ['/', `/p/${place.slug}`, '/places']) {
      await page.goto(localized(path, lang));
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
      await page.waitForTimeout(500); // the parts mounted after the paint
      expect(await page.evaluate(() => (window as unknown as { styleLog: string[] }).styleLog), path).toEqual([]);
      // the server's rules are the page's: none inserted again by the browser
      const { names, duplicated } = await page.evaluate(() => {
        const tag = document.querySelector('head > style[data-emotion^="css-page "]');
        const all = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('');
        const own = tag?.textContent ?? '';
        const list = tag?.getAttribute('data-emotion')?.split(' ').slice(1) ?? [];
        const count = (css: string, name: string) => css.split(`.css-${name}`).length - 1;
        return { names: list.length, duplicated: list.filter((n) => count(all, n) > count(own, n)) };
      });
      expect(names, path).toBeGreaterThan(10);
      expect(duplicated, path).toEqual([]);
    }
    const add = page.getByRole('banner').getByRole('button', { name: lang === 'ar' ? 'إضافة مكان' : 'Add Place' });
    const colours = () => add.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    const light = await colours();
    expect(light[0]).not.toBe('rgba(0, 0, 0, 0)');
    await page.getByRole('button', { name: lang === 'ar' ? 'التبديل إلى الوضع الداكن' : 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await colours()).not.toEqual(light);
  });
}

/**
 * Decision 037: a button clicked before the page has hydrated is not lost — the inline starter keeps the last
 * such click and the page replays it once hydrated (here the scripts are held back until after the click).
 */
for (const lang of LANGS) {
  test(`a click on Add before hydration opens its dialog once the page has hydrated (${lang})`, async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let asked!: () => void;
    const entryAsked = new Promise<void>((resolve) => { asked = resolve; });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    // (not 'load': the held entry script keeps the load event from firing)
    await page.goto(localized('/', lang), { waitUntil: 'domcontentloaded' });
    await entryAsked; // the page has painted and asked for its scripts; nothing is hydrated yet
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', '');
    await page.getByRole('banner').getByRole('button', { name: lang === 'ar' ? 'إضافة مكان' : 'Add Place' }).click();
    release();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByText(lang === 'ar' ? 'يرجى تسجيل الدخول أو إنشاء حساب لإضافة مكان' : 'Please login or create an account to add a place')).toBeVisible();
    // replayed once: one press of Cancel closes it
    await dialog.getByRole('button', { name: lang === 'ar' ? 'إلغاء' : 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
}
