import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withClaims } from '../../src/server/db/client.ts';
import { slugFrom, uniqueSlug } from '../../src/server/queries/slugs.ts';
import { startStack } from '../../src/server/stack.ts';
import { placeRequestSchema } from '../../src/shared/schemas/place-request-schemas.ts';
import { createUser, ownerSql, testApp } from '../helpers/api.ts';

type User = Awaited<ReturnType<typeof createUser>>;
const sql = ownerSql();
const app = testApp(sql);
const tag = randomUUID().slice(0, 8);
let user: User;
let admin: User;
let admin2: User;
let categoryId: number;
let zoneId: number;

beforeAll(async () => {
  user = await createUser(sql, { name: 'Requester' });
  admin = await createUser(sql, { role: 'admin' });
  admin2 = await createUser(sql, { role: 'admin' });
  [{ id: categoryId }] = await sql<{ id: number }[]>`select id::int from public.categories where slug = 'cafes'`;
  [{ id: zoneId }] = await sql<{ id: number }[]>`select id::int from public.zones order by id limit 1`;
});
afterAll(() => sql.end());

function caller(target: ReturnType<typeof testApp>) {
  return async (method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) => {
    const res = await target.request(`/api${path}`, {
      method,
      headers: { ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };
}
const call = caller(app);

async function proposePlace(by: User, fields: Record<string, unknown> = {}, via = call) {
  const res = await via('POST', '/public/places', { headers: by.authHeader, body: { name: `Place ${randomUUID().slice(0, 8)}`, categoryId, ...fields } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number };
}

async function ownedPlace(owner: User, fields: Record<string, unknown> = {}) {
  const slug = `mod-${randomUUID().slice(0, 12)}`;
  const [row] = await sql<{ id: number }[]>`
    insert into public.places ${sql({ slug, name: `Owned ${slug}`, category_id: categoryId, owner_id: owner.id, phone: '+966 11 111 1111', ...fields })}
    returning id::int`;
  return { id: row.id, slug };
}

const requestRow = async (id: number, db: Sql = sql) =>
  (await db`select status, place_id::int, reviewed_by, reviewed_at, rejection_reason from public.place_requests where id = ${id}`)[0];

describe('slug rule: SQL private.slugify / unique_place_slug = slugFrom / uniqueSlug', () => {
  it('gives the same slug as the JavaScript rule for every seeded place name and hard cases', async () => {
    const names = (await sql<{ name: string; name_ar: string | null }[]>`select name, name_ar from public.places`)
      .flatMap((p) => [p.name, p.name_ar ?? '']);
    names.push('Café Riyadh', 'مطعم الرياض', 'Al-Nakheel  Mall!!', 'Über & Co', '١٢٣ shop', '۴۵ Persian digits', 'Ærø straße', '€uro $hop',
      'Dr. Sulaiman Al-Habib Hospital', 'ـ  ', 'a\u00a0b – c', '  --Trim--me--  ', 'Emoji 🍕 pizza', 'x'.repeat(150), `${'word '.repeat(30)}end`,
      'ÀÉÎÕÜ çñ', 'Москва кафе', 'Ελληνικά', 'tab\tnew\nline', "O'Reilly's (books) + more", '100% <halal> | fresh', '');
    const [{ slugs }] = await sql<{ slugs: string[] }[]>`select array_agg(private.slugify(n) order by i) as slugs from unnest(${names}::text[]) with ordinality as t(n, i)`;
    const mismatches = names.map((n, i) => [n, slugs[i], slugFrom(n, '')]).filter(([, a, b]) => a !== b);
    expect(mismatches).toEqual([]);
    expect(names.length).toBeGreaterThan(1000);
  });

  it('picks the first free -2, -3 … exactly like uniqueSlug', async () => {
    const name = `Twin Cafe ${tag}`;
    await sql`insert into public.places (slug, name, category_id) values (${slugFrom(name, 'place')}, ${name}, ${categoryId}), (${slugFrom(name, 'place') + '-3'}, ${name}, ${categoryId})`;
    const [{ sqlSlug }] = await sql`select private.unique_place_slug(${name}) as "sqlSlug"`;
    const jsSlug = await withClaims(sql, { role: 'authenticated', sub: admin.id }, (tx) => uniqueSlug(tx, 'places', name));
    expect(sqlSlug).toBe(`twin-cafe-${tag}-2`);
    expect(jsSlug).toBe(sqlSlug);
    const [{ empty }] = await sql`select private.unique_place_slug('!!!') as empty`;
    expect(empty).toMatch(/^place(-\d+)?$/);
  });
});

describe('GET /admin/place-requests and /admin/place-requests/{id}', () => {
  it('lists every requester’s requests with filters, paging and the requester, for admins only', async () => {
    const mine = await proposePlace(user, { name: `Listed ${tag}` });
    const list = await call('GET', '/admin/place-requests?type=create&status=pending&limit=100', { headers: admin.authHeader });
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ page: 1, limit: 100, total: expect.any(Number) });
    for (const r of list.body.data) expect(r).toMatchObject({ type: 'create', status: 'pending' });
    const found = list.body.data.find((r: any) => r.id === mine.id);
    expect(placeRequestSchema.parse(found)).toBeTruthy();
    expect(found).toMatchObject({ user: { id: user.id, email: user.email, name: 'Requester' }, reviewedBy: null, reviewer: null, place: null });

    const one = await call('GET', `/admin/place-requests/${mine.id}`, { headers: admin.authHeader });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(found);
    expect((await call('GET', '/admin/place-requests/999999999', { headers: admin.authHeader })).status).toBe(404);
    expect((await call('GET', '/admin/place-requests?status=maybe', { headers: admin.authHeader })).status).toBe(400);

    for (const [headers, status] of [[{}, 401], [user.authHeader, 403]] as const) {
      expect((await call('GET', '/admin/place-requests', { headers })).status).toBe(status);
      expect((await call('GET', `/admin/place-requests/${mine.id}`, { headers })).status).toBe(status);
    }
  });
});

describe('POST /admin/place-requests/{id}/approve', () => {
  it('creates the place of a create request: slug from the name, owner = requester, reviewer recorded', async () => {
    const name = `Approved Cafe ${tag}`;
    const request = await proposePlace(user, {
      name, nameAr: 'مقهى', zoneId, phone: '+966 11 222 3333', logoUrl: '/uploads/places/logo.png',
      details: { description: 'Good coffee', imageUrl: 'https://img.example/main.jpg', youtubeUrl: 'https://www.youtube.com/watch?v=abcdef' },
    });
    const { status, body } = await call('POST', `/admin/place-requests/${request.id}/approve`, { headers: admin.authHeader });
    expect(status).toBe(200);
    const slug = `approved-cafe-${tag}`;
    expect(body.data).toMatchObject({ id: request.id, status: 'approved', place: { name, slug }, reviewedBy: admin.id, reviewedAt: expect.any(String) });
    expect(body.data.reviewer).toEqual({ id: admin.id, email: admin.email, name: expect.any(String) });
    const [place] = await sql`select id::int, slug, name, name_ar, owner_id, category_id::int, zone_id::int, phone, logo_url, description, image_url, youtube_url
                              from public.places where slug = ${slug}`;
    expect(place).toEqual({
      id: body.data.place.id, slug, name, name_ar: 'مقهى', owner_id: user.id, category_id: categoryId, zone_id: zoneId, phone: '+966 11 222 3333',
      logo_url: '/uploads/places/logo.png', description: 'Good coffee', image_url: 'https://img.example/main.jpg', youtube_url: 'https://www.youtube.com/watch?v=abcdef',
    });
    expect(await requestRow(request.id)).toMatchObject({ status: 'approved', place_id: place.id, reviewed_by: admin.id, reviewed_at: expect.any(Date) });
    expect((await call('GET', `/public/places/${slug}`)).status).toBe(200);
    const owned = await call('GET', '/public/auth/places', { headers: user.authHeader });
    expect(owned.body.data.map((p: any) => p.id)).toContain(place.id);

    const twin = await proposePlace(user, { name });
    expect((await call('POST', `/admin/place-requests/${twin.id}/approve`, { headers: admin.authHeader })).body.data.place.slug).toBe(`${slug}-2`);
  });

  it('applies an edit request’s changes to the place (slug kept); the request keeps before → after', async () => {
    const place = await ownedPlace(user, { address: 'Old street', logo_url: '/uploads/places/old.png' });
    const edit = (await call('POST', `/public/auth/places/${place.id}/edit-request`, {
      headers: user.authHeader,
      body: { changes: { name: `Renamed ${tag}`, address: null, phone: '+966 11 444 4444', logoUrl: '/uploads/places/new.png', details: { imageUrl: '/uploads/places/main.png' } } },
    })).body.data;
    const { status, body } = await call('POST', `/admin/place-requests/${edit.id}/approve`, { headers: admin.authHeader });
    expect(status).toBe(200);
    const [row] = await sql`select slug, name, address, phone, logo_url, image_url, owner_id from public.places where id = ${place.id}`;
    expect(row).toEqual({ slug: place.slug, name: `Renamed ${tag}`, address: null, phone: '+966 11 444 4444', logo_url: '/uploads/places/new.png', image_url: '/uploads/places/main.png', owner_id: user.id });
    expect(body.data.proposedChanges).toEqual([
      { field: 'name', before: `Owned ${place.slug}`, after: `Renamed ${tag}` },
      { field: 'logoUrl', before: '/uploads/places/old.png', after: '/uploads/places/new.png' },
      { field: 'address', before: 'Old street', after: null },
      { field: 'phone', before: '+966 11 111 1111', after: '+966 11 444 4444' },
      { field: 'details.imageUrl', before: null, after: '/uploads/places/main.png' },
    ]);
    const seen = await call('GET', `/public/auth/requests/${edit.id}`, { headers: user.authHeader });
    expect(seen.body.data).toMatchObject({ status: 'approved', place: { id: place.id, slug: place.slug, name: `Renamed ${tag}` } });
  });

  it('approves or rejects each request exactly once: later decisions get 409 and change nothing', async () => {
    const request = await proposePlace(user);
    expect((await call('POST', `/admin/place-requests/${request.id}/approve`, { headers: admin.authHeader })).status).toBe(200);
    const places = Number((await sql`select count(*) from public.places`)[0].count);
    const again = await call('POST', `/admin/place-requests/${request.id}/approve`, { headers: admin2.authHeader });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'request_already_reviewed', message: 'This request has already been reviewed.' });
    const rejectAfter = await call('POST', `/admin/place-requests/${request.id}/reject`, { headers: { ...admin2.authHeader, 'Accept-Language': 'ar' }, body: { reason: 'Too late' } });
    expect(rejectAfter.status).toBe(409);
    expect(rejectAfter.body.error.message).toBe('تمت مراجعة هذا الطلب بالفعل.');
    expect(Number((await sql`select count(*) from public.places`)[0].count)).toBe(places);
    expect(await requestRow(request.id)).toMatchObject({ status: 'approved', reviewed_by: admin.id, rejection_reason: null });
    expect((await call('POST', '/admin/place-requests/999999999/approve', { headers: admin.authHeader })).status).toBe(404);
  });

  it('lets exactly one of two admins approving the same request at once win (the other gets 409)', async () => {
    for (let round = 0; round < 3; round++) {
      const name = `Race ${tag} ${round}`;
      const request = await proposePlace(user, { name });
      const results = await Promise.all([admin, admin2].map((a) => call('POST', `/admin/place-requests/${request.id}/approve`, { headers: a.authHeader })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.error.code).toBe('request_already_reviewed');
      expect(await sql`select 1 from public.places where name = ${name}`).toHaveLength(1);
      const winner = [admin, admin2][results.findIndex((r) => r.status === 200)];
      expect((await requestRow(request.id)).reviewed_by).toBe(winner.id);
    }
    // An approval racing a rejection: one decision only.
    const request = await proposePlace(user);
    const [approve, reject] = await Promise.all([
      call('POST', `/admin/place-requests/${request.id}/approve`, { headers: admin.authHeader }),
      call('POST', `/admin/place-requests/${request.id}/reject`, { headers: admin2.authHeader, body: { reason: 'No' } }),
    ]);
    expect([approve.status, reject.status].sort()).toEqual([200, 409]);
    const row = await requestRow(request.id);
    expect(row.status).toBe(approve.status === 200 ? 'approved' : 'rejected');
  });

  it('answers 409 request_not_applicable with the reason when the request can no longer apply, leaving it pending', async () => {
    const [{ id: doomed }] = await sql<{ id: number }[]>`insert into public.categories (slug, name) values (${`doomed-${tag}`}, 'Doomed') returning id::int`;
    const request = await proposePlace(user, { categoryId: doomed });
    await sql`delete from public.categories where id = ${doomed}`;
    const { status, body } = await call('POST', `/admin/place-requests/${request.id}/approve`, { headers: admin.authHeader });
    expect(status).toBe(409);
    expect(body.error.code).toBe('request_not_applicable');
    expect(body.error.message).toBe(`This request cannot be applied: its category (#${doomed}) no longer exists`);
    expect(body.error.reasonCode).toBe('category_missing');
    expect(await requestRow(request.id)).toMatchObject({ status: 'pending', reviewed_by: null, reviewed_at: null });
  });

  it('refuses anonymous (401) and non-admins (403), changing nothing — also through the SQL function', async () => {
    const request = await proposePlace(user);
    for (const [headers, status] of [[{}, 401], [user.authHeader, 403]] as const) {
      expect((await call('POST', `/admin/place-requests/${request.id}/approve`, { headers })).status).toBe(status);
      expect((await call('POST', `/admin/place-requests/${request.id}/reject`, { headers, body: { reason: 'x' } })).status).toBe(status);
      expect((await call('POST', '/admin/place-requests/approve-all', { headers })).status).toBe(status);
    }
    await expect(withClaims(sql, { role: 'authenticated', sub: user.id, email: user.email }, (tx) => tx`select public.approve_place_request(${request.id})`))
      .rejects.toMatchObject({ code: '42501' });
    await expect(withClaims(sql, { role: 'anon' }, (tx) => tx`select public.approve_all_place_requests()`)).rejects.toMatchObject({ code: '42501' });
    expect(await requestRow(request.id)).toMatchObject({ status: 'pending', reviewed_by: null });
  });
});

describe('POST /admin/place-requests/{id}/reject', () => {
  it('requires a reason, records it with the reviewer, and shows it to the requester', async () => {
    const place = await ownedPlace(user);
    const edit = (await call('POST', `/public/auth/places/${place.id}/edit-request`, { headers: user.authHeader, body: { changes: { phone: '+966 11 777 7777' } } })).body.data;
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(2001) }]) {
      const res = await call('POST', `/admin/place-requests/${edit.id}/reject`, { headers: admin.authHeader, body });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual(['reason']);
    }
    expect(await requestRow(edit.id)).toMatchObject({ status: 'pending' });
    const { status, body } = await call('POST', `/admin/place-requests/${edit.id}/reject`, { headers: admin.authHeader, body: { reason: '  Phone number does not answer.  ' } });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: 'rejected', rejectionReason: 'Phone number does not answer.', reviewedBy: admin.id, reviewedAt: expect.any(String) });
    expect(body.data.proposedChanges).toEqual([{ field: 'phone', before: '+966 11 111 1111', after: '+966 11 777 7777' }]);
    expect((await sql`select phone from public.places where id = ${place.id}`)[0].phone).toBe('+966 11 111 1111');
    const seen = await call('GET', `/public/auth/requests/${edit.id}`, { headers: user.authHeader });
    expect(seen.body.data).toMatchObject({ status: 'rejected', rejectionReason: 'Phone number does not answer.' });
    expect(seen.body.data).not.toHaveProperty('reviewedBy');
    expect(seen.body.data).not.toHaveProperty('reviewer');
    expect(body.data.reviewer).toMatchObject({ id: admin.id, email: admin.email });
    expect((await call('POST', '/admin/place-requests/999999999/reject', { headers: admin.authHeader, body: { reason: 'x' } })).status).toBe(404);
  });

  it('rejects pending edits of a place that gets deleted, so the delete succeeds and the user sees why', async () => {
    const place = await ownedPlace(user);
    const edit = (await call('POST', `/public/auth/places/${place.id}/edit-request`, { headers: user.authHeader, body: { changes: { phone: '+966 11 888 8888' } } })).body.data;
    await withClaims(sql, { role: 'authenticated', sub: admin.id, email: admin.email, app_metadata: { role: 'admin' } },
      (tx) => tx`delete from public.places where id = ${place.id}`);
    expect(await requestRow(edit.id)).toMatchObject({ status: 'rejected', place_id: null, rejection_reason: 'The place was deleted.', reviewed_by: admin.id });
  });
});

describe('POST /admin/place-requests/approve-all (own database: it approves everything pending)', () => {
  let db: Sql;
  let dbName: string;
  let isolated: ReturnType<typeof testApp>;
  let req: ReturnType<typeof caller>;
  let u: User;
  let a: User;
  let cat: number;

  beforeAll(async () => {
    dbName = `approve_all_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    await sql.unsafe(`create database ${dbName}`);
    const url = new URL(inject('databaseUrl'));
    url.pathname = `/${dbName}`;
    const stack = await startStack({ dataDir: '', databaseUrl: url.toString(), embeddedPort: 0, dataset: null, poolSize: 4 });
    db = stack.sql;
    isolated = testApp(db);
    req = caller(isolated);
    u = await createUser(db, { name: 'Batch' });
    a = await createUser(db, { role: 'admin' });
    [{ id: cat }] = await db<{ id: number }[]>`insert into public.categories (slug, name) values ('shops', 'Shops') returning id::int`;
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await sql.unsafe(`drop database if exists ${dbName} with (force)`);
  });

  it('approves the valid requests, leaves the invalid one pending and reports it; filters by type', async () => {
    const first = await proposePlace(u, { name: 'Corner Shop', categoryId: cat }, req);
    const second = await proposePlace(u, { name: 'Corner Shop', categoryId: cat }, req);
    const [{ id: gone }] = await db<{ id: number }[]>`insert into public.categories (slug, name) values ('gone', 'Gone') returning id::int`;
    const invalid = await proposePlace(u, { name: 'Orphan', categoryId: gone }, req);
    await db`delete from public.categories where id = ${gone}`;
    const third = await proposePlace(u, { name: 'Late Shop', categoryId: cat }, req);
    const [{ id: placeId }] = await db<{ id: number }[]>`insert into public.places (slug, name, category_id, owner_id) values ('kept', 'Kept', ${cat}, ${u.id}) returning id::int`;
    const edit = (await req('POST', `/public/auth/places/${placeId}/edit-request`, { headers: u.authHeader, body: { changes: { phone: '+966 50 000 0000' } } })).body.data;
    // An edit whose payload the table refuses (written straight to the table, as a REST client could).
    const [{ id: badEdit }] = await db<{ id: number }[]>`
      insert into public.place_requests (type, payload, place_id, user_id) values ('edit', ${db.json({ phone: 'call me' })}, ${placeId}, ${u.id}) returning id::int`;

    const creates = await req('POST', '/admin/place-requests/approve-all', { headers: a.authHeader, body: { type: 'create' } });
    expect(creates.status).toBe(200);
    expect(creates.body.data).toEqual({
      approved: [first.id, second.id, third.id],
      failed: [{ id: invalid.id, code: 'request_not_applicable', reason: `its category (#${gone}) no longer exists` }],
    });
    expect((await db`select slug from public.places where name = 'Corner Shop' order by id`).map((r) => r.slug)).toEqual(['corner-shop', 'corner-shop-2']);
    for (const id of [first.id, second.id, third.id]) expect(await requestRow(id, db)).toMatchObject({ status: 'approved', reviewed_by: a.id, reviewed_at: expect.any(Date) });
    expect(await requestRow(invalid.id, db)).toMatchObject({ status: 'pending', reviewed_by: null, reviewed_at: null });
    expect(await requestRow(edit.id, db)).toMatchObject({ status: 'pending' });

    const rest = await req('POST', '/admin/place-requests/approve-all?type=edit', { headers: a.authHeader });
    expect(rest.status).toBe(200);
    expect(rest.body.data.approved).toEqual([edit.id]);
    expect(rest.body.data.failed).toEqual([{ id: badEdit, code: 'request_not_applicable', reason: 'one of its values is not accepted (phone)' }]);
    expect((await db`select phone from public.places where id = ${placeId}`)[0].phone).toBe('+966 50 000 0000');
    expect(await requestRow(badEdit, db)).toMatchObject({ status: 'pending' });

    // Without a type: everything pending is tried again; the failures are still reported, nothing lost.
    const all = await req('POST', '/admin/place-requests/approve-all', { headers: a.authHeader });
    expect(all.body.data.approved).toEqual([]);
    expect(all.body.data.failed.map((f: any) => f.id)).toEqual([invalid.id, badEdit]);
    const pending = await db`select id::int from public.place_requests where status = 'pending' order by id`;
    expect(pending.map((r) => r.id)).toEqual([invalid.id, badEdit]);
  });

  it('two concurrent approve-alls on one queue: both answer 200, each request approved once with one place, counts add up', async () => {
    // Same names on purpose: each create picks a unique slug, so approvals running side by side collide
    // unless approve-all runs one at a time.
    const ids = (await db<{ id: number }[]>`
      insert into public.place_requests (type, payload, user_id)
      select 'create', jsonb_build_object('name', 'Twin Kiosk ' || (i % 50), 'categoryId', ${cat}::bigint), ${u.id}::uuid
      from generate_series(1, 150) as i
      returning id::int`).map((r) => r.id).toSorted((x, y) => x - y);
    const [one, two] = await Promise.all([1, 2].map(() => req('POST', '/admin/place-requests/approve-all', { headers: a.authHeader, body: { type: 'create' } })));
    expect([one.status, two.status]).toEqual([200, 200]);
    const approved = [...one.body.data.approved, ...two.body.data.approved];
    // (The invalid request of the test above stays pending and is reported again; none of these fails.)
    expect([...one.body.data.failed, ...two.body.data.failed].filter((f: { id: number }) => ids.includes(f.id))).toEqual([]);
    expect(approved.toSorted((x: number, y: number) => x - y)).toEqual(ids);
    const rows = await db<{ status: string; place_id: number | null }[]>`select status, place_id::int from public.place_requests where id = any(${ids})`;
    expect(rows.every((r) => r.status === 'approved' && r.place_id !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.place_id)).size).toBe(ids.length);
    const [{ places }] = await db<{ places: number }[]>`select count(*)::int as places from public.places where name like 'Twin Kiosk %'`;
    expect(places).toBe(ids.length);
  });

  it('validates the type and answers an empty result when nothing is pending', async () => {
    expect((await req('POST', '/admin/place-requests/approve-all', { headers: a.authHeader, body: { type: 'delete' } })).status).toBe(400);
    expect((await req('POST', '/admin/place-requests/approve-all?type=delete', { headers: a.authHeader })).status).toBe(400);
    const none = await req('POST', '/admin/place-requests/approve-all', { headers: a.authHeader, body: { type: 'create' } });
    expect(none.body.data.approved).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents every upload, contribution and moderation path', async () => {
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
    const expected: [string, string][] = [
      ['/api/public/places', 'post'], ['/api/public/auth/places', 'get'], ['/api/public/auth/places/{id}/edit-request', 'post'],
      ['/api/public/auth/requests', 'get'], ['/api/public/auth/requests/{id}', 'get'], ['/api/public/auth/upload/places', 'post'],
      ['/api/admin/upload/places', 'post'], ['/api/admin/upload/categories', 'post'], ['/api/admin/upload/website', 'post'],
      ['/api/admin/place-requests', 'get'], ['/api/admin/place-requests/{id}', 'get'], ['/api/admin/place-requests/{id}/approve', 'post'],
      ['/api/admin/place-requests/{id}/reject', 'post'], ['/api/admin/place-requests/approve-all', 'post'],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});
