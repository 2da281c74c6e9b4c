import { expect, test } from '@playwright/test';

/**
 * Decision 012, then 019: a public page's HTML carries the API answers it starts with, so it shows
 * without the script → API round trips; later requests (next page, other filters) go to the API as usual.
 * Since the public pages are rendered by the server (decision 019) those answers travel as React Query's
 * dehydrated cache in `<script type="application/json" id="dalil-ssr">` (was: `#dalil-boot`, keyed by API
 * path), and the page's content is already in the HTML.
 */
interface SsrState { lang: string; theme: string; queries: { queries: { queryKey: unknown[]; state: { data: any; status: string } }[] } }
const ssrState = (html: string) => JSON.parse(/<script type="application\/json" id="dalil-ssr">(.*?)<\/script>/s.exec(html)![1]!) as SsrState;

test('the places list arrives rendered with its answers, then pages through the API', async ({ page, request }) => {
  const html = await (await request.get('/places?category=cafes')).text();
  const state = ssrState(html);
  const list = state.queries.queries.find((q) => JSON.stringify(q.queryKey).includes('cafes') && Array.isArray(q.state.data?.data));
  expect(list, 'the list query is in the state').toBeTruthy();
  const first = list!.state.data as { data: { name: string }[]; meta: { total: number } };
  // the first card is in the HTML itself
  // the card's name sits in an isolate of its own direction (<bdi>, decision 044)
  expect(html).toMatch(new RegExp(`<h[23][^>]*><bdi>${first.data[0]!.name.replace(/&/g, '&amp;').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</bdi></h[23]>`));

  const apiCalls: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/public/')) apiCalls.push(new URL(r.url()).pathname + new URL(r.url()).search); });
  await page.goto('/places?category=cafes');
  const cards = page.getByRole('list', { name: 'Places' });
  await expect(cards.getByRole('listitem')).toHaveCount(Math.min(12, first.meta.total));
  await expect(cards.getByRole('link').first()).toContainText(first.data[0]!.name);
  await expect(page.getByLabel('Zone').locator('option')).not.toHaveCount(1);
  // read once, then gone from the document
  await expect(page.locator('#dalil-ssr')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(apiCalls).toEqual([]);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL('/places?category=cafes&page=2');
  await expect.poll(() => apiCalls.some((c) => c.startsWith('/api/public/places?'))).toBe(true);
});

test('a place page in Arabic: lang and dir in the HTML, the place in its state, its route chunk listed with its scripts', async ({ request, page }) => {
  const place = (await (await request.get('/api/public/places?limit=1&sort=newest')).json()).data[0];
  const res = await request.get(`/p/${place.slug}/ar`);
  expect(res.headers()['content-encoding']).toBe('gzip');
  const html = await res.text();
  expect(html).toMatch(/<html lang="ar" dir="rtl" class="(light|dark)" data-ssr="">/);
  const state = ssrState(html);
  expect(state.lang).toBe('ar');
  expect(state.queries.queries.some((q) => q.state.data?.slug === place.slug)).toBe(true);
  // its scripts start after the first paint (decision 037): listed for the inline starter, not as tags
  const scripts = JSON.parse(/<script type="application\/json" id="dalil-scripts">(.*?)<\/script>/s.exec(html)![1]!) as { entry: string; preload: string[] };
  expect(scripts.entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  expect(scripts.preload.some((href) => /^\/assets\/place-details-[\w-]+\.js$/.test(href))).toBe(true);
  expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);

  await page.goto(`/p/${place.slug}/ar`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(place.nameAr || place.name);
});

test('a client-rendered page (sign-in) still gets its boot answers and is kept out of search engines', async ({ request }) => {
  const res = await request.get('/auth/login');
  expect(res.status()).toBe(200);
  expect(res.headers()['x-robots-tag']).toBe('noindex');
  const html = await res.text();
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain('id="dalil-ssr"');
});

/**
 * A page read later than its answers' freshness (a cached page served a minute after it was rendered, or a phone
 * whose clock runs ahead) hydrates exactly as the server rendered it: React Query would otherwise start a refetch in
 * the hydration render itself ("Load more" shown busy), the HTML would not match, and React would throw the whole
 * page away and draw it again — the focused skip link lost (a clean-clone e2e run saw that), the page flashing.
 * Afterwards the answers older than their freshness are fetched again, once.
 */
test('a page read 5 minutes after it was rendered hydrates without a mismatch, then refreshes its answers', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const apiCalls: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/public/')) apiCalls.push(new URL(r.url()).pathname); });
  await page.clock.install({ time: Date.now() + 5 * 60_000 });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/places');
  await expect(page.getByRole('list', { name: 'Places' })).toBeVisible();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await expect.poll(() => apiCalls.filter((c) => c === '/api/public/places').length).toBe(1);
  await page.waitForTimeout(1000);
  expect(errors).toEqual([]);
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  expect(apiCalls.filter((c) => c === '/api/public/places')).toHaveLength(1);
});
