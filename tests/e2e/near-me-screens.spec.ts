import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { blockMapTiles, LANGS, localized, waitForHydration, type Lang } from './public-fixtures.ts';

/**
 * Near me on screens (issue #15, decision 030): the lists' "Near me" button, distances on the cards,
 * the place page's distance beside Directions, the map's "Show my location", and the refused path —
 * with Playwright's fixed geolocation (granted) and without the permission (refused).
 */
const NEAR = { latitude: 24.7136, longitude: 46.6753 };
/** NEAR rounded to ~100 m, as the URL carries it. */
const NEAR_PARAM = '24.714,46.675';

const TEXT = {
  en: {
    nearMe: 'Near me', sorted: 'Showing the nearest places first.', refused: /Location access was refused/,
    distance: /^(\d+(?:\.\d)?) (m|km) away$/, showMyLocation: 'Show my location', centred: 'The map is centred on your location.',
  },
  ar: {
    nearMe: 'بالقرب مني', sorted: 'تُعرض الأماكن الأقرب أولًا.', refused: /رُفض الإذن بمعرفة موقعك/,
    distance: /^على بعد (\d+(?:\.\d)?) (مترًا|مترا|متر|مترين|أمتار|م|كم)$/, showMyLocation: 'اعرض موقعي', centred: 'موقعك الآن في وسط الخريطة.',
  },
} as const;

/** A card's distance text → metres, checking its unit and digits (Western in both languages, decision 018). */
function metresOf(text: string, lang: Lang): number {
  const m = TEXT[lang].distance.exec(text.trim());
  expect(m, `"${text}" is a distance in ${lang}`).not.toBeNull();
  return Number(m![1]) * (m![2] === 'km' || m![2] === 'كم' ? 1000 : 1);
}

/** The nearest place to NEAR_PARAM as the API answers (with its category and zone slugs). */
async function nearestPlace(request: APIRequestContext) {
  const body = await (await request.get(`/api/public/places?sort=distance&near=${NEAR_PARAM}&limit=1`)).json();
  return body.data[0] as { slug: string; distanceM: number; category: { slug: string }; zone: { slug: string } | null };
}

/** The distances shown on the cards, in metres, after checking each one's format. */
async function cardDistances(page: Page, lang: Lang): Promise<number[]> {
  const texts = await page.getByTestId('place-distance').allInnerTexts();
  expect(texts.length).toBeGreaterThan(1);
  return texts.map((t) => metresOf(t, lang));
}

function expectAscending(values: number[]) {
  expect(values).toEqual([...values].sort((a, b) => a - b));
}

/** Console messages React prints for a hydration problem. */
const HYDRATION_PROBLEM = /hydrat|did not match|server rendered|Minified React error #(418|423|425)/i;

test.describe('with the position granted', () => {
  test.use({ permissions: ['geolocation'], geolocation: NEAR });

  for (const lang of LANGS) {
    test(`${lang}: Near me on the places list sorts nearest first, in the URL, with distances on the cards`, async ({ page, request }) => {
      const nearest = await nearestPlace(request);
      await page.goto(localized('/places', lang));
      await waitForHydration(page);
      await expect(page.getByTestId('place-distance')).toHaveCount(0);
      await page.getByRole('button', { name: TEXT[lang].nearMe }).click();
      await expect(page.getByRole('status').filter({ hasText: TEXT[lang].sorted })).toBeVisible();
      await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'distance' && url.searchParams.get('near') === NEAR_PARAM);
      await expect(page.getByTestId('place-distance').first()).toBeVisible();
      const distances = await cardDistances(page, lang);
      expectAscending(distances);
      // the first card is the API's nearest (within the display rounding: 10 m, or 0.1 km)
      expect(Math.abs(distances[0] - nearest.distanceM)).toBeLessThanOrEqual(distances[0] >= 1000 ? 50 : 5);
      await expect(page.getByLabel(lang === 'en' ? 'Sort' : 'الترتيب', { exact: true })).toHaveValue('distance');

      // the place page, opened from the list, shows the distance beside Directions
      await page.getByRole('link').filter({ has: page.getByTestId('place-distance') }).first().click();
      await expect(page).toHaveURL(new RegExp(`/p/${nearest.slug}`));
      await expect(page.getByTestId('visitor-distance')).toHaveText(TEXT[lang].distance);
    });

    test(`${lang}: Near me on a category page and a zone page`, async ({ page, request }) => {
      const nearest = await nearestPlace(request);
      for (const path of [`/categories/${nearest.category.slug}`, `/zones/${nearest.zone!.slug}`]) {
        await page.goto(localized(path, lang));
        await waitForHydration(page);
        await page.getByRole('button', { name: TEXT[lang].nearMe }).click();
        await expect(page).toHaveURL((url) => url.searchParams.get('near') === NEAR_PARAM);
        await expect(page.getByTestId('place-distance').first()).toBeVisible();
        const texts = await page.getByTestId('place-distance').allInnerTexts();
        expectAscending(texts.map((t) => metresOf(t, lang)));
      }
    });

    test(`${lang}: a nearest-first URL arrives server-rendered with distances and hydrates without a mismatch`, async ({ page, request }) => {
      const url = localized(`/places?sort=distance&near=${NEAR_PARAM}`, lang);
      const html = await (await request.get(url)).text();
      expect(html).toContain('data-testid="place-distance"');
      const problems: string[] = [];
      page.on('console', (msg) => {
        if ((msg.type() === 'error' || msg.type() === 'warning') && HYDRATION_PROBLEM.test(msg.text())) problems.push(msg.text());
      });
      await page.goto(url);
      await waitForHydration(page);
      expectAscending(await cardDistances(page, lang));
      expect(problems).toEqual([]);
    });

    test(`${lang}: the map centres on the visitor and shows their position`, async ({ page }) => {
      await blockMapTiles(page);
      await page.goto(localized('/map', lang));
      await waitForHydration(page);
      const map = page.getByRole('region', { name: lang === 'en' ? 'Map of places and buildings' : 'خريطة الأماكن والمباني' });
      await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: TEXT[lang].showMyLocation }).click();
      await expect(page.getByRole('status').filter({ hasText: TEXT[lang].centred })).toBeVisible();
      const dot = map.locator('path.user-position');
      await expect(dot).toBeVisible();
      // centred: the dot sits in the middle of the map (setView), within a few pixels
      await expect(async () => {
        const [box, dotBox] = [await map.boundingBox(), await dot.boundingBox()];
        expect(Math.abs(box!.x + box!.width / 2 - (dotBox!.x + dotBox!.width / 2))).toBeLessThan(4);
        expect(Math.abs(box!.y + box!.height / 2 - (dotBox!.y + dotBox!.height / 2))).toBeLessThan(4);
      }).toPass();
    });
  }
});

test.describe('with the position refused', () => {
  for (const lang of LANGS) {
    test(`${lang}: the list says why and stays as it was`, async ({ page }) => {
      await page.goto(localized('/places', lang));
      await waitForHydration(page);
      const cards = page.getByRole('list', { name: lang === 'en' ? 'Places' : 'الأماكن', exact: true }).getByRole('listitem');
      const firstCard = await cards.first().innerText();
      await page.getByRole('button', { name: TEXT[lang].nearMe }).click();
      await expect(page.getByRole('status').filter({ hasText: TEXT[lang].refused })).toBeVisible();
      expect(new URL(page.url()).searchParams.get('sort')).toBeNull();
      await expect(page.getByTestId('place-distance')).toHaveCount(0);
      expect(await cards.first().innerText()).toBe(firstCard);
      // still usable: the filters work
      await page.getByLabel(lang === 'en' ? 'Sort' : 'الترتيب', { exact: true }).selectOption('name-desc');
      await expect(page).toHaveURL(/sort=name-desc/);
    });

    test(`${lang}: the map says why and draws no position`, async ({ page }) => {
      await blockMapTiles(page);
      await page.goto(localized('/map', lang));
      await waitForHydration(page);
      await page.getByRole('button', { name: TEXT[lang].showMyLocation }).click();
      await expect(page.getByRole('status').filter({ hasText: TEXT[lang].refused })).toBeVisible();
      await expect(page.locator('path.user-position')).toHaveCount(0);
    });
  }
});
