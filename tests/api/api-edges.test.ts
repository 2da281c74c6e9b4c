import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSql, testApp } from '../helpers/api.ts';
import { adminAndUser, caller, tag } from '../helpers/admin-api.ts';

/**
 * Edges found by third-party tooling (issue 19): filtered searches past the 1 000-result window,
 * display orders at the integer maximum, and admin access checked before input on moderation.
 */
const sql = ownerSql();
const app = testApp(sql);
const call = caller(app);
let admin: string;
let user: string;
let restaurantsId: number;
afterAll(() => sql.end());
beforeAll(async () => {
  ({ admin, user } = await adminAndUser(sql));
  [{ id: restaurantsId }] = (await sql`select id::int from public.categories where slug = 'restaurants'`) as unknown as { id: number }[];
});

describe('a filtered search past the 1 000-result window', () => {
  // page 85 of 12 starts at position 1 009: past the window, so the page is empty, but the total is the filtered one
  const cases: [string, (page: number) => string, string | null][] = [
    ['categories/{slug}/places', (page) => `/public/categories/restaurants/places?search=a&sort=name-asc&page=${page}`, null],
    ['zones/{slug}/places', (page) => `/public/zones/__ZONE__/places?search=a&sort=name-asc&page=${page}`, null],
    ['places?categorySlug', (page) => `/public/places?categorySlug=restaurants&search=a&sort=name-asc&page=${page}`, null],
    ['admin places?categoryId', (page) => `/admin/places?search=a&sort=newest&page=${page}&categoryId=__CATEGORY__`, 'admin'],
  ];
  it.each(cases)('%s: 200, no rows, the same total as page 1', async (_name, url, who) => {
    const [zone] = await sql<{ slug: string }[]>`select z.slug from public.zones z order by (select count(*) from public.places p where p.zone_id = z.id) desc limit 1`;
    const path = (page: number) => url(page).replace('__ZONE__', zone!.slug).replace('__CATEGORY__', String(restaurantsId));
    const token = who === 'admin' ? admin : undefined;
    const first = await call('GET', path(1), { token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.meta.total).toBeGreaterThan(0);
    const past = await call('GET', path(100), { token });
    expect(past.status, JSON.stringify(past.body)).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.total).toBe(first.body.meta.total);
    expect(past.body.meta.nextCursor ?? null).toBeNull();
  });
});

describe('display order at the integer maximum', () => {
  const INT_MAX = 2147483647;
  it('a zone after one at order 2147483647 is created (201) and listed after it', async () => {
    const a = await call('POST', '/admin/zones', { token: admin, body: { title: `Zone ${tag()}`, order: INT_MAX } });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    const b = await call('POST', '/admin/zones', { token: admin, body: { title: `Zone ${tag()}` } });
    try {
      expect(b.status, JSON.stringify(b.body)).toBe(201);
      expect(b.body.data.order).toBe(INT_MAX);
      const ids = (await call('GET', '/admin/zones', { token: admin })).body.data.map((z: any) => z.id);
      expect(ids.indexOf(b.body.data.id)).toBeGreaterThan(ids.indexOf(a.body.data.id));
    } finally {
      for (const z of [a, b]) if (z.body.data?.id) await sql`delete from public.zones where id = ${z.body.data.id}`;
    }
  });

  it('a building after one at order 2147483647 is created (201) and listed last in its zone', async () => {
    const zone = await call('POST', '/admin/zones', { token: admin, body: { title: `Zone ${tag()}` } }); // zone orders are distinct: it goes last
    try {
      const zoneId = zone.body.data.id;
      const a = await call('POST', `/admin/zones/${zoneId}/buildings`, { token: admin, body: { name: `Building ${tag()}`, order: INT_MAX } });
      expect(a.status, JSON.stringify(a.body)).toBe(201);
      const b = await call('POST', `/admin/zones/${zoneId}/buildings`, { token: admin, body: { name: `Building ${tag()}` } });
      expect(b.status, JSON.stringify(b.body)).toBe(201);
      const list = (await call('GET', `/admin/zones/${zoneId}/buildings`, { token: admin })).body.data.map((x: any) => x.id);
      expect(list).toEqual([a.body.data.id, b.body.data.id]);
    } finally {
      await sql`delete from public.zones where id = ${zone.body.data.id}`;
    }
  });

  it('an order beyond the integer range is refused with the field named', async () => {
    const res = await call('POST', '/admin/zones', { token: admin, body: { title: `Zone ${tag()}`, order: INT_MAX + 1 } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(['order']);
  });
});

describe('moderation: access before input', () => {
  const requests: [string, string, unknown][] = [
    ['GET', '/admin/place-requests?type=bogus&page=0', undefined],
    ['GET', '/admin/place-requests/not-an-id', undefined],
    ['POST', '/admin/place-requests/not-an-id/approve', undefined],
    ['POST', '/admin/place-requests/not-an-id/reject', { reason: '' }],
    ['POST', '/admin/place-requests/approve-all', { type: 'bogus' }],
  ];
  it.each(requests)('%s %s: 401 anonymous, 403 signed-in non-admin, 400 admin', async (method, path, body) => {
    expect((await call(method, path, { body })).status).toBe(401);
    const asUser = await call(method, path, { token: user, body });
    expect(asUser.status, JSON.stringify(asUser.body)).toBe(403);
    expect(asUser.body.error.code).toBe('forbidden');
    expect((await call(method, path, { token: admin, body })).status).toBe(400);
  });
});
