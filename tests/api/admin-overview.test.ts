import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack } from '../../src/server/stack.ts';
import { createUser, ownerSql, testApp } from '../helpers/api.ts';
import { caller } from '../helpers/admin-api.ts';

// Issue #16 "Data health at a glance": GET /admin/overview on its own database, so the figures are
// exactly those of the rows seeded here.
const sql = ownerSql();
let db: Sql;
let dbName: string;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  dbName = `overview_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await sql.unsafe(`create database ${dbName}`);
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${dbName}`;
  const stack = await startStack({ dataDir: '', databaseUrl: url.toString(), embeddedPort: 0, dataset: null, poolSize: 4 });
  db = stack.sql;
  app = testApp(db);
}, 120_000);
afterAll(async () => {
  await db?.end();
  await sql.unsafe(`drop database if exists ${dbName} with (force)`);
  await sql.end();
});

const get = (headers: Record<string, string>) => caller(app)('GET', '/admin/overview', { headers });

describe('GET /admin/overview', () => {
  it('answers 401 without a token and 403 for a non-admin', async () => {
    expect((await get({})).status).toBe(401);
    const user = await createUser(db);
    expect((await get(user.authHeader)).status).toBe(403);
  });

  it('counts places per category and zone, pending ages, gaps and lists the latest changes', async () => {
    const admin = await createUser(db, { role: 'admin' });
    const user = await createUser(db);
    const [{ id: cafes }] = await db<{ id: number }[]>`insert into public.categories (slug, name, name_ar) values ('cafes', 'Cafes', 'مقاهي') returning id::int`;
    const [{ id: banks }] = await db<{ id: number }[]>`insert into public.categories (slug, name) values ('banks', 'Banks') returning id::int`;
    const [{ id: olaya }] = await db<{ id: number }[]>`insert into public.zones (slug, title, title_ar, latitude, longitude) values ('olaya', 'Olaya', 'العليا', 24.69, 46.68) returning id::int`;
    const place = (slug: string, fields: Record<string, unknown>) => db`insert into public.places ${db({ slug, name: slug, category_id: cafes, ...fields })}`;
    await place('complete', { name_ar: 'كامل', phone: '+966 11 111 1111', opening_hours: 'Mo-Fr 08:00-17:00', zone_id: olaya, latitude: 24.70, longitude: 46.68 });
    await place('far-away', { name_ar: 'بعيد', phone: '+966 11 111 1112', opening_hours: '24/7', zone_id: olaya, latitude: 24.80, longitude: 46.68 }); // ~12 km north
    await place('no-coords', { name_ar: 'بلا', phone: '+966 11 111 1113', opening_hours: '24/7', zone_id: olaya });
    await place('bare', { category_id: banks, latitude: 24.7, longitude: 46.7 }); // no zone: coordinates count as inside
    await db`insert into public.place_requests (type, payload, user_id, created_at) values
      ('create', ${db.json({ name: 'Old' })}, ${user.id}, now() - interval '10 hours'),
      ('create', ${db.json({ name: 'Mid' })}, ${user.id}, now() - interval '4 hours'),
      ('create', ${db.json({ name: 'New' })}, ${user.id}, now() - interval '2 hours')`;

    const res = await get(admin.authHeader);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.totalPlaces).toBe(4);
    expect(data.perCategory).toEqual([
      { id: cafes, name: 'Cafes', nameAr: 'مقاهي', count: 3 },
      { id: banks, name: 'Banks', nameAr: null, count: 1 },
    ]);
    expect(data.perZone).toEqual([
      { id: olaya, name: 'Olaya', nameAr: 'العليا', count: 3 },
      { id: null, name: '', nameAr: null, count: 1 },
    ]);
    expect(data.pending.count).toBe(3);
    expect(data.pending.oldestHours).toBeCloseTo(10, 0);
    expect(data.pending.medianHours).toBeCloseTo(4, 0);
    expect(data.gaps).toEqual({ nameAr: 1, phone: 1, openingHours: 1, coordinates: 2 });
    expect(data.likelyDuplicates).toBe(0);
    expect(data.latestChanges.length).toBeGreaterThanOrEqual(4);
    expect(data.latestChanges[0]).toMatchObject({ entity: 'place', operation: 'insert', after: expect.objectContaining({ slug: 'bare' }) });

    // The overview's links: the admin places list filtered by the same gaps, with the same totals.
    const list = (query: string) => caller(app)('GET', `/admin/places?${query}`, { headers: admin.authHeader });
    for (const [gap, slugs] of [['nameAr', ['bare']], ['phone', ['bare']], ['openingHours', ['bare']], ['coordinates', ['far-away', 'no-coords']]] as const) {
      const r = await list(`missing=${gap}`);
      expect(r.status).toBe(200);
      expect(r.body.data.map((p: { slug: string }) => p.slug).sort()).toEqual([...slugs].sort());
      expect(r.body.meta.total).toBe(data.gaps[gap]);
    }
    const bad = await list('missing=logo');
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
  });

  it('counts the likely duplicate pairs the duplicates list shows', async () => {
    const admin = await createUser(db, { role: 'admin' });
    const [{ id: cat }] = await db<{ id: number }[]>`insert into public.categories (slug, name) values ('pharmacies', 'Pharmacies') returning id::int`;
    await db`insert into public.places ${db([
      { slug: 'nahdi-olaya', name: 'Nahdi Pharmacy Olaya', category_id: cat, latitude: 24.6901, longitude: 46.6851 },
      { slug: 'nahdi-olaya-2', name: 'Nahdi Pharmacy Olaya', category_id: cat, latitude: 24.6902, longitude: 46.6852 },
    ])}`;
    const overview = (await get(admin.authHeader)).body.data;
    const pairs = (await caller(app)('GET', '/admin/duplicates', { headers: admin.authHeader })).body;
    expect(overview.likelyDuplicates).toBe(1);
    expect(pairs.meta.total).toBe(overview.likelyDuplicates);
  });

  it('counts likely duplicates exactly above 20 000 places (no size cut-off), equal to the list\'s total', async () => {
    const admin = await createUser(db, { role: 'admin' });
    const [{ id: cat }] = await db<{ id: number }[]>`insert into public.categories (slug, name) values ('many', 'Many') returning id::int`;
    // 20 001 places 1 km apart on a grid (no pair among them) in one statement, and one more pair
    await db`
      insert into public.places (slug, name, category_id, latitude, longitude)
      select 'grid-' || i, 'Grid place ' || i, ${cat}, 10 + (i / 150) * 0.01, 20 + (i % 150) * 0.01
      from generate_series(1, 20001) i`;
    await db`insert into public.places ${db([
      { slug: 'twin-one', name: 'Twin Palms Laundry', category_id: cat, latitude: 30.0001, longitude: 40.0001 },
      { slug: 'twin-two', name: 'Twin Palms Laundry', category_id: cat, latitude: 30.0002, longitude: 40.0001 },
    ])}`;
    const overview = (await get(admin.authHeader)).body.data;
    expect(overview.totalPlaces).toBeGreaterThan(20_000);
    const pairs = (await caller(app)('GET', '/admin/duplicates?limit=100', { headers: admin.authHeader })).body;
    expect(overview.likelyDuplicates).toBe(2);
    expect(pairs.meta.total).toBe(overview.likelyDuplicates);
    expect(pairs.data.map((p: any) => [p.a.slug, p.b.slug])).toEqual(expect.arrayContaining([['twin-one', 'twin-two']]));
  }, 120_000);
});

describe('coordinates too close to 0 for the distance formulas (migration 20260101007200)', () => {
  it('are refused by the database and made 0 by the API, so the overview never fails on them', async () => {
    const admin = await createUser(db, { role: 'admin' });
    const [{ id: category }] = await db<{ id: number }[]>`insert into public.categories (slug, name) values ('tiny-coords', 'Tiny') returning id::int`;
    // squared in the "outside its zone" and duplicates formulas, 1e-200 underflows double precision (an error)
    await expect(db`insert into public.places (slug, name, category_id, latitude, longitude) values ('tiny', 'Tiny', ${category}, 1e-200, 46.7)`)
      .rejects.toMatchObject({ code: '23514' });
    const res = await caller(app)('POST', '/admin/places', {
      headers: admin.authHeader, body: { name: 'Almost zero', categoryId: category, latitude: 1e-300, longitude: 5e-324 },
    });
    expect(res.status).toBe(201);
    const created = res.body.data;
    expect([created.latitude, created.longitude]).toEqual([0, 0]);
    expect((await get(admin.authHeader)).status).toBe(200);
  });
});
