import { expect, test, type Locator, type Page } from '@playwright/test';
import { blockMapTiles, LANGS, localized, waitForHydration } from './public-fixtures.ts';

/**
 * Issue 15, the map at any size (decision 031): /map asks the server for its view's clusters; a cluster
 * button (keyboard: Enter) zooms in until single pins show, and a pin's popup links to its place — in
 * English and Arabic.
 */
const CLUSTER_NAME = { en: /places? here, zoom in$/, ar: /هنا، كبّر الخريطة$/ } as const;

/** Index of the element of `items` nearest the map's centre (-1 when none is inside the map). */
async function nearestToCentre(map: Locator, items: Locator): Promise<number> {
  const box = (await map.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const points = await items.evaluateAll((els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }));
  let best = -1;
  let bestDistance = Infinity;
  points.forEach((p, i) => {
    const inside = p.x > box.x + 20 && p.x < box.x + box.width - 20 && p.y > box.y + 20 && p.y < box.y + box.height - 20;
    const d = Math.hypot(p.x - centre.x, p.y - centre.y);
    if (inside && d < bestDistance) [best, bestDistance] = [i, d];
  });
  return best;
}

const zoomOf = (url: string) => Number(new URL(url).searchParams.get('zoom'));

async function viewAnswer(page: Page, minZoom: number) {
  const res = await page.waitForResponse((r) => r.url().includes('/api/public/map/markers?') && r.ok() && zoomOf(r.url()) >= minZoom);
  return zoomOf(res.url());
}

for (const lang of LANGS) {
  test(`map clusters (${lang}): clusters appear, Enter on a cluster zooms in until pins show, a pin's popup links to its place`, async ({ page }) => {
    await blockMapTiles(page);
    const first = viewAnswer(page, 0);
    await page.goto(localized('/map', lang));
    let zoom = await first;
    const map = page.locator('.map-view');
    const clusters = map.getByRole('button', { name: CLUSTER_NAME[lang] });
    await expect(clusters.first()).toBeVisible();
    await waitForHydration(page);

    const pins = map.locator('.map-pin--place');
    for (let step = 0; step < 12; step++) {
      if ((await nearestToCentre(map, pins)) >= 0) break;
      const i = await nearestToCentre(map, clusters);
      expect(i, 'a cluster inside the map').toBeGreaterThanOrEqual(0);
      const next = viewAnswer(page, zoom + 1);
      await clusters.nth(i).focus();
      await page.keyboard.press('Enter');
      const zoomed = await next;
      expect(zoomed).toBeGreaterThan(zoom);
      zoom = zoomed;
      await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible();
    }
    const i = await nearestToCentre(map, pins);
    expect(i, 'a single pin near the centre after zooming in').toBeGreaterThanOrEqual(0);
    const pin = pins.nth(i);
    const name = await pin.getAttribute('title');
    expect(name).toBeTruthy();
    const link = map.locator('.map-popup a');
    await expect(async () => {
      await pin.focus();
      await page.keyboard.press('Enter');
      await expect(link).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    const href = await link.getAttribute('href');
    expect(href).toMatch(lang === 'ar' ? /^\/p\/[^/]+\/ar$/ : /^\/p\/[^/]+$/);
    await link.click();
    await expect(page).toHaveURL(href!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name!);
  });
}

/**
 * The first view's markers are asked for when the map page's module loads, before the page hydrates (sized
 * from the server-rendered placeholder), and the map uses that answer: one request for the first view, not
 * a second one once Leaflet has mounted (decision 031: first clusters at 100 000 places).
 */
const firstViewCases = [
  { lang: 'en' as const, width: 1280, category: false },
  { lang: 'ar' as const, width: 375, category: true },
];
for (const { lang, width, category } of firstViewCases) {
  test(`map first view (${lang}, ${width} px${category ? ', one category' : ''}): asked once, before hydration`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 800 });
    await blockMapTiles(page);
    await page.addInitScript(() => {
      // (the init script runs before the parser has made <html>: watch the whole document)
      new MutationObserver((_, observer) => {
        if (!document.documentElement?.hasAttribute('data-hydrated')) return;
        (window as unknown as { hydratedAt: number }).hydratedAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
    });
    let query = '';
    if (category) {
      const categories = (await (await request.get('/api/public/categories')).json()) as { data: { slug: string; placeCount?: number }[] };
      query = `?category=${categories.data[0]!.slug}`;
    }
    const views: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/public/map/markers?') && r.url().includes('bbox=')) views.push(r.url());
    });
    await page.goto(`${localized('/map', lang)}${query}`);
    await waitForHydration(page);
    const map = page.locator('.map-view');
    await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible();
    await page.waitForTimeout(1_000); // a second request for the same view would have gone out by now
    expect(views, 'one request for the first view').toHaveLength(1);
    if (category) expect(new URL(views[0]!).searchParams.get('categorySlug')).toBe(query.slice('?category='.length));
    const timing = await page.evaluate(() => {
      const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/public/map/markers?'));
      return { askedAt: entry?.startTime ?? null, hydratedAt: (window as unknown as { hydratedAt?: number }).hydratedAt ?? null };
    });
    expect(timing.askedAt, 'the first view was asked for').not.toBeNull();
    expect(timing.hydratedAt, 'the page hydrated').not.toBeNull();
    expect(timing.askedAt!).toBeLessThan(timing.hydratedAt!);
  });
}
