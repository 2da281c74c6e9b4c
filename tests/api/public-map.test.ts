import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSql, testApp } from '../helpers/api.ts';
import { caller } from '../helpers/admin-api.ts';

const sql = ownerSql();
const app = testApp(sql);
const ZONE = 'map-markers-test-zone';

const call = caller(app);
const get = (path: string, headers: Record<string, string> = {}) => call('GET', path, { headers });

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

// A far-away island of places for the view tests (South Pacific: no seeded place is near), and two on
// either side of the antimeridian.
const ISLAND = { lat: -40, lng: -140 };
const ISLAND_PLACES = 40;
const ISLAND_BBOX = '-141,-41,-139,-39';

beforeAll(async () => {
  const [cafes] = await sql`select id from public.categories where slug = 'cafes'`;
  const [pharmacies] = await sql`select id from public.categories where slug = 'pharmacies'`;
  const [zone] = await sql`select id from public.zones where slug <> ${ZONE} order by id limit 1`; // not the zone test's
  // 4 groups of 10 places, ~0.2° apart, each group within ~50 m
  const rows = Array.from({ length: ISLAND_PLACES }, (_, i) => {
    const group = Math.floor(i / 10);
    return {
      slug: `markers-test-island-${i}`, name: `Island ${i}`, category_id: i % 4 === 0 ? pharmacies.id : cafes.id, zone_id: zone.id,
      latitude: ISLAND.lat + (group % 2) * 0.2 + (i % 10) * 0.0004, longitude: ISLAND.lng + Math.floor(group / 2) * 0.2 + (i % 10) * 0.0003,
    };
  });
  await sql`insert into public.places ${sql(rows, 'slug', 'name', 'category_id', 'zone_id', 'latitude', 'longitude')}`;
  await sql`insert into public.places (slug, name, category_id, zone_id, latitude, longitude) values
            ('markers-test-east-of-180', 'East of 180', ${cafes.id}, ${zone.id}, -16.5, 179.9),
            ('markers-test-west-of-180', 'West of -180', ${cafes.id}, ${zone.id}, -16.5, -179.9)`;
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

describe('GET /public/map/markers?bbox=…&zoom=…', () => {
  type View = { places: { slug: string }[]; buildings: unknown[]; clusters: { id: number; count: number; places: number; lat: number; lng: number; expansionZoom: number }[] };
  const view = async (query: string) => {
    const res = await get(`/public/map/markers?${query}`);
    expect(res.status).toBe(200);
    return res.body.data as View;
  };
  const total = (v: View) => v.places.length + v.buildings.length + v.clusters.reduce((n, c) => n + c.count, 0);

  it('answers only the markers in the box, the counts adding up to the places there', async () => {
    // (from zoom 8: at a world-wide zoom a cluster whose centre is in the box may hold markers far outside it)
    for (const zoom of [8, 10, 12, 14, 16, 17, 22]) {
      const v = await view(`bbox=${ISLAND_BBOX}&zoom=${zoom}`);
      expect(total(v), `zoom ${zoom}`).toBe(ISLAND_PLACES);
      expect(v.clusters.reduce((n, c) => n + c.places, 0) + v.places.length, `zoom ${zoom}`).toBe(ISLAND_PLACES);
      expect(v.places.every((p) => p.slug.startsWith('markers-test-island-'))).toBe(true);
    }
    // the whole-set answer has no clusters
    expect((await view('')).clusters).toEqual([]);
  });

  it('groups nearby places into clusters that split as the map zooms in', async () => {
    const far = await view(`bbox=${ISLAND_BBOX}&zoom=5`);
    expect(far.clusters).toHaveLength(1);
    expect(far.clusters[0]).toMatchObject({ count: ISLAND_PLACES, places: ISLAND_PLACES });
    expect(far.places).toEqual([]);
    const split = far.clusters[0]!.expansionZoom;
    expect(split).toBeGreaterThan(5);
    const closer = await view(`bbox=${ISLAND_BBOX}&zoom=${split}`);
    expect(closer.clusters.length).toBeGreaterThan(1);
    expect(closer.clusters.every((c) => c.count < ISLAND_PLACES)).toBe(true);
    const street = await view(`bbox=${ISLAND_BBOX}&zoom=17`);
    expect(street.clusters).toEqual([]);
    expect(street.places).toHaveLength(ISLAND_PLACES);
  });

  it('leaves out what is outside the box, filters by category, and crosses the antimeridian when west > east', async () => {
    const half = await view(`bbox=-141,-41,-139.9,-39&zoom=17`);
    expect(half.places).toHaveLength(20);
    const pharmacies = await view(`bbox=${ISLAND_BBOX}&zoom=17&categorySlug=pharmacies`);
    expect(pharmacies.places).toHaveLength(ISLAND_PLACES / 4);
    expect(pharmacies.buildings).toEqual([]);
    const across = await view('bbox=179,-17,-179,-16&zoom=10');
    expect(across.places.map((p) => p.slug).sort()).toEqual(['markers-test-east-of-180', 'markers-test-west-of-180']);
    const eastOnly = await view('bbox=179,-17,180,-16&zoom=10');
    expect(eastOnly.places.map((p) => p.slug)).toEqual(['markers-test-east-of-180']);
  });

  it('answers a bad bbox or zoom with 400 validation_failed in the request\'s language', async () => {
    const bad = async (query: string, field: string) => {
      const res = await get(`/public/map/markers?${query}`, { 'Accept-Language': 'ar' });
      expect(res.status, query).toBe(400);
      expect(res.body.error.code, query).toBe('validation_failed');
      expect(res.body.error.message, query).toBe('بعض الحقول غير صالحة.');
      expect(res.body.error.fields, query).toHaveProperty(field);
    };
    await bad('bbox=1,2,3&zoom=5', 'bbox');
    await bad('bbox=a,b,c,d&zoom=5', 'bbox');
    await bad('bbox=-141,-39,-139,-41&zoom=5', 'bbox'); // south > north
    await bad('bbox=-181,-41,-139,-39&zoom=5', 'bbox');
    await bad('bbox=-141,-91,-139,-39&zoom=5', 'bbox');
    await bad(`bbox=${ISLAND_BBOX}&zoom=23`, 'zoom');
    await bad(`bbox=${ISLAND_BBOX}&zoom=-1`, 'zoom');
    await bad(`bbox=${ISLAND_BBOX}&zoom=2.5`, 'zoom');
    await bad(`bbox=${ISLAND_BBOX}`, 'zoom');
    await bad('zoom=5', 'bbox');
    const en = await get('/public/map/markers?bbox=nope&zoom=5');
    expect(en.body.error.message).toBe('Some fields are invalid.');
  });
});
