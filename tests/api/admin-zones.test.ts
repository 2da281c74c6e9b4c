import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSql, testApp } from '../helpers/api.ts';
import { adminAndUser, caller, tag, type Call } from '../helpers/admin-api.ts';

const sql = ownerSql();
const app = testApp(sql);
const call = caller(app);
let admin: string;
let categoryId: number;
afterAll(() => sql.end());
beforeAll(async () => {
  ({ admin } = await adminAndUser(sql));
  [{ id: categoryId }] = (await sql`select id::int from public.categories where slug = 'restaurants'`) as unknown as { id: number }[];
});

const newZone = async (body: Record<string, unknown> = {}) => {
  const res = await call('POST', '/admin/zones', { token: admin, body: { title: `Zone ${tag()}`, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
};
const newBuilding = async (zoneId: number, body: Record<string, unknown> = {}) => {
  const res = await call('POST', `/admin/zones/${zoneId}/buildings`, { token: admin, body: { name: `Building ${tag()}`, ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
};
const zoneOrders = async () =>
  (await sql<{ id: number; sort_order: number }[]>`select id::int, sort_order from public.zones order by id`).map((r) => [r.id, r.sort_order]);
const buildingOrders = async (zoneId: number) =>
  (await sql<{ id: number; sort_order: number }[]>`select id::int, sort_order from public.buildings where zone_id = ${zoneId} order by id`)
    .map((r) => [r.id, r.sort_order]);

/**
 * Reorders every zone: the order is built from the current list, so a zone created or deleted by a
 * test file running in parallel between the read and the write makes the server refuse it (set
 * mismatch, 400); then the list is read again (at most 5 times).
 */
async function reorderAllZones(arrange: (ids: number[]) => number[]): Promise<{ res: Call; ids: number[] }> {
  for (let attempt = 1; ; attempt++) {
    const ids = (await call('GET', '/admin/zones', { token: admin })).body.data.map((z: any) => z.id);
    const wanted = arrange(ids);
    const res = await call('PUT', '/admin/zones/reorder', { token: admin, body: { order: wanted.map((id, i) => ({ id, order: i + 1 })) } });
    const raced = res.status === 400 && /Every zone|Unknown zone/.test(res.body.error?.fields?.order?.[0] ?? '');
    if (!raced || attempt === 5) return { res, ids: wanted };
  }
}

describe('zones', () => {
  it('creates a zone with every field; slug from the title; order appended when absent; Arabic title; null for empty fields', async () => {
    // A made-up district: real names would compete with the real dataset in the search relevance suite.
    const title = `Testabad ${tag()}`;
    const res = await call('POST', '/admin/zones', {
      token: admin,
      body: {
        title, titleAr: 'تست آباد', description: 'Business district', descriptionAr: '', locationUrl: 'https://maps.example/olaya',
        latitude: 24.69, longitude: 46.68,
      },
    });
    expect(res.status).toBe(201);
    const zone = res.body.data;
    expect(zone).toMatchObject({
      title, titleAr: 'تست آباد', slug: title.toLowerCase().replace(' ', '-'), description: 'Business district', descriptionAr: null,
      locationUrl: 'https://maps.example/olaya', latitude: 24.69, longitude: 46.68, buildingsCount: 0, placesCount: 0,
    });
    const [{ max }] = await sql`select max(sort_order) as max from public.zones where id <> ${zone.id}`;
    expect(zone.order).toBeGreaterThan(max);
    // order numbers are distinct (as the reorder rules): pick numbers no seeded zone has
    const free = 900_000 + Math.floor(Math.random() * 90_000);
    const explicit = await newZone({ order: free, slug: tag('z-') });
    expect(explicit.order).toBe(free);
    const again = await call('POST', '/admin/zones', { token: admin, body: { title, order: free + 1 } });
    expect(again.body.data.slug).toBe(`${zone.slug}-2`);
  });

  it('validates: title required, order an integer, location URL with protocol; duplicate slug 409', async () => {
    const cases: [unknown, string, string][] = [
      [{ title: '' }, 'title', 'Title is required'],
      [{ title: 'X', order: 1.5 }, 'order', 'Order must be an integer'],
      [{ title: 'X', order: '2' }, 'order', 'Order must be an integer'],
      [{ title: 'X', locationUrl: 'maps.example/x' }, 'locationUrl', 'invalid URL'],
      [{ title: 'X', locationUrl: '/uploads/zones/x.png' }, 'locationUrl', 'invalid URL'],
      [{ title: 'X', latitude: 91 }, 'latitude', 'invalid coordinate'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/admin/zones', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.fields[field], JSON.stringify(body)).toContain(message);
    }
    const zone = await newZone();
    const dup = await call('POST', '/admin/zones', { token: admin, body: { title: 'Other', slug: zone.slug } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('slug_taken');
  });

  it('GET /admin/zones lists every zone in order; GET /admin/zones/{id} has its buildings in order', async () => {
    const zone = await newZone();
    const b1 = await newBuilding(zone.id, { name: 'Tower A' });
    const b2 = await newBuilding(zone.id, { name: 'Tower B', order: 0 });
    const list = await call('GET', '/admin/zones', { token: admin });
    expect(list.status).toBe(200);
    const orders = list.body.data.map((z: any) => [z.order, z.id]);
    expect(orders).toEqual([...orders].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    expect(list.body.data.find((z: any) => z.id === zone.id).buildingsCount).toBe(2);
    const one = await call('GET', `/admin/zones/${zone.id}`, { token: admin });
    expect(one.status).toBe(200);
    expect(one.body.data.buildings.map((b: any) => b.id)).toEqual([b2.id, b1.id]);
    expect((await call('GET', '/admin/zones/999999999', { token: admin })).status).toBe(404);
    expect((await call('GET', '/admin/zones/abc', { token: admin })).status).toBe(400);
  });

  it('PUT /admin/zones/{id} updates given fields, keeps the slug unless set, clears with null', async () => {
    const zone = await newZone({ titleAr: 'قديم', locationUrl: 'https://maps.example/a' });
    const order = 800_000 + Math.floor(Math.random() * 90_000);
    const res = await call('PUT', `/admin/zones/${zone.id}`, { token: admin, body: { title: 'Renamed Zone', order, locationUrl: null } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: zone.id, title: 'Renamed Zone', slug: zone.slug, order, locationUrl: null, titleAr: 'قديم' });
    const slug = tag('zs-');
    expect((await call('PUT', `/admin/zones/${zone.id}`, { token: admin, body: { slug } })).body.data.slug).toBe(slug);
    const other = await newZone();
    expect((await call('PUT', `/admin/zones/${other.id}`, { token: admin, body: { slug } })).status).toBe(409);
    expect((await call('PUT', '/admin/zones/999999999', { token: admin, body: { title: 'X' } })).status).toBe(404);
    expect((await call('PUT', `/admin/zones/${zone.id}`, { token: admin, body: { order: 'first' } })).status).toBe(400);
  });

  it('DELETE /admin/zones/{id} deletes its buildings, leaves its places without zone and building, and says how many', async () => {
    const zone = await newZone();
    const building = await newBuilding(zone.id);
    const slugs = [tag('zp-'), tag('zp-'), tag('zp-')];
    await sql`insert into public.places (slug, name, category_id, zone_id, building_id)
              values (${slugs[0]}, 'In zone 1', ${categoryId}, ${zone.id}, ${building.id}),
                     (${slugs[1]}, 'In zone 2', ${categoryId}, ${zone.id}, null),
                     (${slugs[2]}, 'Elsewhere', ${categoryId}, null, null)`;
    const res = await call('DELETE', `/admin/zones/${zone.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: zone.id, detachedPlaces: 2, deletedBuildings: 1 });
    expect(await sql`select 1 from public.zones where id = ${zone.id}`).toHaveLength(0);
    expect(await sql`select 1 from public.buildings where id = ${building.id}`).toHaveLength(0);
    const places = await sql`select slug, zone_id, building_id from public.places where slug in ${sql(slugs)} order by name`;
    expect(places.map((p) => [p.zone_id, p.building_id])).toEqual([[null, null], [null, null], [null, null]]);
    expect((await call('DELETE', `/admin/zones/${zone.id}`, { token: admin })).status).toBe(404);
  });
});

describe('PUT /admin/zones/reorder', () => {
  it('applies a new order of every zone (1…n) and answers the zones in it', async () => {
    const before = await zoneOrders();
    try {
      const { res, ids } = await reorderAllZones((ids) => [...ids].reverse());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.map((z: any) => z.id)).toEqual(ids);
      expect(res.body.data.map((z: any) => z.order)).toEqual(ids.map((_, i) => i + 1));
      const stored = new Map((await zoneOrders()).map(([id, order]) => [id, order]));
      ids.forEach((id, i) => expect(stored.get(id)).toBe(i + 1));
    } finally {
      // put the seeded order back for other tests
      for (const [id, order] of before) await sql`update public.zones set sort_order = ${order} where id = ${id}`;
    }
  });

  it('refuses a missing, duplicate or foreign id and orders not 1…n with 400 invalid_order, changing nothing', async () => {
    const ids: number[] = (await call('GET', '/admin/zones', { token: admin })).body.data.map((z: any) => z.id);
    const gone = await newZone();
    await call('DELETE', `/admin/zones/${gone.id}`, { token: admin });
    const full = ids.map((id, i) => ({ id, order: i + 1 }));
    const cases: [string, unknown, string][] = [
      ['missing id', full.slice(1).map((e, i) => ({ id: e.id, order: i + 1 })), 'Every zone must be in the order'],
      ['duplicate id', [...full.slice(0, -1), { id: full[0].id, order: full.length }], 'Each id may appear only once'],
      ['foreign id', [...full, { id: gone.id, order: full.length + 1 }], 'Unknown zone id'],
      ['order from 0', full.map((e) => ({ ...e, order: e.order - 1 })), 'Orders must be 1, 2, 3… without gaps or repeats'],
      ['order from 2', full.map((e) => ({ ...e, order: e.order + 1 })), 'Orders must be 1, 2, 3… without gaps or repeats'],
      ['repeated order', full.map((e, i) => ({ ...e, order: i === 1 ? 1 : e.order })), 'Orders must be 1, 2, 3… without gaps or repeats'],
      ['not a list', { id: 1 }, 'Send order as a list of {id, order}'],
      ['text order', full.map((e) => ({ ...e, order: String(e.order) })), 'Send order as a list of {id, order}'],
    ];
    for (const [name, order, message] of cases) {
      const before = await zoneOrders();
      const res = await call('PUT', '/admin/zones/reorder', { token: admin, body: { order } });
      expect(res.status, name).toBe(400);
      if (message) expect(Object.values(res.body.error.fields).flat(), name).toContain(message);
      expect(await zoneOrders(), name).toEqual(before);
    }
    const missing = await call('PUT', '/admin/zones/reorder', { token: admin, body: {} });
    expect(missing.status).toBe(400);
  });

  it('is atomic in the database function too: a refused order leaves every zone as it was', async () => {
    const ids = (await sql<{ id: number }[]>`select id::int from public.zones order by id`).map((r) => r.id);
    const before = await zoneOrders();
    const claims = JSON.stringify({ role: 'authenticated', sub: '00000000-0000-0000-0000-000000000001', app_metadata: { role: 'admin' } });
    // a valid permutation of all zones but one, plus an unknown id: the set check fails after parsing
    const order = [...ids.slice(1), 987654321].map((id, i) => ({ id, order: ids.length - i }));
    const error = await sql.begin(async (tx) => {
      await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${claims}, true)`;
      await tx`select public.reorder_zones(${tx.json(order)})`;
    }).then(() => null, (e) => e);
    expect(error?.code).toBe('22023');
    expect(await zoneOrders()).toEqual(before);
    // and a non-admin cannot call it at all
    const userClaims = JSON.stringify({ role: 'authenticated', sub: '00000000-0000-0000-0000-000000000002', app_metadata: {} });
    const denied = await sql.begin(async (tx) => {
      await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${userClaims}, true)`;
      await tx`select public.reorder_zones(${tx.json(ids.map((id, i) => ({ id, order: i + 1 })))})`;
    }).then(() => null, (e) => e);
    expect(denied?.code).toBe('42501');
    expect(await zoneOrders()).toEqual(before);
  });
});

describe('buildings', () => {
  it('creates buildings in a zone (slug unique within the zone, order appended) and lists them', async () => {
    const zone = await newZone();
    const other = await newZone();
    const a = await newBuilding(zone.id, {
      name: 'Crystal Tower', nameAr: 'برج الكريستال', number: '7', description: 'Offices', mapUrl: 'https://maps.example/ct', hasDetails: true,
    });
    expect(a).toMatchObject({
      zoneId: zone.id, slug: 'crystal-tower', name: 'Crystal Tower', nameAr: 'برج الكريستال', number: '7', description: 'Offices',
      descriptionAr: null, mapUrl: 'https://maps.example/ct', hasDetails: true, order: 1, placesCount: 0,
    });
    const b = await newBuilding(zone.id, { name: 'Crystal Tower', number: '' });
    expect(b).toMatchObject({ slug: 'crystal-tower-2', order: 2, hasDetails: false, number: null });
    const c = await newBuilding(other.id, { name: 'Crystal Tower' });
    expect(c.slug).toBe('crystal-tower');
    const list = await call('GET', `/admin/zones/${zone.id}/buildings`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: any) => x.id)).toEqual([a.id, b.id]);
    expect((await call('GET', '/admin/zones/999999999/buildings', { token: admin })).status).toBe(404);
    const dup = await call('POST', `/admin/zones/${zone.id}/buildings`, { token: admin, body: { name: 'X', slug: 'crystal-tower' } });
    expect(dup.status).toBe(409);
    const noZone = await call('POST', '/admin/zones/999999999/buildings', { token: admin, body: { name: 'X' } });
    expect(noZone.status).toBe(404);
    expect(noZone.body.error.code).toBe('zone_not_found');
    const bad = await call('POST', `/admin/zones/${zone.id}/buildings`, { token: admin, body: { name: ' ', mapUrl: 'nope', hasDetails: 'yes', order: 2.5 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      name: ['Name is required'], mapUrl: ['invalid URL'], hasDetails: ['must be true or false'], order: ['Order must be an integer'],
    });
  });

  it('updates and deletes a building; its places stay without building', async () => {
    const zone = await newZone();
    const b = await newBuilding(zone.id, { name: 'Old Name', number: '1' });
    const res = await call('PUT', `/admin/buildings/${b.id}`, { token: admin, body: { name: 'New Name', number: null, hasDetails: true } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: b.id, zoneId: zone.id, name: 'New Name', slug: b.slug, number: null, hasDetails: true });
    const sibling = await newBuilding(zone.id, { name: 'Sibling' });
    expect((await call('PUT', `/admin/buildings/${b.id}`, { token: admin, body: { slug: sibling.slug } })).status).toBe(409);
    expect((await call('PUT', '/admin/buildings/999999999', { token: admin, body: { name: 'X' } })).status).toBe(404);
    const slug = tag('pb-');
    await sql`insert into public.places (slug, name, category_id, zone_id, building_id) values (${slug}, 'Shop', ${categoryId}, ${zone.id}, ${b.id})`;
    const del = await call('DELETE', `/admin/buildings/${b.id}`, { token: admin });
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ id: b.id, zoneId: zone.id, detachedPlaces: 1 });
    const [place] = await sql`select zone_id::int, building_id from public.places where slug = ${slug}`;
    expect(place).toEqual({ zone_id: zone.id, building_id: null });
    expect((await call('DELETE', `/admin/buildings/${b.id}`, { token: admin })).status).toBe(404);
  });

  it('reorders every building of a zone atomically; refuses missing, duplicate, foreign ids and orders not 1…n', async () => {
    const zone = await newZone();
    const other = await newZone();
    const [a, b, c] = [await newBuilding(zone.id), await newBuilding(zone.id), await newBuilding(zone.id)];
    const foreign = await newBuilding(other.id);
    const ok = await call('PUT', `/admin/zones/${zone.id}/buildings/reorder`, {
      token: admin, body: { order: [{ id: c.id, order: 1 }, { id: a.id, order: 2 }, { id: b.id, order: 3 }] },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.map((x: any) => [x.id, x.order])).toEqual([[c.id, 1], [a.id, 2], [b.id, 3]]);
    const cases: [string, unknown, string][] = [
      ['missing id', [{ id: a.id, order: 1 }, { id: b.id, order: 2 }], 'Every building of the zone must be in the order'],
      ['duplicate id', [{ id: a.id, order: 1 }, { id: a.id, order: 2 }, { id: b.id, order: 3 }], 'Each id may appear only once'],
      ['foreign id', [{ id: a.id, order: 1 }, { id: b.id, order: 2 }, { id: foreign.id, order: 3 }], 'This id is not a building of the zone'],
      ['extra foreign id', [{ id: a.id, order: 1 }, { id: b.id, order: 2 }, { id: c.id, order: 3 }, { id: foreign.id, order: 4 }],
        'This id is not a building of the zone'],
      ['order from 0', [{ id: a.id, order: 0 }, { id: b.id, order: 1 }, { id: c.id, order: 2 }], 'Orders must be 1, 2, 3… without gaps or repeats'],
      ['gap', [{ id: a.id, order: 1 }, { id: b.id, order: 2 }, { id: c.id, order: 4 }], 'Orders must be 1, 2, 3… without gaps or repeats'],
    ];
    for (const [name, order, message] of cases) {
      const before = [await buildingOrders(zone.id), await buildingOrders(other.id)];
      const res = await call('PUT', `/admin/zones/${zone.id}/buildings/reorder`, { token: admin, body: { order } });
      expect(res.status, name).toBe(400);
      if (message) expect(Object.values(res.body.error.fields).flat(), name).toContain(message);
      expect([await buildingOrders(zone.id), await buildingOrders(other.id)], name).toEqual(before);
    }
    const unknownZone = await call('PUT', '/admin/zones/999999999/buildings/reorder', { token: admin, body: { order: [] } });
    expect(unknownZone.status).toBe(404);
    const emptyZone = await newZone();
    expect((await call('PUT', `/admin/zones/${emptyZone.id}/buildings/reorder`, { token: admin, body: { order: [] } })).status).toBe(200);
  });
});
