import { expect, test } from '@playwright/test';

/**
 * Decision 012: a public page's HTML carries the API answers it starts with, so it renders without the
 * script → API round trips; later requests (next page, other filters) go to the API as usual.
 */
test('the places list renders from its boot answers, then pages through the API', async ({ page, request }) => {
  const html = await (await request.get('/places?category=cafes')).text();
  const boot = JSON.parse(/<script type="application\/json" id="dalil-boot" nonce="[^"]+">(.*?)<\/script>/.exec(html)![1]!);
  expect(Object.keys(boot).sort()).toEqual(['/public/categories', '/public/places?categorySlug=cafes&limit=12&page=1&sort=name-asc', '/public/zones']);
  const first = boot['/public/places?categorySlug=cafes&limit=12&page=1&sort=name-asc'];
  expect(first.success).toBe(true);

  const apiCalls: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/public/')) apiCalls.push(new URL(r.url()).pathname + new URL(r.url()).search); });
  await page.goto('/places?category=cafes');
  const list = page.getByRole('list', { name: 'Places' });
  await expect(list.getByRole('listitem')).toHaveCount(Math.min(12, first.meta.total));
  await expect(list.getByRole('link').first()).toHaveAttribute('aria-label', first.data[0].name);
  await expect(page.getByLabel('Zone').locator('option')).not.toHaveCount(1);
  expect(apiCalls).toEqual([]);
  // read once, then gone from the document
  await expect(page.locator('#dalil-boot')).toHaveCount(0);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL('/places?category=cafes&page=2');
  await expect.poll(() => apiCalls.some((c) => c.startsWith('/api/public/places?'))).toBe(true);
});

test('a place page in Arabic: lang and dir in the HTML, the place in its boot answers', async ({ request, page }) => {
  const place = (await (await request.get('/api/public/places?limit=1&sort=newest')).json()).data[0];
  const res = await request.get(`/p/${place.slug}/ar`);
  expect(res.headers()['content-encoding']).toBe('gzip');
  const html = await res.text();
  expect(html).toContain('<html lang="ar" dir="rtl">');
  expect(html).toContain(`"/public/places/${place.slug}":{"success":true`);
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/place-details-[\w-]+\.js">/);

  await page.goto(`/p/${place.slug}/ar`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(place.nameAr || place.name);
});
