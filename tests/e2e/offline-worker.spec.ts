import { expect, test, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN } from './admin-fixtures.ts';
import { blockMapTiles, LANGS, localized, waitForHydration } from './public-fixtures.ts';

/**
 * Issue #29, the service worker (decision 047), in real Chromium with the worker allowed: a page seen opens offline
 * with "Offline copy from <time>", a page never seen shows the offline page (the pages seen, the saved places link),
 * a new deployment while a page is open shows the update prompt, signing out leaves nothing of the person in Cache
 * Storage.
 */
test.use({ serviceWorkers: 'allow' });

const TEXT = {
  en: { copy: /Offline copy from .*(ago|now)/, offlineTitle: 'You’re offline', saved: 'Your saved places', update: 'A new version is available.', reload: 'Reload', later: 'Later' },
  ar: { copy: /نسخة محفوظة على جهازك، حُفظت (قبل|الآن)/, offlineTitle: 'أنت غير متصل بالإنترنت', saved: 'أماكنك المحفوظة', update: 'يتوفّر إصدار جديد.', reload: 'إعادة التحميل', later: 'لاحقًا' },
};

/** Waits until the worker controls the page and has stored the page the visitor landed on (`<html data-sw="ready">`). */
async function waitForWorker(page: Page) {
  await page.locator('html[data-sw="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every URL Cache Storage holds, by cache. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    return out;
  });
}

async function placeSlug(page: Page): Promise<{ slug: string; name: string; nameAr: string | null }> {
  const res = await page.request.get('/api/public/places?limit=1');
  const body = (await res.json()) as { data: Array<{ slug: string; name: string; nameAr?: string | null }> };
  return { slug: body.data[0]!.slug, name: body.data[0]!.name, nameAr: body.data[0]!.nameAr ?? null };
}

for (const lang of LANGS) {
  test(`a page seen opens offline with "Offline copy from …"; a page never seen shows the offline page; back online, the online version (${lang})`, async ({ page, context }) => {
    await blockMapTiles(page);
    const place = await placeSlug(page);
    // the first page: it came before the worker, which stores it once it controls the page
    await page.goto(localized('/places', lang));
    await waitForHydration(page);
    await waitForWorker(page);
    // a second page, under the worker
    await page.goto(localized(`/p/${place.slug}`, lang));
    await waitForHydration(page);
    const heading = (await page.getByRole('heading', { level: 1 }).first().textContent())!;
    const urls = Object.values(await cachedUrls(page)).flat();
    expect(urls.some((u) => u.endsWith(localized('/places', lang)))).toBe(true);
    expect(urls.some((u) => u.endsWith(localized(`/p/${place.slug}`, lang)))).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    const notice = page.locator('[data-network-notice="copy"]');
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(notice).toContainText(TEXT[lang].copy);
    await expect(page.locator('[data-error-kind]')).toHaveCount(0);

    // a page never seen: the offline page, in the page's language, with the pages seen and the saved places
    await page.goto(localized('/categories', lang));
    const offline = page.locator(`[data-offline-page="${lang}"]`);
    await expect(offline).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT[lang].offlineTitle);
    await expect(page.getByRole('link', { name: TEXT[lang].saved })).toHaveAttribute('href', localized('/saved', lang));
    await expect(page.locator('#offline-recent-list a').first()).toBeVisible();
    await expect(page.locator(`#offline-recent-list a[href="${localized(`/p/${place.slug}`, lang)}"]`)).toHaveCount(1);
    // the pages seen open from the list, offline
    await page.locator(`#offline-recent-list a[href="${localized(`/p/${place.slug}`, lang)}"]`).click();
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
    await expect(page.locator('[data-network-notice="copy"]')).toBeVisible({ timeout: 15_000 });

    // back online: the online version, without the notice
    await context.setOffline(false);
    await expect(page.locator('[data-network-notice="copy"]')).toHaveCount(0, { timeout: 20_000 });
    await waitForHydration(page);
    await expect(page.locator('meta[name="dalil-offline-copy"]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
  });
}

test('the offline page in the dark theme (the stored choice)', async ({ page, context }) => {
  await page.goto('/');
  await waitForHydration(page);
  await waitForWorker(page);
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await context.setOffline(true);
  await page.goto('/zones');
  await expect(page.locator('[data-offline-page="en"]')).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).toBe('rgb(17, 17, 17)');
  await context.setOffline(false);
});

/**
 * A proxy of the e2e server on another port (its own origin, so its own worker) that serves /sw.js as the build
 * made it, or — once `deploy()` is called — with a change, as a new deployment would: a real update of the worker.
 */
async function deploymentProxy(upstream: string): Promise<{ origin: string; deploy(): void; close(): Promise<void> }> {
  let deployment = 1;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !['host', 'accept-encoding', 'connection'].includes(k)) headers[k] = v;
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const answer = await fetch(`${upstream}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined, redirect: 'manual' });
      let body = Buffer.from(await answer.arrayBuffer());
      if (req.url?.startsWith('/sw.js') && deployment > 1) body = Buffer.concat([body, Buffer.from(`\n// deployment ${deployment}\n`)]);
      const out: Record<string, string> = {};
      answer.headers.forEach((v, k) => { if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(k)) out[k] = v; });
      res.writeHead(answer.status, out);
      res.end(body);
    })().catch(() => { res.writeHead(502); res.end(); });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deploy: () => { deployment++; },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

for (const lang of LANGS) {
  test(`a new deployment while a page is open: the update prompt, and "Reload" runs the new version (${lang})`, async ({ page, baseURL }) => {
    const proxy = await deploymentProxy(baseURL!);
    try {
      await blockMapTiles(page);
      await page.goto(`${proxy.origin}${localized('/', lang)}`);
      await waitForHydration(page);
      await waitForWorker(page);
      const first = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
      expect(first).toBe(`${proxy.origin}/sw.js`);
      await expect(page.locator('[data-update-prompt]')).toHaveCount(0);

      // deployed while the page is open: the browser finds the new worker (as on its periodic check)
      proxy.deploy();
      await page.evaluate(async () => { await (await navigator.serviceWorker.getRegistration())?.update(); });
      const prompt = page.locator('[data-update-prompt]');
      await expect(prompt).toBeVisible({ timeout: 30_000 });
      await expect(prompt).toContainText(TEXT[lang].update);
      await expect(prompt).toHaveAttribute('role', 'status');
      // the new worker waits: the page keeps its build until the visitor chooses
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

      // "Later" hides it
      await prompt.getByRole('button', { name: TEXT[lang].later }).click();
      await expect(prompt).toHaveCount(0);
      // a new load finds the worker still waiting, and asks again; "Reload" hands over and loads the page under it
      await page.reload();
      await waitForHydration(page);
      await expect(prompt).toBeVisible({ timeout: 30_000 });
      const navigation = page.waitForEvent('framenavigated');
      await prompt.getByRole('button', { name: TEXT[lang].reload }).click();
      await navigation;
      await waitForHydration(page);
      await expect(prompt).toHaveCount(0);
      expect(await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: Boolean(registration?.waiting), controlled: navigator.serviceWorker.controller !== null };
      })).toEqual({ waiting: false, controlled: true });
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    } finally {
      await proxy.close();
    }
  });
}

test('signing out leaves nothing of the person in Cache Storage; nothing of theirs was stored', async ({ page }) => {
  await blockMapTiles(page);
  await page.goto('/');
  await waitForHydration(page);
  await waitForWorker(page);
  // signed in (public sign-in), the person's pages and answers go through the worker
  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  const logout = page.getByRole('banner').getByRole('button', { name: 'Log out' });
  await expect(logout).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.goto('/places');
  await waitForHydration(page);
  await expect(logout).toBeVisible();
  const personal = (urls: Record<string, string[]>) => Object.entries(urls)
    .flatMap(([name, list]) => list.map((u) => `${name} ${u}`))
    .filter((line) => /\/(profile|admin|auth)(\/|$|\?)|\/api\/(profile|me|place-requests|admin|public\/auth)|dalil-user/.test(line));
  // the worker stored none of it
  expect(personal(await cachedUrls(page))).toEqual([]);
  // what an earlier worker (or a cache written by hand) might hold of the person
  await page.evaluate(async () => {
    await (await caches.open('dalil-api')).put('/api/profile', new Response('{"email":"admin@e2e.test"}', { headers: { 'Content-Type': 'application/json' } }));
    await (await caches.open('dalil-user-data')).put('/api/place-requests/mine', new Response('[]'));
  });
  expect(personal(await cachedUrls(page))).toHaveLength(2);

  await logout.click();
  await expect(logout).toHaveCount(0);
  await expect.poll(async () => personal(await cachedUrls(page))).toEqual([]);
  // the public copies stay (they are the same for every visitor)
  expect(Object.values(await cachedUrls(page)).flat().some((u) => u.endsWith('/places'))).toBe(true);
});

test('the worker is served fresh, under its own policy', async ({ request }) => {
  const res = await request.get('/sw.js');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-cache');
  expect(res.headers()['content-type']).toMatch(/javascript/);
  const csp = res.headers()['content-security-policy']!;
  expect(csp).toContain("connect-src 'self' https://tile.openstreetmap.org");
  // the offline pages and the shell the worker pre-caches are there
  for (const path of ['/offline.html', '/offline-ar.html', '/offline.js', '/offline.css', '/index.html']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});


test('public pages stay installable with the worker, in both languages (Page.getInstallabilityErrors)', async ({ page }) => {
  for (const path of ['/', '/ar', '/places/ar']) {
    await page.goto(path);
    await waitForHydration(page);
    await page.locator('html[data-sw="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors') as { installabilityErrors: Array<{ errorId: string }> };
    // a Playwright context is an incognito profile: that one error is the test browser's, not the site's
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'), path).toEqual([]);
    await cdp.detach();
  }
});
