import { expect, test } from '@playwright/test';
import { LANGS, localized, waitForHydration } from './public-fixtures.ts';

/**
 * Near me (issue #15): the site may ask for the visitor's position (Permissions-Policy
 * geolocation=(self)), and a place with coordinates offers directions in the platform's maps app.
 */
const NEAR = { latitude: 24.7136, longitude: 46.6753 };

async function placeWithCoordinates(request: import('@playwright/test').APIRequestContext) {
  const body = await (await request.get(`/api/public/places?sort=distance&near=${NEAR.latitude},${NEAR.longitude}&limit=1`)).json();
  const place = body.data[0];
  expect(place.latitude).not.toBeNull();
  expect(Number.isInteger(place.distanceM)).toBe(true);
  return place as { slug: string; latitude: number; longitude: number };
}

for (const lang of LANGS) {
  test(`${lang}: a page may read the granted position (geolocation=(self))`, async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(NEAR);
    await page.goto(localized('/places', lang));
    await waitForHydration(page);
    const position = await page.evaluate(() => new Promise<{ lat: number; lng: number } | string>((resolve) => {
      navigator.geolocation.getCurrentPosition(
        (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
        (e) => resolve(`error ${e.code}`),
        { timeout: 5000 },
      );
    }));
    expect(position).toEqual({ lat: NEAR.latitude, lng: NEAR.longitude });
  });

  test(`${lang}: the place page links to directions at the place's coordinates`, async ({ page, request }) => {
    const place = await placeWithCoordinates(request);
    await page.goto(localized(`/p/${place.slug}`, lang));
    await waitForHydration(page);
    const link = page.getByRole('link', { name: lang === 'en' ? 'Get directions' : 'اعرض الطريق إليه' });
    await expect(link).toBeVisible();
    const href = new URL((await link.getAttribute('href'))!);
    expect(href.hostname).toBe('www.openstreetmap.org');
    expect(href.searchParams.get('route')).toBe(`;${Number(place.latitude.toFixed(6))},${Number(place.longitude.toFixed(6))}`);
  });
}

test.describe('on Android', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36' });
  test('directions open the system\'s maps chooser (geo: URI) after hydration', async ({ page, request }) => {
    const place = await placeWithCoordinates(request);
    await page.goto(`/p/${place.slug}`);
    await waitForHydration(page);
    const link = page.getByRole('link', { name: 'Get directions' });
    await expect(link).toHaveAttribute('href', new RegExp(`^geo:${Number(place.latitude.toFixed(6))},${Number(place.longitude.toFixed(6))}\\?q=`));
  });
});
