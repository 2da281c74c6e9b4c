import { expect, test } from '@playwright/test';
import { blockMapTiles, expectTheme, waitForHydration } from './public-fixtures.ts';

/**
 * Issue 3, browsing: the places list (filters, sort, Prev/Next with 'Page X of Y', Load more,
 * the network-issue notice, the empty state, all in the URL), the categories page (search, grid/list,
 * A–Z/Z–A in the URL) and the map (markers, clusters, show/hide, category filter, zone detail).
 */
test('places list: pages, filters and sort in the URL, load more, network notice, empty state', async ({ page, request }) => {
  const all = await (await request.get('/api/public/places?limit=12')).json();
  const pages = Math.ceil(all.meta.total / 12);
  await page.goto('/places');
  const list = page.getByRole('list', { name: 'Places' });
  await expect(list.getByRole('listitem')).toHaveCount(12);
  await expect(page.getByText(`Page 1 of ${pages}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prev' })).toBeDisabled();
  const firstOnPage1 = await list.getByRole('heading').first().textContent();
  await waitForHydration(page); // a click before the page hydrated would do nothing

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL('/places?page=2');
  await expect(page.getByText(`Page 2 of ${pages}`, { exact: true })).toBeVisible();
  await expect(list.getByRole('heading').first()).not.toHaveText(firstOnPage1 ?? '');
  await page.goBack();
  await expect(page).toHaveURL('/places');
  await expect(page.getByText(`Page 1 of ${pages}`, { exact: true })).toBeVisible();

  // filters and sort go to the URL and reset the page
  const cafes = await (await request.get('/api/public/places?categorySlug=cafes&limit=1')).json();
  await page.getByLabel('Category').selectOption('cafes');
  await expect(page).toHaveURL('/places?category=cafes');
  await expect(page.getByText(`${cafes.meta.total} places`, { exact: true })).toBeVisible();
  await page.getByLabel('Sort').selectOption('name-desc');
  await expect(page).toHaveURL('/places?category=cafes&sort=name-desc');
  const cafesZa = await (await request.get('/api/public/places?categorySlug=cafes&sort=name-desc&limit=1')).json();
  // the card's name is what it shows, starting with the place's name (WCAG 2.5.3)
  await expect(list.getByRole('link').first()).toHaveAccessibleName(new RegExp(`^${cafesZa.data[0].name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await page.getByLabel('Zone').selectOption('al-ulayya');
  await expect(page).toHaveURL('/places?category=cafes&sort=name-desc&zone=al-ulayya');
  for (const badge of await list.getByRole('listitem').all()) await expect(badge).toContainText('Al Ulayya');

  // Load more appends the next page; a failed page shows the network notice and keeps what loaded
  await page.goto('/places');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(24);
  await expect(page.getByText(`Page 1–2 of ${pages}`, { exact: true })).toBeVisible();
  await page.route(/\/api\/public\/places\?.*\bpage=3\b/, (route) => route.abort());
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByText('Network issue. Some results may be missing.')).toBeVisible({ timeout: 15_000 });
  await expect(list.getByRole('listitem')).toHaveCount(24);
  await page.unroute(/\/api\/public\/places\?.*\bpage=3\b/);

  // empty state, and the search box of the list
  await page.goto('/places?q=zzqxv');
  await expect(page.getByText('No places found. Try changing filters.')).toBeVisible();
  await waitForHydration(page); // text typed before hydration is not replayed (only clicks are, decision 037)
  await page.getByLabel('Search in places').fill('starbucks');
  await expect(page).toHaveURL('/places?q=starbucks');
  // a card's link is named by what it shows, its heading first (WCAG 2.5.3)
  await expect(list.getByRole('link').filter({ has: page.getByRole('heading', { name: 'Starbucks', exact: true }) }).first()).toBeVisible();

  // Arabic pagination text and arrows
  await page.goto('/places/ar?page=2');
  await expect(page.getByText(`صفحة 2 من ${pages}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'السابق' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'التالي' })).toBeEnabled();
});

test('categories page: search, grid/list view and A–Z/Z–A sort, all in the URL', async ({ page, request }) => {
  const categories = (await (await request.get('/api/public/categories')).json()).data as { name: string; nameAr: string | null }[];
  const en = categories.map((c) => c.name).sort(new Intl.Collator('en', { sensitivity: 'base' }).compare);
  await page.goto('/categories');
  await waitForHydration(page); // the sort select needs React (a click before hydration is replayed, a selection is not)
  const list = page.getByRole('list', { name: 'Categories' });
  await expect(list.getByRole('listitem')).toHaveCount(categories.length);
  await expect(list.getByRole('heading').first()).toHaveText(en[0]);

  await page.getByLabel('Sort').selectOption('za');
  await expect(page).toHaveURL('/categories?sort=za');
  await expect(list.getByRole('heading').first()).toHaveText(en[en.length - 1]);

  const listView = page.getByRole('button', { name: 'List view' });
  await listView.click();
  await expect(page).toHaveURL('/categories?sort=za&view=list');
  await expect(listView).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  await expect(list.getByRole('heading').first()).toHaveText(en[en.length - 1]);

  await waitForHydration(page); // text typed into the server's HTML before hydration is not kept
  await page.getByRole('searchbox', { name: 'Search categories' }).fill('pharm');
  await expect(page).toHaveURL('/categories?sort=za&view=list&q=pharm');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('link')).toHaveAttribute('href', '/categories/pharmacies');
  await page.getByRole('searchbox', { name: 'Search categories' }).fill('zzqxv');
  await expect(page.getByText('No categories match “zzqxv”.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(categories.length);

  // Arabic names sort in Arabic
  const ar = categories.map((c) => c.nameAr || c.name).sort(new Intl.Collator('ar', { sensitivity: 'base' }).compare);
  await page.goto('/categories/ar?sort=za');
  await expect(page.getByRole('list', { name: 'الفئات' }).getByRole('heading').first()).toHaveText(ar[ar.length - 1]);
  await expect(page.getByRole('button', { name: 'عرض قائمة' })).toHaveAttribute('aria-pressed', 'false');
});

test('map: the view\'s clusters and pins, show/hide, category filter, zones, zone detail', async ({ page, request }) => {
  await blockMapTiles(page);
  type View = { places: { category: string }[]; buildings: unknown[]; clusters: { count: number; places: number }[] };
  const markerUrls: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/public/map/markers')) markerUrls.push(r.url()); });
  const firstView = page.waitForResponse((r) => r.url().includes('/api/public/map/markers?') && r.ok());
  await page.goto('/map');
  const view = (await (await firstView).json()).data as View;
  const map = page.getByRole('region', { name: 'Map of places and buildings' });
  await expect(map).toHaveAttribute('dir', 'ltr');
  const placesIn = (v: View) => v.places.length + v.clusters.reduce((n, c) => n + c.places, 0);
  const buildingsIn = (v: View) => v.buildings.length + v.clusters.reduce((n, c) => n + c.count - c.places, 0);
  await expect(page.getByText(`${placesIn(view)} places on the map`)).toBeVisible();
  await expect(page.getByText(`${buildingsIn(view)} buildings`, { exact: true })).toBeVisible();
  // the server's clusters keep markers few on screen; their counts add up to the view's markers
  const clusters = map.getByRole('button', { name: /places here, zoom in$/ });
  await expect(clusters.first()).toBeVisible();
  const onMap = () => map.locator('.leaflet-marker-icon').evaluateAll((els) =>
    els.reduce((n, el) => n + (el.classList.contains('map-cluster') ? Number(el.textContent) : 1), 0));
  await expect.poll(onMap).toBe(placesIn(view) + buildingsIn(view));
  expect(await clusters.count()).toBeLessThan(100);
  // only views are asked for, never the whole set
  expect(markerUrls.length).toBeGreaterThan(0);
  expect(markerUrls.every((u) => /[?&]bbox=/.test(u) && /[?&]zoom=\d+/.test(u))).toBe(true);

  // category filter: the view of pharmacies
  await waitForHydration(page);
  const pharmaciesView = page.waitForResponse((r) => r.url().includes('categorySlug=pharmacies') && r.ok());
  await page.getByLabel('Category').selectOption('pharmacies');
  const pharmacies = (await (await pharmaciesView).json()).data as View;
  expect(pharmacies.buildings).toEqual([]);
  await expect(page.getByText(`${placesIn(pharmacies)} places on the map`)).toBeVisible();
  await expect(page).toHaveURL('/map?category=pharmacies');

  // show/hide map
  await page.getByRole('button', { name: 'Hide map' }).click();
  await expect(map).toBeHidden();
  await expect(page).toHaveURL('/map?category=pharmacies&map=hidden');
  await expect(page.getByRole('button', { name: 'Show map' })).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: 'Show map' }).click();
  await expect(map).toBeVisible();

  // zone list with building counts, filter, link to the zone detail
  const zones = page.getByRole('list', { name: 'Zones' });
  await page.getByLabel('Filter zones').fill('ulayya');
  await expect(zones.getByRole('listitem')).toHaveCount(1);
  await expect(zones.getByRole('link')).toContainText('3 buildings');
  await zones.getByRole('link').click();
  await expect(page).toHaveURL('/map/zones/al-ulayya');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Al Ulayya');
  const zone = (await (await request.get('/api/public/zones/al-ulayya')).json()).data;
  await expect(page.getByRole('list', { name: 'Buildings' }).getByRole('listitem')).toHaveCount(zone.buildings.length);

  // a building link (from /zones/{slug}, search, the city map) lands on its card in the zone detail
  const building = zone.buildings[zone.buildings.length - 1];
  await page.goto('/zones/al-ulayya');
  await page.getByRole('link', { name: new RegExp(building.name) }).click();
  await expect(page).toHaveURL(`/map/zones/al-ulayya#building-${building.slug}`);
  await expect(page.locator(`#building-${building.slug}`)).toBeFocused();
  await expect(page.locator(`#building-${building.slug}`)).toBeInViewport();
});

test('map marker: an open popup stays open when the page re-renders with the same markers', async ({ page, request }) => {
  await blockMapTiles(page);
  const place = (await (await request.get('/api/public/zones/ad-diriyah-al-jadida/places?limit=1')).json()).data[0];
  await page.goto('/map/zones/ad-diriyah-al-jadida');
  const map = page.getByRole('region', { name: /^Map of / });
  const pin = map.getByRole('button', { name: place.name });
  await expect(pin).toBeVisible();
  await expect(map).not.toHaveAttribute('aria-busy', 'true');
  await waitForHydration(page);
  await pin.focus();
  await page.keyboard.press('Enter');
  const link = map.getByRole('link', { name: place.name });
  await expect(link).toBeVisible();
  // switching the theme re-renders the page (new preference helpers, a new markers array of the same content):
  // the map keeps its layers, so the popup the visitor opened stays open and in place
  const before = await link.boundingBox();
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expectTheme(page, 'dark');
  await expect(link).toBeVisible();
  expect(await link.boundingBox()).toEqual(before);
});

test('map marker: keyboard-reachable pin, popup link to the place', async ({ page, request }) => {
  await blockMapTiles(page);
  const place = (await (await request.get('/api/public/zones/ad-diriyah-al-jadida/places?limit=1')).json()).data[0];
  await page.goto('/map/zones/ad-diriyah-al-jadida');
  const map = page.getByRole('region', { name: /^Map of / });
  const pin = map.getByRole('button', { name: place.name });
  await expect(pin).toBeVisible();
  await expect(map).not.toHaveAttribute('aria-busy', 'true'); // every pin added, as the map announces
  await waitForHydration(page);
  await pin.focus();
  await page.keyboard.press('Enter');
  const link = map.getByRole('link', { name: place.name });
  await expect(link).toHaveAttribute('href', `/p/${place.slug}`);
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/p/${place.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(place.name);
});
