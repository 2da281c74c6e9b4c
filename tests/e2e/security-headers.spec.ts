import { expect, test, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { adminApi, loginAdmin, makePng, useAdminSession, type AdminTokens } from './admin-fixtures.ts';

/**
 * The embedded server's Content-Security-Policy in a real browser: scripts only from 'self' and the three
 * inline scripts by their SHA-256 hashes, styles
 * only from 'self' plus the per-response nonce (Chakra UI's Emotion cache and Vite read it from
 * <meta property="csp-nonce">), tiles from the tile server, the YouTube player in a frame. Each
 * screen must render with no `securitypolicyviolation` event and no CSP console error.
 */
type Violation = { page: string; directive: string; blocked: string; sample: string };

async function watchCsp(page: Page): Promise<{ violations: Violation[]; console: string[] }> {
  const found = { violations: [] as Violation[], console: [] as string[] };
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) found.console.push(`${page.url()}: ${m.text()}`);
  });
  // reported from every document the page loads, as they happen
  await page.exposeFunction('__cspViolation', (v: Violation) => { found.violations.push(v); });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: unknown): void }).__cspViolation({
        page: location.pathname, directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample,
      });
    });
  });
  return found;
}

const PNG_1x1 = makePng(1, [200, 200, 200]);

let tokens: AdminTokens;
let videoPlace: { slug: string; name: string };
let uploadUrl: string;

test.beforeAll(async ({ baseURL }) => {
  tokens = await loginAdmin(baseURL!);
  const api = await adminApi(baseURL!, tokens);
  try {
    const list = await (await api.get('/api/admin/places?limit=1')).json();
    const place = list.data[0];
    const res = await api.put(`/api/admin/places/${place.id}`, { data: { details: { youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } } });
    expect(res.status(), await res.text()).toBe(200);
    videoPlace = { slug: place.slug, name: place.name };
    const upload = await api.post('/api/admin/upload/places', { multipart: { image: { name: 'dot.png', mimeType: 'image/png', buffer: PNG_1x1 } } });
    expect(upload.status()).toBe(201);
    uploadUrl = (await upload.json()).data.url;
  } finally {
    await api.dispose();
  }
});

test('SPA, assets, uploads and API answers all carry the security headers', async ({ request }) => {
  const html = await request.get('/places');
  const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(html.headers()['content-security-policy'] ?? '')?.[1];
  expect(nonce).toBeTruthy();
  const body = await html.text();
  expect(body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
  expect(body).not.toContain('DALIL_CSP_NONCE');
  const again = await request.get('/');
  expect(again.headers()['content-security-policy']).not.toContain(nonce!);
  expect(await again.text()).toContain('property="csp-nonce"');

  // the inline scripts (two before the first paint, the starter of the page's scripts after it) are allowed
  // by their hashes, nothing else inline
  const inline = [...body.matchAll(/<script nonce="[^"]*">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(inline.length).toBe(3);
  const scriptSrc = `script-src 'self' ${inline.map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`).join(' ')}`;
  expect(html.headers()['content-security-policy']).toContain(`${scriptSrc};`);

  // a rendered page lists its scripts for the starter (decision 037)
  const asset = (JSON.parse(/<script type="application\/json" id="dalil-scripts">(.*?)<\/script>/s.exec(body)![1]!) as { entry: string }).entry;
  for (const path of [asset, '/favicon.svg', uploadUrl, '/api/public/categories', '/api/health']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const h = res.headers();
    expect(h['content-security-policy'], path).toContain(`${scriptSrc};`);
    expect(h['content-security-policy'], path).not.toContain('unsafe-inline');
    expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(h['x-content-type-options'], path).toBe('nosniff');
    expect(h['strict-transport-security'], `${path}: plain http, no HSTS`).toBeUndefined();
    expect(h['x-request-id'], path).toBeTruthy();
    expect(h['cross-origin-resource-policy'], path).toBe(path === uploadUrl ? 'cross-origin' : 'same-site');
  }
});

test('home, a place with a YouTube video, the map and an admin screen render with zero CSP violations', async ({ page, context }) => {
  const csp = await watchCsp(page);
  const tiles: string[] = [];
  await page.route(/\/\d+\/\d+\/\d+\.png(\?.*)?$/, (route) => {
    tiles.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: PNG_1x1 });
  });
  await page.route(/youtube\.com/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }));

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Chakra's styles applied (nonce'd <style> tags): the page is not unstyled
  expect(await page.locator('style[data-emotion]').count()).toBeGreaterThan(0);
  expect(await page.evaluate(() => [...document.querySelectorAll('style')].every((s) => s.nonce !== ''))).toBe(true);

  await page.goto(`/p/${videoPlace.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(videoPlace.name);
  const player = page.locator('iframe[src="https://www.youtube.com/embed/dQw4w9WgXcQ"]');
  await player.scrollIntoViewIfNeeded();
  await expect(player).toBeVisible();

  await page.goto('/map');
  await expect(page.locator('.leaflet-container')).toBeVisible();
  await expect.poll(() => tiles.length, { message: 'tiles requested' }).toBeGreaterThan(0);
  await expect(page.locator('img.leaflet-tile-loaded').first()).toBeVisible();

  await useAdminSession(context, tokens);
  await page.goto('/admin/places');
  await expect(page.getByRole('table')).toBeVisible();
  await page.goto('/admin/map');
  await expect(page.locator('.leaflet-container')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();

  expect(csp.violations).toEqual([]);
  expect(csp.console).toEqual([]);
});

test('the API reference at /api/docs renders from the server (no CDN) with zero CSP violations', async ({ page, baseURL }) => {
  const csp = await watchCsp(page);
  const external: string[] = [];
  page.on('request', (r) => {
    if (!/^(data|blob):/.test(r.url()) && !r.url().startsWith(baseURL!)) external.push(r.url());
  });
  const res = await page.goto('/api/docs');
  expect(res!.status()).toBe(200);
  await expect(page.getByText('Dalil — city services directory API').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: /^Places, filtered by zone\/category slug/ })).toBeVisible();
  await page.getByRole('button', { name: 'Open Group - meta' }).click();
  await expect(page.getByRole('link', { name: /^Health: the database answers/ })).toBeVisible();
  expect(csp.violations).toEqual([]);
  expect(csp.console).toEqual([]);
  expect(external, 'requests to other hosts').toEqual([]);
});
