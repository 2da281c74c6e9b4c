import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSql, testApp } from '../helpers/api.ts';
import { caller } from '../helpers/admin-api.ts';

const sql = ownerSql();
const app = testApp(sql);
const ZONE = 'near-me-test-zone';
const CATEGORY = 'near-me-test-category';

const call = caller(app);
const get = (path: string, headers: Record<string, string> = {}) => call('GET', path, { headers });

/** Great-circle distance in metres (haversine, mean earth radius), to check the server's figures. */
function haversine(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const a = Math.sin(r(lat2 - lat1) / 2) ** 2 + Math.cos(r(lat1)) * Math.cos(r(lat2)) * Math.sin(r(lng2 - lng1) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(a));
}

const NEAR = { lat: 24.7, lng: 46.7 };
// inserted in an order that is neither the name order nor the distance order
const PLACES = [
  { slug: 'near-me-test-c', name: 'Alpha far', lat: 24.7, lng: 46.72 },
  { slug: 'near-me-test-none', name: 'Aardvark nowhere', lat: null, lng: null },
  { slug: 'near-me-test-a', name: 'Zulu here', lat: 24.7, lng: 46.7 },
  { slug: 'near-me-test-d', name: 'Beta other city', lat: 21.4858, lng: 39.1925 },
  { slug: 'near-me-test-b', name: 'Mike near', lat: 24.71, lng: 46.7 },
];

beforeAll(async () => {
  const [zone] = await sql`insert into public.zones (slug, title, sort_order) values (${ZONE}, 'Near Me Test Zone', 9998) returning id`;
  const [category] = await sql`insert into public.categories (slug, name) values (${CATEGORY}, 'Near Me Test Category') returning id`;
  const [cafes] = await sql`select id from public.categories where slug = 'cafes'`;
  for (const [i, p] of PLACES.entries()) {
    await sql`insert into public.places (slug, name, category_id, zone_id, latitude, longitude)
              values (${p.slug}, ${p.name}, ${i % 2 === 0 ? category.id : cafes.id}, ${zone.id}, ${p.lat}, ${p.lng})`;
  }
});

afterAll(async () => {
  await sql`delete from public.places where slug like 'near-me-test-%'`;
  await sql`delete from public.zones where slug = ${ZONE}`;
  await sql`delete from public.categories where slug = ${CATEGORY}`;
  await sql.end();
});

describe('sort=distance&near=<lat>,<lng> on place lists', () => {
  it('orders a zone\'s places nearest first with whole-metre distanceM; places without coordinates last', async () => {
    const { status, body } = await get(`/public/zones/${ZONE}/places?sort=distance&near=${NEAR.lat},${NEAR.lng}`);
    expect(status).toBe(200);
    expect(body.data.map((p: any) => p.slug)).toEqual(['near-me-test-a', 'near-me-test-b', 'near-me-test-c', 'near-me-test-d', 'near-me-test-none']);
    expect(body.meta.total).toBe(5);
    for (const item of body.data) {
      const p = PLACES.find((x) => x.slug === item.slug)!;
      if (p.lat == null) {
        expect(item.distanceM).toBeNull();
      } else {
        expect(Number.isInteger(item.distanceM)).toBe(true);
        expect(Math.abs(item.distanceM - haversine(NEAR.lat, NEAR.lng, p.lat, p.lng!))).toBeLessThanOrEqual(1);
      }
    }
    expect(body.data[0].distanceM).toBe(0);
    expect(body.data[1].distanceM).toBe(1112); // 0.01° of latitude
    expect(body.data[3].distanceM).toBeGreaterThan(840_000); // Riyadh – Jeddah
  });

  it('combines with the category filter, search and paging (places list)', async () => {
    const near = `${NEAR.lat},${NEAR.lng}`;
    const both = await get(`/public/places?zoneSlug=${ZONE}&categorySlug=${CATEGORY}&sort=distance&near=${near}`);
    expect(both.status).toBe(200);
    expect(both.body.data.map((p: any) => p.slug)).toEqual(['near-me-test-a', 'near-me-test-b', 'near-me-test-c']);
    const category = await get(`/public/categories/${CATEGORY}/places?sort=distance&near=${near}`);
    expect(category.body.data.map((p: any) => p.slug)).toEqual(['near-me-test-a', 'near-me-test-b', 'near-me-test-c']);
    const search = await get(`/public/places?zoneSlug=${ZONE}&search=mike&sort=distance&near=${near}`);
    expect(search.status).toBe(200);
    expect(search.body.data.map((p: any) => p.slug)).toEqual(['near-me-test-b']);
    const page2 = await get(`/public/places?zoneSlug=${ZONE}&sort=distance&near=${near}&limit=2&page=2`);
    expect(page2.body.data.map((p: any) => p.slug)).toEqual(['near-me-test-c', 'near-me-test-d']);
    expect(page2.body.meta).toMatchObject({ page: 2, limit: 2, total: 5, nextCursor: null });
  });

  it('leaves distanceM out of lists not sorted by distance', async () => {
    const { body } = await get(`/public/zones/${ZONE}/places`);
    expect(body.data.length).toBe(5);
    for (const item of body.data) expect(item).not.toHaveProperty('distanceM');
  });

  it.each([
    ['sort=distance', 'near'],
    ['sort=distance&near=abc', 'near'],
    ['sort=distance&near=91,46', 'near'],
    ['sort=distance&near=24.7,181', 'near'],
    ['sort=distance&near=24.7', 'near'],
    ['sort=distance&near=24.7,46.7,3', 'near'],
    ['sort=nearest&near=24.7,46.7', 'sort'],
  ])('answers 400 validation_failed in the request\'s language for %s', async (query, field) => {
    for (const path of ['/public/places', `/public/zones/${ZONE}/places`, `/public/categories/${CATEGORY}/places`]) {
      const en = await get(`${path}?${query}`);
      expect(en.status).toBe(400);
      expect(en.body.error.code).toBe('validation_failed');
      expect(Object.keys(en.body.error.fields)).toContain(field);
      const ar = await get(`${path}?${query}`, { 'accept-language': 'ar' });
      expect(ar.status).toBe(400);
      expect(ar.body.error.message).toBe('بعض الحقول غير صالحة.');
    }
  });

  it('refuses a cursor with sort=distance (distance lists page by number)', async () => {
    const first = await get(`/public/zones/${ZONE}/places?limit=2`);
    const { status, body } = await get(`/public/zones/${ZONE}/places?sort=distance&near=24.7,46.7&cursor=${first.body.meta.nextCursor}`);
    expect(status).toBe(400);
    expect(body.error.fields).toHaveProperty('cursor');
  });

  it('is served by the GiST index on the places\' unit vectors', async () => {
    await sql`set enable_seqscan = off`;
    const plan = await sql.unsafe(`explain select id from public.places p order by
      case when p.latitude is not null and p.longitude is not null then extensions.cube(array[cos(radians(p.latitude)) * cos(radians(p.longitude)), cos(radians(p.latitude)) * sin(radians(p.longitude)), sin(radians(p.latitude))]::double precision[]) end
      operator(extensions.<->) extensions.cube(array[0.5, 0.5, 0.5]::double precision[]) limit 5`);
    await sql`reset enable_seqscan`;
    expect(plan.map((r: any) => r['QUERY PLAN']).join('\n')).toContain('places_unit_vector_idx');
  });
});

describe('Permissions-Policy', () => {
  it('allows geolocation to the site itself only (Near me), keeps camera off', async () => {
    const res = await app.request('/api/public/places?limit=1');
    const policy = res.headers.get('permissions-policy') ?? '';
    expect(policy).toContain('geolocation=(self)');
    expect(policy).toContain('camera=()');
  });
});
