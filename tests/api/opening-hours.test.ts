import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNowOf } from '../../src/server/opening-hours-evaluation.ts';
import { createUser, ownerSql, testApp } from '../helpers/api.ts';
import { caller } from '../helpers/admin-api.ts';

/** Issue #15 (opening hours): openingHours/openNow on place objects, and validation on every write path. */

const sql = ownerSql();
const app = testApp(sql);
type User = Awaited<ReturnType<typeof createUser>>;
let user: User;
let admin: User;
let categoryId: number;
const tag = randomUUID().slice(0, 8);

beforeAll(async () => {
  user = await createUser(sql, { name: 'Hours Contributor' });
  admin = await createUser(sql, { role: 'admin' });
  [{ id: categoryId }] = await sql<{ id: number }[]>`select id::int from public.categories where slug = 'cafes'`;
});
afterAll(() => sql.end());

const call = caller(app);

const INVALID = ['banana', 'Mo-Fr 25:00-26:00', '10', 'Mo-We 07:00-01:00; PH unknown'];
/** This file's rows only (its `tag` in the name, or its user's requests): other test files share the database and write meanwhile. */
const count = async (table: 'places' | 'place_requests') => Number((table === 'places'
  ? await sql`select count(*) from public.places where name like ${`%${tag}`}`
  : await sql`select count(*) from public.place_requests where user_id = ${user.id}`)[0].count);

/** Riyadh is UTC+3 all year: `riyadh(2026, 11, 25, 23, 30)` is 25 Nov 2026 23:30 in Riyadh (a Wednesday). */
const riyadh = (y: number, m: number, d: number, h: number, min = 0) => new Date(Date.UTC(y, m - 1, d, h - 3, min));

describe('openNow (evaluated in the city time zone)', () => {
  it('is open across midnight and in the second part of a split day, closed in the gap', () => {
    const late = 'Mo-Su 18:00-02:00';
    expect(openNowOf(late, riyadh(2026, 11, 25, 23, 30))).toBe(true);
    expect(openNowOf(late, riyadh(2026, 11, 26, 1, 30))).toBe(true);
    expect(openNowOf(late, riyadh(2026, 11, 26, 2, 30))).toBe(false);
    const split = 'Mo-Th,Sa-Su 08:30-12:30,16:00-20:30';
    expect(openNowOf(split, riyadh(2026, 11, 25, 9))).toBe(true);
    expect(openNowOf(split, riyadh(2026, 11, 25, 14))).toBe(false);
    expect(openNowOf(split, riyadh(2026, 11, 25, 16, 1))).toBe(true);
    expect(openNowOf(split, riyadh(2026, 11, 27, 10))).toBe(false); // Friday
  });

  it('is true for 24/7 and null for unknown or missing hours', () => {
    expect(openNowOf('24/7', riyadh(2026, 11, 25, 3))).toBe(true);
    expect(openNowOf(null, riyadh(2026, 11, 25, 3))).toBeNull();
    expect(openNowOf('Mo-Su unknown', riyadh(2026, 11, 25, 3))).toBeNull();
  });

  it("reads the clock in the city's zone, not the server's", () => {
    // 21:30 UTC is 00:30 in Riyadh the next day: a place open 00:00-01:00 is open there (wherever the server runs)
    const at = new Date(Date.UTC(2026, 10, 25, 21, 30));
    expect(openNowOf('Mo-Su 00:00-01:00', at, 'Asia/Riyadh')).toBe(true);
    expect(openNowOf('Mo-Su 00:00-01:00', at, 'Europe/London')).toBe(false);
    expect(openNowOf('Mo-Su 21:00-22:00', at, 'Europe/London')).toBe(true);
  });
});

describe('openingHours on place objects and write paths', () => {
  it('admin create stores a valid value exactly as given; details and lists return it with openNow', async () => {
    const name = `Hours Cafe ${tag}`;
    const res = await call('POST', '/admin/places', { headers: admin.authHeader, body: { name, categoryId, openingHours: '24/7' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ openingHours: '24/7', openNow: true });
    const details = await call('GET', `/public/places/${res.body.data.slug}`);
    expect(details.body.data).toMatchObject({ openingHours: '24/7', openNow: true });
    const list = await call('GET', `/public/places?search=${encodeURIComponent(name)}`);
    expect(list.body.data.find((p: any) => p.id === res.body.data.id)).toMatchObject({ openingHours: '24/7', openNow: true });
    const plain = await call('POST', '/admin/places', { headers: admin.authHeader, body: { name: `No Hours ${tag}`, categoryId } });
    expect(plain.body.data).toMatchObject({ openingHours: null, openNow: null });

    const split = 'Mo-Th,Sa-Su 08:30-12:30,16:00-20:30';
    const updated = await call('PUT', `/admin/places/${res.body.data.id}`, { headers: admin.authHeader, body: { openingHours: split } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.openingHours).toBe(split);
    const [row] = await sql`select opening_hours from public.places where id = ${res.body.data.id}`;
    expect(row.opening_hours).toBe(split);
  });

  it('refuses invalid hours on admin create and update with 400 fields.openingHours, storing nothing', async () => {
    const before = await count('places');
    const created = await call('POST', '/admin/places', { headers: admin.authHeader, body: { name: `Kept ${tag}`, categoryId, openingHours: 'Sa-Th 08:00-17:00' } });
    for (const value of INVALID) {
      const res = await call('POST', '/admin/places', { headers: { ...admin.authHeader, 'Accept-Language': 'ar' }, body: { name: `Bad ${tag}`, categoryId, openingHours: value } });
      expect(res.status, value).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.message).toBe('بعض الحقول غير صالحة.');
      expect(res.body.error.fields.openingHours).toEqual(['ساعات العمل غير صالحة']);
      const patch = await call('PUT', `/admin/places/${created.body.data.id}`, { headers: admin.authHeader, body: { openingHours: value } });
      expect(patch.status, value).toBe(400);
      expect(patch.body.error.fields.openingHours).toEqual(['invalid opening hours']);
    }
    expect(await count('places')).toBe(before + 1);
    const [row] = await sql`select opening_hours from public.places where id = ${created.body.data.id}`;
    expect(row.opening_hours).toBe('Sa-Th 08:00-17:00');
  });

  it('refuses invalid hours in user submissions and edit requests; a valid value reaches the request and the approved place', async () => {
    const before = await count('place_requests');
    const [{ id: placeId }] = await sql<{ id: number }[]>`
      insert into public.places ${sql({ slug: `hours-owned-${tag}`, name: `Owned ${tag}`, category_id: categoryId, owner_id: user.id })} returning id::int`;
    for (const value of INVALID) {
      const add = await call('POST', '/public/places', { headers: user.authHeader, body: { name: `Bad ${tag}`, categoryId, openingHours: value } });
      expect(add.status, value).toBe(400);
      expect(add.body.error.fields.openingHours).toEqual(['invalid opening hours']);
      const edit = await call('POST', `/public/auth/places/${placeId}/edit-request`, { headers: user.authHeader, body: { changes: { openingHours: value } } });
      expect(edit.status, value).toBe(400);
      expect(edit.body.error.fields['changes.openingHours'] ?? edit.body.error.fields.openingHours).toEqual(['invalid opening hours']);
    }
    expect(await count('place_requests')).toBe(before);

    const edit = await call('POST', `/public/auth/places/${placeId}/edit-request`, { headers: user.authHeader, body: { changes: { openingHours: 'Mo-Su 18:00-02:00' } } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(201);
    const approved = await call('POST', `/admin/place-requests/${edit.body.data.id}/approve`, { headers: admin.authHeader });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const [row] = await sql`select opening_hours from public.places where id = ${placeId}`;
    expect(row.opening_hours).toBe('Mo-Su 18:00-02:00');
  });
});
