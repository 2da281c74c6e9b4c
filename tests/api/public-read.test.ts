import { afterAll, describe, expect, it } from 'vitest';
import { ownerSql, testApp } from '../helpers/api.ts';
import { caller } from '../helpers/admin-api.ts';

const sql = ownerSql();
const app = testApp(sql);
afterAll(() => sql.end());

const call = caller(app);
const get = (path: string, headers: Record<string, string> = {}) => call('GET', path, { headers });

describe('public read API on the seeded dataset', () => {
  it('lists the 20 categories with place counts', async () => {
    const { status, body } = await get('/public/categories');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThanOrEqual(20);
    const restaurants = body.data.find((c: any) => c.slug === 'restaurants');
    expect(restaurants).toMatchObject({ name: 'Restaurants', nameAr: 'مطاعم' });
    expect(restaurants.placesCount).toBeGreaterThanOrEqual(802);
  });

  it('pages places with meta {page, limit, total}', async () => {
    const { status, body } = await get('/public/places?categorySlug=cafes&page=2&limit=5');
    expect(status).toBe(200);
    expect(body.meta).toEqual({ page: 2, limit: 5, total: expect.any(Number), nextCursor: expect.any(String) });
    expect(body.meta.total).toBeGreaterThanOrEqual(263);
    expect(body.data).toHaveLength(5);
    for (const p of body.data) expect(p.category.slug).toBe('cafes');
  });

  it('follows meta.nextCursor through the API page after page, in every sort, without repeats', async () => {
    for (const sort of ['name-asc', 'name-desc', 'newest', 'oldest']) {
      const seen = new Set<string>();
      let url = `/public/places?categorySlug=cafes&limit=5&sort=${sort}`;
      for (let n = 0; n < 4; n++) {
        const { status, body } = await get(url);
        expect(status, `${sort} page ${n + 1}: ${JSON.stringify(body.error ?? {})}`).toBe(200);
        expect(body.data).toHaveLength(5);
        for (const p of body.data) {
          expect(seen.has(p.slug), `${sort}: ${p.slug} repeated`).toBe(false);
          seen.add(p.slug);
        }
        expect(body.meta.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
        url = `/public/places?categorySlug=cafes&limit=5&sort=${sort}&cursor=${body.meta.nextCursor}`;
      }
    }
  });

  it('a category\'s and a zone\'s places answer meta.nextCursor too, and following it continues where page 1 ended', async () => {
    const zone = (await get('/public/places?categorySlug=cafes&limit=1')).body.data[0].zone.slug;
    for (const base of ['/public/categories/cafes/places?limit=3&sort=name-asc', `/public/zones/${zone}/places?limit=3&sort=name-asc`]) {
      const first = await get(base);
      expect(first.status, base).toBe(200);
      expect(first.body.meta.nextCursor, base).toMatch(/^[A-Za-z0-9_-]+$/);
      const byPage = await get(`${base}&page=2`);
      const byCursor = await get(`${base}&cursor=${first.body.meta.nextCursor}`);
      expect(byCursor.status, base).toBe(200);
      expect(byCursor.body.data.map((p: any) => p.slug), base).toEqual(byPage.body.data.map((p: any) => p.slug));
    }
  });

  it('answers bad paging with 400 and field errors, never 500', async () => {
    for (const q of ['page=0', 'page=abc', 'limit=1000', 'limit=-1', 'sort=sideways', 'zoneSlug=Not%20A%20Slug']) {
      const { status, body } = await get(`/public/places?${q}`);
      expect(status, q).toBe(400);
      expect(body.success).toBe(false);
      expect(body.error.code).toBe('validation_failed');
      expect(Object.keys(body.error.fields ?? {})).not.toHaveLength(0);
    }
  });

  it('localises error messages by Accept-Language', async () => {
    const { status, body } = await get('/public/places/no-such-place-anywhere', { 'Accept-Language': 'ar' });
    expect(status).toBe(404);
    expect(body.error.code).toBe('place_not_found');
    expect(body.error.message).toBe('المكان غير موجود.');
  });

  it('returns a zone with its buildings and a place with its share URL', async () => {
    const zones = await get('/public/zones');
    const withBuildings = zones.body.data.find((z: any) => z.buildingsCount > 0);
    const zone = await get(`/public/zones/${withBuildings.slug}`);
    expect(zone.body.data.buildings.length).toBe(withBuildings.buildingsCount);
    const places = await get(`/public/zones/${withBuildings.slug}/places?limit=1`);
    const slug = places.body.data[0].slug;
    const share = await get(`/public/places/${slug}/share`);
    expect(share.body.data.url).toBe(`http://dalil.test/p/${slug}`);
  });

  it('finds Arabic text regardless of hamza and taa marbuta', async () => {
    const { body } = await get(`/public/search?q=${encodeURIComponent('مسجد')}&limit=3`);
    expect(body.data.places.length).toBeGreaterThan(0);
    const hamza = await get(`/public/places?search=${encodeURIComponent('احد')}&limit=50`);
    expect(hamza.body.data.some((p: any) => (p.nameAr ?? '').includes('أحد'))).toBe(true);
  });

  it('describes its routes in /api/openapi.json', async () => {
    const { status, body } = await get('/openapi.json');
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/api/public/places', '/api/public/places/{slug}', '/api/website-settings']));
  });
});
