import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSql, testApp } from '../helpers/api.ts';
import { adminAndUser, caller, tag } from '../helpers/admin-api.ts';

const sql = ownerSql();
const app = testApp(sql);
const call = caller(app);
let admin: string;
let user: string;
const ids = { category: 0, zone: 0, building: 0, place: 0 };
afterAll(() => sql.end());

beforeAll(async () => {
  ({ admin, user } = await adminAndUser(sql));
  const t = tag('acc-');
  [{ id: ids.category }] = await sql`insert into public.categories (slug, name) values (${t}, 'Access Category') returning id::int`;
  [{ id: ids.zone }] = await sql`insert into public.zones (slug, title) values (${t}, 'Access Zone') returning id::int`;
  [{ id: ids.building }] = await sql`insert into public.buildings (zone_id, slug, name) values (${ids.zone}, 'b', 'Access Building') returning id::int`;
  [{ id: ids.place }] = await sql`
    insert into public.places (slug, name, category_id, zone_id, building_id)
    values (${t}, 'Access Place', ${ids.category}, ${ids.zone}, ${ids.building}) returning id::int`;
});

/** Every admin endpoint of this module, with a body that an admin's call would accept. */
const endpoints = (): [string, string, unknown?][] => [
  ['GET', '/admin/categories'],
  ['POST', '/admin/categories', { name: 'Intruder category' }],
  ['PUT', `/admin/categories/${ids.category}`, { name: 'Hacked' }],
  ['DELETE', `/admin/categories/${ids.category}`],
  ['GET', '/admin/zones'],
  ['POST', '/admin/zones', { title: 'Intruder zone' }],
  ['PUT', '/admin/zones/reorder', { order: [{ id: ids.zone, order: 1 }] }],
  ['GET', `/admin/zones/${ids.zone}`],
  ['PUT', `/admin/zones/${ids.zone}`, { title: 'Hacked', order: -5 }],
  ['DELETE', `/admin/zones/${ids.zone}`],
  ['GET', `/admin/zones/${ids.zone}/buildings`],
  ['POST', `/admin/zones/${ids.zone}/buildings`, { name: 'Intruder building' }],
  ['PUT', `/admin/zones/${ids.zone}/buildings/reorder`, { order: [{ id: ids.building, order: 1 }] }],
  ['PUT', `/admin/buildings/${ids.building}`, { name: 'Hacked' }],
  ['DELETE', `/admin/buildings/${ids.building}`],
  ['GET', '/admin/places'],
  ['POST', '/admin/places', { name: 'Intruder place', categoryId: ids.category }],
  ['GET', `/admin/places/${ids.place}`],
  ['PUT', `/admin/places/${ids.place}`, { name: 'Hacked' }],
  ['DELETE', `/admin/places/${ids.place}`],
  ['GET', '/admin/website-settings'],
  ['PUT', '/admin/website-settings', { siteName: 'Hacked' }],
];

/** The rows an intruder could touch, and how many intruder rows exist. */
async function snapshot() {
  return {
    category: await sql`select * from public.categories where id = ${ids.category}`,
    zone: await sql`select * from public.zones where id = ${ids.zone}`,
    building: await sql`select * from public.buildings where id = ${ids.building}`,
    place: await sql`select id, name, slug, category_id, zone_id, building_id, updated_at from public.places where id = ${ids.place}`,
    // (the settings row itself is changed by admin-settings.test.ts running in parallel)
    settings: await sql`select count(*)::int as hacked from public.website_settings where site_name = 'Hacked'`,
    intruders: await sql`select
      (select count(*)::int from public.categories where name like 'Intruder%') as c,
      (select count(*)::int from public.zones where title like 'Intruder%') as z,
      (select count(*)::int from public.buildings where name like 'Intruder%') as b,
      (select count(*)::int from public.places where name like 'Intruder%') as p`,
  };
}

describe('admin endpoints refuse non-admins and change nothing', () => {
  it('anonymous → 401 unauthorized; a malformed or foreign-signed token → 401', async () => {
    const before = await snapshot();
    const forged = `${user.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    for (const token of [null, 'not-a-token', forged]) {
      for (const [method, path, body] of endpoints()) {
        const res = await call(method, path, { token, body });
        expect(res.status, `${method} ${path} ${token ? 'bad token' : 'anon'}`).toBe(401);
        expect(res.body.error.code).toBe('unauthorized');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a signed-in user who is not an admin → 403 forbidden, localised', async () => {
    const before = await snapshot();
    for (const [method, path, body] of endpoints()) {
      const res = await call(method, path, { token: user, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    const ar = await call('DELETE', `/admin/places/${ids.place}`, { token: user, lang: 'ar' });
    expect(ar.body.error.message).toBe('غير مسموح لك بهذا الإجراء.');
    expect(await snapshot()).toEqual(before);
  });

  it('checks the caller before the input: invalid bodies and ids still get 401/403', async () => {
    for (const [token, status] of [[null, 401], [user, 403]] as const) {
      expect((await call('POST', '/admin/categories', { token, body: '{broken' })).status).toBe(status);
      expect((await call('PUT', '/admin/zones/abc', { token, body: { title: '' } })).status).toBe(status);
      expect((await call('GET', '/admin/places?page=-1', { token })).status).toBe(status);
      expect((await call('PUT', '/admin/website-settings', { token, body: { siteName: '' } })).status).toBe(status);
    }
  });

  it('one guard covers every /admin/* operation: moderation and uploads are refused before their input too', async () => {
    for (const [token, status] of [[null, 401], [user, 403]] as const) {
      expect((await call('GET', '/admin/place-requests?page=-1', { token })).status).toBe(status);
      expect((await call('POST', '/admin/place-requests/abc/reject', { token, body: '{broken' })).status).toBe(status);
      expect((await call('POST', '/admin/place-requests/approve-all', { token, body: { type: 'nonsense' } })).status).toBe(status);
      expect((await call('GET', '/admin/auth/verify', { token })).status).toBe(status);
    }
  });

  it('the same calls succeed for an admin (the guard is what refused them)', async () => {
    const get = await call('GET', `/admin/zones/${ids.zone}`, { token: admin });
    expect(get.status).toBe(200);
    expect(get.body.data.buildings.map((b: any) => b.id)).toEqual([ids.building]);
    expect((await call('PUT', `/admin/buildings/${ids.building}`, { token: admin, body: { name: 'Renamed by admin' } })).status).toBe(200);
  });

  it('refuses bodies over the size limit with 413 before parsing', async () => {
    const res = await call('POST', '/admin/categories', { token: admin, body: { name: 'Big', nameAr: 'x'.repeat(300 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('documents every admin path in /api/openapi.json', async () => {
    const res = await call('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining([
      '/api/admin/categories', '/api/admin/categories/{id}', '/api/admin/zones', '/api/admin/zones/reorder', '/api/admin/zones/{id}',
      '/api/admin/zones/{zoneId}/buildings', '/api/admin/zones/{zoneId}/buildings/reorder', '/api/admin/buildings/{id}',
      '/api/admin/places', '/api/admin/places/{id}', '/api/admin/website-settings',
    ]));
  });
});
