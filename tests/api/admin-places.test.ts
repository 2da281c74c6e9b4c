import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSql, testApp } from '../helpers/api.ts';
import { adminAndUser, caller, tag } from '../helpers/admin-api.ts';

const sql = ownerSql();
const app = testApp(sql);
const call = caller(app);
let admin: string;
let cafes: number;
let restaurants: number;
let zoneId: number;
let otherZoneId: number;
let buildingId: number;
afterAll(() => sql.end());
beforeAll(async () => {
  ({ admin } = await adminAndUser(sql));
  const ids = await sql<{ slug: string; id: number }[]>`select slug, id::int from public.categories where slug in ('cafes', 'restaurants')`;
  cafes = ids.find((r) => r.slug === 'cafes')!.id;
  restaurants = ids.find((r) => r.slug === 'restaurants')!.id;
  const zone = (await call('POST', '/admin/zones', { token: admin, body: { title: `Places Zone ${tag()}` } })).body.data;
  const other = (await call('POST', '/admin/zones', { token: admin, body: { title: `Other Zone ${tag()}` } })).body.data;
  zoneId = zone.id;
  otherZoneId = other.id;
  buildingId = (await call('POST', `/admin/zones/${zoneId}/buildings`, { token: admin, body: { name: 'Plaza Tower' } })).body.data.id;
});

const FULL = () => ({
  name: `Full Place ${tag()}`,
  nameAr: 'مكان كامل',
  logoUrl: '/uploads/places/logo.png',
  address: ' King Fahd Road ',
  addressAr: 'طريق الملك فهد',
  phone: '+966 (11) 123-4567',
  whatsapp: '0500000000',
  websiteUrl: 'https://full.example',
  mapUrl: 'https://maps.example/full',
  managerName: 'Sara',
  managerNameAr: 'سارة',
  managerPhone: '+966500000001',
  details: { description: 'Open late', imageUrl: 'https://img.example/a.jpg', youtubeUrl: 'https://www.youtube.com/watch?v=abcdef' },
});

describe('POST /admin/places', () => {
  it('creates a place with every field (trimmed), slug from the name, answers the full place', async () => {
    const body = { ...FULL(), categoryId: cafes, zoneId, buildingId };
    const res = await call('POST', '/admin/places', { token: admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const place = res.body.data;
    expect(place).toMatchObject({
      name: body.name, nameAr: 'مكان كامل', slug: body.name.toLowerCase().replace(/ /g, '-'), categoryId: cafes, zoneId, buildingId,
      address: 'King Fahd Road', phone: '+966 (11) 123-4567', managerName: 'Sara', managerNameAr: 'سارة', managerPhone: '+966500000001',
      details: { description: 'Open late', imageUrl: 'https://img.example/a.jpg', youtubeUrl: 'https://www.youtube.com/watch?v=abcdef' },
      category: { id: cafes, slug: 'cafes' }, zone: { id: zoneId }, building: { id: buildingId, name: 'Plaza Tower' },
    });
    const [row] = await sql`select owner_id, address from public.places where id = ${place.id}`;
    expect(row).toEqual({ owner_id: null, address: 'King Fahd Road' });
    const again = await call('POST', '/admin/places', { token: admin, body: { name: body.name, categoryId: cafes } });
    expect(again.body.data.slug).toBe(`${place.slug}-2`);
  });

  it('stores empty optional fields as null; a building alone puts the place in its zone', async () => {
    const res = await call('POST', '/admin/places', {
      token: admin,
      body: { name: `Sparse ${tag()}`, categoryId: cafes, nameAr: '', phone: '', websiteUrl: '', details: { description: '', imageUrl: '' }, buildingId },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ nameAr: null, phone: null, websiteUrl: null, zoneId, buildingId, details: { description: null, imageUrl: null, youtubeUrl: null } });
  });

  it('validates with the shared form rules and messages, and checks the category, zone and building', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Name is required'],
      [{ categoryId: 0 }, 'categoryId', 'select category'],
      [{ categoryId: undefined }, 'categoryId', 'select category'],
      [{ phone: '12345' }, 'phone', 'Invalid phone'],
      [{ whatsapp: '+12 abc 456' }, 'whatsapp', 'Invalid phone'],
      [{ managerPhone: '1'.repeat(21) }, 'managerPhone', 'Invalid phone'],
      [{ websiteUrl: 'www.example.com' }, 'websiteUrl', 'invalid URL'],
      [{ mapUrl: '/uploads/x.png' }, 'mapUrl', 'invalid URL'],
      [{ logoUrl: 'logo.png' }, 'logoUrl', 'invalid URL'],
      [{ details: { imageUrl: 'ftp://x/y' } }, 'details.imageUrl', 'invalid URL'],
      [{ details: { youtubeUrl: 'youtube.com/watch' } }, 'details.youtubeUrl', 'invalid URL'],
      [{ slug: 'Bad Slug' }, 'slug', 'invalid slug'],
      [{ categoryId: 999999999 }, 'categoryId', 'select category'],
      [{ zoneId: 999999999 }, 'zoneId', 'invalid id'],
      [{ buildingId: 999999999 }, 'buildingId', 'invalid id'],
      [{ zoneId: 'x' }, 'zoneId', 'invalid id'],
    ];
    // a name of this test's own: other test files add places to the same database meanwhile
    const name = `Refused ${tag()}`;
    for (const [patch, field, message] of cases) {
      const res = await call('POST', '/admin/places', { token: admin, body: { name, categoryId: cafes, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.error.fields[field], JSON.stringify(patch)).toContain(message);
    }
    const mismatch = await call('POST', '/admin/places', { token: admin, body: { name, categoryId: cafes, zoneId: otherZoneId, buildingId } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.fields.buildingId).toEqual(['Building is not in this zone']);
    expect((await sql`select count(*)::int as n from public.places where name = ${name}`)[0].n).toBe(0); // none stored
  });

  it('takes an explicit slug; a taken slug is 409', async () => {
    const slug = tag('placeslug-');
    expect((await call('POST', '/admin/places', { token: admin, body: { name: 'Explicit', categoryId: cafes, slug } })).body.data.slug).toBe(slug);
    const dup = await call('POST', '/admin/places', { token: admin, body: { name: 'Explicit 2', categoryId: cafes, slug } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('slug_taken');
  });
});

describe('GET /admin/places', () => {
  it('filters by category and zone, searches, and pages with meta {page, limit, total}', async () => {
    const word = tag('zq');
    for (let i = 0; i < 3; i++) {
      await call('POST', '/admin/places', { token: admin, body: { name: `${word} Cafe ${i}`, categoryId: cafes, zoneId } });
    }
    await call('POST', '/admin/places', { token: admin, body: { name: `${word} Grill`, categoryId: restaurants, zoneId } });
    const inZone = await call('GET', `/admin/places?zoneId=${zoneId}&categoryId=${cafes}&limit=100`, { token: admin });
    expect(inZone.status).toBe(200);
    for (const p of inZone.body.data) expect([p.zone.id, p.category.id]).toEqual([zoneId, cafes]);
    expect(inZone.body.meta).toMatchObject({ page: 1, limit: 100, total: inZone.body.data.length });
    const searched = await call('GET', `/admin/places?search=${word}&limit=2&page=1`, { token: admin });
    expect(searched.body.meta).toMatchObject({ page: 1, limit: 2, total: 4 });
    expect(searched.body.data).toHaveLength(2);
    const page2 = await call('GET', `/admin/places?search=${word}&limit=2&page=2`, { token: admin });
    expect(page2.body.data).toHaveLength(2);
    const seen = [...searched.body.data, ...page2.body.data].map((p: any) => p.id);
    expect(new Set(seen).size).toBe(4);
    const grill = await call('GET', `/admin/places?search=${word}&categoryId=${restaurants}`, { token: admin });
    expect(grill.body.data.map((p: any) => p.name)).toEqual([`${word} Grill`]);
    const all = await call('GET', '/admin/places', { token: admin });
    expect(all.body.meta.limit).toBe(12);
    expect(all.body.meta.total).toBeGreaterThan(1000);
    for (const q of ['page=0', 'limit=101', 'categoryId=abc', 'zoneId=-1', 'sort=up']) {
      expect((await call('GET', `/admin/places?${q}`, { token: admin })).status, q).toBe(400);
    }
  });
});

describe('GET/PUT/DELETE /admin/places/{id}', () => {
  it('reads one place; 404 unknown; 400 bad id', async () => {
    const made = (await call('POST', '/admin/places', { token: admin, body: { ...FULL(), categoryId: cafes } })).body.data;
    const res = await call('GET', `/admin/places/${made.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(made);
    expect((await call('GET', '/admin/places/999999999', { token: admin })).body.error.code).toBe('place_not_found');
    expect((await call('GET', '/admin/places/x1', { token: admin })).status).toBe(400);
  });

  it('updates given fields, clears with null or "", keeps the slug on rename unless set', async () => {
    const made = (await call('POST', '/admin/places', { token: admin, body: { ...FULL(), categoryId: cafes, zoneId, buildingId } })).body.data;
    const res = await call('PUT', `/admin/places/${made.id}`, {
      token: admin, body: { name: 'Renamed Place', phone: null, websiteUrl: '', categoryId: restaurants, details: { description: 'New text' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Renamed Place', slug: made.slug, phone: null, websiteUrl: null, categoryId: restaurants, nameAr: 'مكان كامل',
      details: { description: 'New text', imageUrl: 'https://img.example/a.jpg' }, zoneId, buildingId,
    });
    const cleared = await call('PUT', `/admin/places/${made.id}`, { token: admin, body: { details: null } });
    expect(cleared.body.data.details).toEqual({ description: null, imageUrl: null, youtubeUrl: null });
    // moving to another zone drops the building of the old zone
    const moved = await call('PUT', `/admin/places/${made.id}`, { token: admin, body: { zoneId: otherZoneId } });
    expect(moved.body.data).toMatchObject({ zoneId: otherZoneId, buildingId: null });
    const slug = tag('ps-');
    expect((await call('PUT', `/admin/places/${made.id}`, { token: admin, body: { slug } })).body.data.slug).toBe(slug);
    const other = (await call('POST', '/admin/places', { token: admin, body: { name: 'Other', categoryId: cafes } })).body.data;
    const taken = await call('PUT', `/admin/places/${other.id}`, { token: admin, body: { slug } });
    expect(taken.status).toBe(409);
    for (const body of [{ name: '' }, { name: null }, { categoryId: null }, { phone: 'abc' }, { categoryId: 999999999 }]) {
      const bad = await call('PUT', `/admin/places/${made.id}`, { token: admin, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PUT', '/admin/places/999999999', { token: admin, body: { name: 'X' } })).status).toBe(404);
    const [row] = await sql`select name, slug from public.places where id = ${made.id}`;
    expect(row).toEqual({ name: 'Renamed Place', slug });
  });

  it('deletes a place', async () => {
    const made = (await call('POST', '/admin/places', { token: admin, body: { name: `Delete me ${tag()}`, categoryId: cafes } })).body.data;
    const res = await call('DELETE', `/admin/places/${made.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: made.id });
    expect(await sql`select 1 from public.places where id = ${made.id}`).toHaveLength(0);
    expect((await call('DELETE', `/admin/places/${made.id}`, { token: admin })).status).toBe(404);
  });
});
