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
