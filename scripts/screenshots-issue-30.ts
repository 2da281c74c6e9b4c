import { chromium, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * `tsx scripts/screenshots-issue-30.ts [baseUrl]`: the screens issue 30 ("An Arabic reader first")
 * changed, at 375×812 px (phone, light theme), into docs/screenshots/issue-30/ for the closing note:
 * the district filter of /places/ar (picked, and its list opened), the category grid of /ar, the
 * district grid of /map/ar, a place's hours on the 12-hour Arabic clock past midnight, a Latin-named
 * place on an Arabic card, sign-in in Arabic, and search across scripts both ways (كودو → Latin-only
 * places with their Arabic reading; Panda → Arabic-only بنده places).
 *
 * Needs a running app with the shipped data (`npm start`; default http://localhost:3000, or BASE_URL)
 * and Chromium (CHROMIUM_PATH or /usr/bin/chromium). Map tiles are not fetched (the grids are the point).
 */
const base = (process.argv[2] ?? process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const outDir = path.resolve('docs/screenshots/issue-30');
mkdirSync(outDir, { recursive: true });

type ListedPlace = { name: string; nameAr: string | null; slug: string; openingHours: string | null };

/** Every place of the public list (100 a page), to pick the examples from the data the app serves. */
async function allPlaces(): Promise<ListedPlace[]> {
  const places: ListedPlace[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${base}/api/public/places?limit=100&page=${page}`);
    if (!res.ok) throw new Error(`GET /api/public/places page ${page}: ${res.status}`);
    const body = (await res.json()) as { data: ListedPlace[]; meta: { total: number } };
    places.push(...body.data);
    if (body.data.length === 0 || places.length >= body.meta.total) return places;
  }
}

const places = await allPlaces();
// hours that end after midnight ("…-03:00" after an evening opening), read on an Arabic-named place
const pastMidnight = places.find((p) => p.nameAr && p.openingHours && /\b(1[6-9]|2\d):\d\d-0[0-5]:\d\d\b/.test(p.openingHours));
// a place known only by a Latin name, shown on an Arabic card
const latinOnly = places.find((p) => !p.nameAr && /^[A-Za-z][A-Za-z ]{8,}$/.test(p.name));
if (!pastMidnight || !latinOnly) throw new Error('the shipped data has no place with hours past midnight or no Latin-only place');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const context = await browser.newContext({ viewport: { width: 375, height: 812 }, colorScheme: 'light', locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
await context.route(/\/\d+\/\d+\/\d+\.png(\?.*)?$/, (route) => route.abort());
const page = await context.newPage();

/** Opens a page and waits until it has hydrated (`<html data-hydrated>`) and settled. */
async function open(url: string) {
  await page.goto(`${base}${url}`, { waitUntil: 'load' });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(400);
}

/** Scrolls so that `target` sits just under the sticky header. */
async function scrollTo(target: ReturnType<Page['locator']>) {
  await target.first().evaluate((el) => window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 72, behavior: 'instant' }));
  await page.waitForTimeout(200);
}

async function shot(name: string) {
  await page.screenshot({ path: path.join(outDir, `${name}.png`) });
  console.log(`${name}.png`);
}

// 1. /places/ar: the district filter (Arabic collation), one district picked, then its list opened
await open('/places/ar');
const zone = page.locator('#filter-zone');
await zone.selectOption({ label: 'العليا' });
await page.waitForLoadState('networkidle').catch(() => undefined);
await page.waitForTimeout(400);
await scrollTo(page.locator('[role="search"]'));
await shot('places-ar-district-picked');
// a native <select> draws its open list outside the page; shown as a list box of 12 rows instead
await zone.selectOption({ index: 0 });
await page.waitForTimeout(400);
await zone.evaluate((el: HTMLSelectElement) => { el.size = 12; el.style.height = 'auto'; });
await scrollTo(zone);
await shot('places-ar-district-list');

// 2. /ar: the category grid, «أخرى» last
await open('/ar');
await scrollTo(page.getByRole('region', { name: 'الفئات' }));
await shot('home-ar-categories');

// 3. /map/ar: the district grid in Arabic order
await open('/map/ar');
await scrollTo(page.getByRole('list', { name: 'الأحياء' }));
await shot('map-ar-districts');

// 4. a place page: hours on the 12-hour clock with ص/م, a range past midnight
await open(`/p/${pastMidnight.slug}/ar`);
await scrollTo(page.locator('#contact-heading')); // the contact card, whose first row is the hours
await shot('place-ar-hours-12h');

// 5. a Latin-only name on an Arabic card: isolated, the card keeps its right alignment
await open(`/places/ar?q=${encodeURIComponent(latinOnly.name)}`);
await scrollTo(page.getByRole('list', { name: 'الأماكن' }));
await shot('places-ar-latin-name-card');

// 6. sign-in in Arabic
await open('/auth/login/ar');
await shot('login-ar');

// 7. an Arabic query finds Latin-only places, shown with their Arabic reading
await open(`/search/ar?q=${encodeURIComponent('كودو')}`);
await shot('search-ar-kudu');
await scrollTo(page.locator('main li').filter({ hasText: /[A-Za-z]{3,}/ }));
await shot('search-ar-kudu-latin-only');

// 8. a Latin query finds Arabic-only places (English page)
await open('/search?q=Panda&lang=en');
await shot('search-en-panda');
await scrollTo(page.locator('main li').filter({ hasText: 'بنده' }));
await shot('search-en-panda-arabic-only');

await browser.close();
console.log(`pastMidnight=${pastMidnight.slug} latinOnly=${latinOnly.slug}`);
