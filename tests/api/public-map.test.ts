import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSql, testApp } from '../helpers/api.ts';

const sql = ownerSql();
const app = testApp(sql);
const ZONE = 'map-markers-test-zone';

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await app.request(`/api${path}`, { headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

beforeAll(async () => {
  const [category] = await sql`select id from public.categories where slug = 'cafes'`;
  const [zone] = await sql`insert into public.zones (slug, title, sort_order) values (${ZONE}, 'Markers Test Zone', 9999) returning id`;
  await sql`insert into public.buildings (zone_id, slug, name, sort_order, map_url)
            values (${zone.id}, 'markers-test-tower', 'Markers Test Tower', 1, 'https://www.openstreetmap.org/?mlat=24.71&mlon=46.67#map=18/24.71/46.67')`;
  await sql`insert into public.places (slug, name, name_ar, category_id, zone_id, latitude, longitude) values
            ('markers-test-latlng', 'Markers LatLng', 'علامة', ${category.id}, ${zone.id}, 24.7123456789, 46.6712345678)`;
  await sql`insert into public.places (slug, name, category_id, zone_id, map_url) values
            ('markers-test-google', 'Markers Google', ${category.id}, ${zone.id}, 'https://www.google.com/maps/place/X/@24.6501,46.7102,17z')`;
  await sql`insert into public.places (slug, name, category_id, zone_id) values ('markers-test-nowhere', 'Markers Nowhere', ${category.id}, ${zone.id})`;
});

afterAll(async () => {
  await sql`delete from public.places where slug like 'markers-test-%'`;
  await sql`delete from public.zones where slug = ${ZONE}`;
  await sql.end();
});

describe('GET /public/map/markers', () => {
  it('returns every seeded place with coordinates, compactly', async () => {
    const [{ n }] = await sql`select count(*)::int as n from public.places where latitude is not null and slug not like 'markers-test-%'`;
    const { status, body, headers } = await get('/public/map/markers');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=60');
    const seeded = body.data.places.filter((p: any) => !p.slug.startsWith('markers-test-'));
    expect(n).toBeGreaterThan(3000);
    expect(seeded.length).toBe(n);
    expect(Object.keys(body.data.places[0]).sort()).toEqual(['category', 'lat', 'lng', 'name', 'nameAr', 'slug']);
    for (const p of body.data.places) {
      expect(Math.abs(p.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(p.lng)).toBeLessThanOrEqual(180);
    }
    expect(body.data.buildings.length).toBeGreaterThan(0);
    expect(Object.keys(body.data.buildings[0]).sort()).toEqual(['lat', 'lng', 'name', 'nameAr', 'number', 'slug', 'zone']);
  });

  it('takes coordinates from latitude/longitude (rounded to 6 decimals) or from the map URL; skips places without', async () => {
    const { body } = await get(`/public/map/markers?zoneSlug=${ZONE}`);
    expect(body.data.places).toEqual([
      { slug: 'markers-test-latlng', name: 'Markers LatLng', nameAr: 'علامة', lat: 24.712346, lng: 46.671235, category: 'cafes' },
      { slug: 'markers-test-google', name: 'Markers Google', nameAr: null, lat: 24.6501, lng: 46.7102, category: 'cafes' },
    ]);
    expect(body.data.buildings).toEqual([
      { slug: 'markers-test-tower', name: 'Markers Test Tower', nameAr: null, number: null, lat: 24.71, lng: 46.67, zone: ZONE },
    ]);
  });

  it('filters by category (then without buildings)', async () => {
    const { body } = await get('/public/map/markers?categorySlug=pharmacies');
    expect(body.data.places.length).toBeGreaterThan(10);
    expect(body.data.places.every((p: any) => p.category === 'pharmacies')).toBe(true);
    expect(body.data.buildings).toEqual([]);
  });

  it('compresses the body for clients that accept gzip', async () => {
    const res = await app.request('/api/public/map/markers', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const raw = Buffer.from(await res.arrayBuffer());
    const json = JSON.parse(gunzipSync(raw).toString('utf8'));
    expect(json.success).toBe(true);
    expect(raw.length).toBeLessThan(JSON.stringify(json).length / 3);
  });

  it('answers unknown zones and categories with 404 and bad slugs with 400', async () => {
    const zone = await get('/public/map/markers?zoneSlug=no-such-zone', { 'Accept-Language': 'ar' });
    expect(zone.status).toBe(404);
    expect(zone.body.error).toMatchObject({ code: 'zone_not_found', message: 'الحي غير موجود.' });
    expect((await get('/public/map/markers?categorySlug=no-such-category')).body.error.code).toBe('category_not_found');
    const bad = await get('/public/map/markers?zoneSlug=Not%20A%20Slug');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('zoneSlug');
  });
});
