import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeRequestSchema } from '../../src/shared/schemas/place-request-schemas.ts';
import { createUser, ownerSql, testApp } from '../helpers/api.ts';
import { caller } from '../helpers/admin-api.ts';

const sql = ownerSql();
const app = testApp(sql);
type User = Awaited<ReturnType<typeof createUser>>;
let user: User;
let other: User;
let admin: User;
let categoryId: number;
let otherCategoryId: number;
let zoneId: number;
const tag = randomUUID().slice(0, 8);

beforeAll(async () => {
  user = await createUser(sql, { name: 'Contributor' });
  other = await createUser(sql);
  admin = await createUser(sql, { role: 'admin' });
  [{ id: categoryId }] = await sql<{ id: number }[]>`select id::int from public.categories where slug = 'cafes'`;
  [{ id: otherCategoryId }] = await sql<{ id: number }[]>`select id::int from public.categories where slug = 'restaurants'`;
  [{ id: zoneId }] = await sql<{ id: number }[]>`select id::int from public.zones order by id limit 1`;
});
afterAll(() => sql.end());

const call = caller(app);

/** Requests of this file's users, or of nobody (an anonymous one would have no user): other test files share the database and add their own meanwhile. */
const requestCount = async () => Number((await sql`
  select count(*) from public.place_requests where user_id is null or user_id = any(${[user.id, other.id, admin.id]}::uuid[])`)[0].count);

/** A place owned by `owner`, inserted directly (as an approval would). */
async function ownedPlace(owner: User, fields: Record<string, unknown> = {}) {
  const slug = `owned-${randomUUID().slice(0, 12)}`;
  const [row] = await sql<{ id: number }[]>`
    insert into public.places ${sql({
      slug, name: `Owned ${slug}`, category_id: categoryId, owner_id: owner.id, phone: '+966 11 111 1111',
      address: 'Old address', logo_url: '/uploads/places/old.png', description: 'Same description', ...fields,
    })} returning id::int`;
  return { id: row.id, slug, name: `Owned ${slug}` };
}

describe('POST /public/places (propose a new place)', () => {
  it('creates a pending create request of the caller holding the submitted fields only', async () => {
    const before = await requestCount();
    const { status, body } = await call('POST', '/public/places', {
      headers: user.authHeader,
      body: {
        name: `  Blue Cafe ${tag} `, categoryId, zoneId, nameAr: '', phone: '+966 11 222 3333', websiteUrl: '',
        logoUrl: '/uploads/places/logo.png', address: '  ', details: { description: 'Coffee', imageUrl: 'https://img.example/main.jpg', youtubeUrl: '' },
      },
    });
    expect(status).toBe(201);
    expect(placeRequestSchema.parse(body.data)).toBeTruthy();
    expect(body.data).toEqual({
      id: expect.any(Number), type: 'create', status: 'pending',
      payload: {
        name: `Blue Cafe ${tag}`, categoryId, zoneId, phone: '+966 11 222 3333', logoUrl: '/uploads/places/logo.png',
        details: { description: 'Coffee', imageUrl: 'https://img.example/main.jpg' },
      },
      place: null, user: { id: user.id, email: user.email, name: 'Contributor' },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), rejectionReason: null, proposedChanges: [],
      updatedImages: { logo: '/uploads/places/logo.png', mainImage: 'https://img.example/main.jpg' }, reviewedAt: null,
    });
    expect(await requestCount()).toBe(before + 1);
    const [row] = await sql`select user_id, status, place_id, reviewed_by, reviewed_at from public.place_requests where id = ${body.data.id}`;
    expect(row).toEqual({ user_id: user.id, status: 'pending', place_id: null, reviewed_by: null, reviewed_at: null });
    expect(await sql`select 1 from public.places where name = ${`Blue Cafe ${tag}`}`).toHaveLength(0);
  });

  it("refuses invalid fields with the spec's messages, and unknown categories or zones, creating nothing", async () => {
    const before = await requestCount();
    const bad = await call('POST', '/public/places', {
      headers: user.authHeader,
      body: { name: '', categoryId: 0, phone: '12', websiteUrl: 'not a url', logoUrl: 'ftp://x.example/a.png', details: { youtubeUrl: 'youtube' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect(bad.body.error.fields).toEqual({
      name: ['Name is required'], categoryId: ['select category'], phone: ['Invalid phone'], websiteUrl: ['invalid URL'],
      logoUrl: ['invalid URL'], 'details.youtubeUrl': ['invalid URL'],
    });
    const unknown = await call('POST', '/public/places', { headers: user.authHeader, body: { name: 'Ghost', categoryId: 99_999_999, zoneId: 99_999_999 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ categoryId: ['select category'], zoneId: ['invalid id'] });
    const ar = await call('POST', '/public/places', { headers: { ...user.authHeader, 'Accept-Language': 'ar' }, body: {} });
    expect(ar.status).toBe(400);
    expect(ar.body.error.message).toBe('بعض الحقول غير صالحة.');
    expect(await requestCount()).toBe(before);
  });

  it('answers 401 to anonymous and invalid tokens, creating nothing', async () => {
    const before = await requestCount();
    for (const headers of [{}, { Authorization: 'Bearer x.y.z' }] as Record<string, string>[]) {
      const { status, body } = await call('POST', '/public/places', { headers, body: { name: 'Anon place', categoryId } });
      expect(status).toBe(401);
      expect(body.error.code).toBe('unauthorized');
    }
    expect(await requestCount()).toBe(before);
  });
});

describe('POST /public/auth/places/{id}/edit-request', () => {
  it('stores only the fields that differ, with before → after and updated images', async () => {
    const place = await ownedPlace(user);
    const { status, body } = await call('POST', `/public/auth/places/${place.id}/edit-request`, {
      headers: user.authHeader,
      body: {
        changes: {
          name: place.name, categoryId, phone: '+966 11 999 9999', address: null, logoUrl: '/uploads/places/new.png',
          details: { description: 'Same description', imageUrl: '/uploads/places/main.gif' },
        },
      },
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      type: 'edit', status: 'pending', place: { id: place.id, name: place.name, nameAr: null, slug: place.slug },
      payload: { phone: '+966 11 999 9999', address: null, logoUrl: '/uploads/places/new.png', details: { imageUrl: '/uploads/places/main.gif' } },
      updatedImages: { logo: '/uploads/places/new.png', mainImage: '/uploads/places/main.gif' },
    });
    // In form order: place fields, then details.
    expect(body.data.proposedChanges).toEqual([
      { field: 'logoUrl', before: '/uploads/places/old.png', after: '/uploads/places/new.png' },
      { field: 'address', before: 'Old address', after: null },
      { field: 'phone', before: '+966 11 111 1111', after: '+966 11 999 9999' },
      { field: 'details.imageUrl', before: null, after: '/uploads/places/main.gif' },
    ]);
    const [row] = await sql`select place_id::int, previous from public.place_requests where id = ${body.data.id}`;
    expect(row).toEqual({ place_id: place.id, previous: { phone: '+966 11 111 1111', address: 'Old address', logoUrl: '/uploads/places/old.png', details: { imageUrl: null } } });
    // The place itself is unchanged until an admin approves.
    const [stored] = await sql`select phone, address from public.places where id = ${place.id}`;
    expect(stored).toEqual({ phone: '+966 11 111 1111', address: 'Old address' });
  });

  it('answers 400 no_changes when nothing differs (in the caller’s language)', async () => {
    const place = await ownedPlace(user);
    const before = await requestCount();
    const same = await call('POST', `/public/auth/places/${place.id}/edit-request`, {
      headers: user.authHeader, body: { changes: { name: place.name, phone: '+966 11 111 1111', details: { description: 'Same description' } } },
    });
    expect(same.status).toBe(400);
    expect(same.body.error).toEqual({ code: 'no_changes', message: 'There are no changes to submit.' });
    const empty = await call('POST', `/public/auth/places/${place.id}/edit-request`, { headers: { ...user.authHeader, 'Accept-Language': 'ar' }, body: { changes: {} } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('لا توجد تغييرات لإرسالها.');
    expect(await requestCount()).toBe(before);
  });

  it('lets only the owner ask: 403 for others, 404 for missing places, 401 anonymous, 400 for invalid changes', async () => {
    const place = await ownedPlace(user);
    const before = await requestCount();
    const body = { changes: { phone: '+966 11 555 5555' } };
    const notOwner = await call('POST', `/public/auth/places/${place.id}/edit-request`, { headers: other.authHeader, body });
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.error.code).toBe('not_place_owner');
    const adminAsUser = await call('POST', `/public/auth/places/${place.id}/edit-request`, { headers: admin.authHeader, body });
    expect(adminAsUser.status).toBe(403);
    expect((await call('POST', '/public/auth/places/999999999/edit-request', { headers: user.authHeader, body })).status).toBe(404);
    expect((await call('POST', `/public/auth/places/${place.id}/edit-request`, { body })).status).toBe(401);
    const invalid = await call('POST', `/public/auth/places/${place.id}/edit-request`, { headers: user.authHeader, body: { changes: { phone: 'abc', name: '' } } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toEqual({ 'changes.phone': ['Invalid phone'], 'changes.name': ['Name is required'] });
    const unknownCategory = await call('POST', `/public/auth/places/${place.id}/edit-request`, { headers: user.authHeader, body: { changes: { categoryId: 99_999_999 } } });
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.body.error.fields).toEqual({ categoryId: ['select category'] });
    expect((await call('POST', `/public/auth/places/${place.id}/edit-request`, { headers: user.authHeader, body: {} })).status).toBe(400);
    expect(await requestCount()).toBe(before);
  });
});

describe('GET /public/auth/places (own places)', () => {
  it('lists only the caller’s places, newest first, paged, with optional search', async () => {
    const owner = await createUser(sql);
    const first = await ownedPlace(owner, { name: `Alpha ${tag}` });
    const second = await ownedPlace(owner, { name: `Beta ${tag}`, created_at: new Date(Date.now() + 1000) });
    await ownedPlace(other);
    const all = await call('GET', '/public/auth/places', { headers: owner.authHeader });
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ page: 1, limit: 12, total: 2 });
    expect(all.body.data.map((p: any) => p.id)).toEqual([second.id, first.id]);
    expect(all.body.data[0]).toMatchObject({ name: `Beta ${tag}`, slug: second.slug, categoryId, category: { id: categoryId, slug: 'cafes' }, details: { description: 'Same description' } });
    const page2 = await call('GET', '/public/auth/places?page=2&limit=1', { headers: owner.authHeader });
    expect(page2.body).toMatchObject({ data: [{ id: first.id }], meta: { page: 2, limit: 1, total: 2 } });
    const search = await call('GET', `/public/auth/places?search=alpha%20${tag}`, { headers: owner.authHeader });
    expect(search.body.data.map((p: any) => p.id)).toEqual([first.id]);
    expect((await call('GET', '/public/auth/places?search=%25', { headers: owner.authHeader })).body.meta.total).toBe(0);
    expect((await call('GET', '/public/auth/places?limit=0', { headers: owner.authHeader })).status).toBe(400);
    expect((await call('GET', '/public/auth/places')).status).toBe(401);
  });
});

describe('GET /public/auth/requests and /public/auth/requests/{id}', () => {
  it("lists only the caller's requests with type/status filters and paging", async () => {
    const requester = await createUser(sql, { name: 'Lister' });
    const place = await ownedPlace(requester);
    const created = (await call('POST', '/public/places', { headers: requester.authHeader, body: { name: `List ${tag}`, categoryId } })).body.data;
    const edit = (await call('POST', `/public/auth/places/${place.id}/edit-request`, { headers: requester.authHeader, body: { changes: { categoryId: otherCategoryId } } })).body.data;
    const rejected = (await call('POST', '/public/places', { headers: requester.authHeader, body: { name: `Rejected ${tag}`, categoryId } })).body.data;
    await sql`update public.place_requests set status = 'rejected', rejection_reason = 'Duplicate', reviewed_by = ${admin.id}, reviewed_at = now() where id = ${rejected.id}`;
    await call('POST', '/public/places', { headers: other.authHeader, body: { name: `Not mine ${tag}`, categoryId } });

    const all = await call('GET', '/public/auth/requests', { headers: requester.authHeader });
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ page: 1, limit: 12, total: 3 });
    expect(all.body.data.map((r: any) => r.id)).toEqual([rejected.id, edit.id, created.id]);
    for (const r of all.body.data) {
      expect(placeRequestSchema.parse(r)).toBeTruthy();
      expect(r.user).toEqual({ id: requester.id, email: requester.email, name: 'Lister' });
      expect(r).not.toHaveProperty('reviewedBy');
    }
    const edits = await call('GET', '/public/auth/requests?type=edit', { headers: requester.authHeader });
    expect(edits.body.data.map((r: any) => r.id)).toEqual([edit.id]);
    expect(edits.body.data[0].proposedChanges).toEqual([{ field: 'categoryId', before: categoryId, after: otherCategoryId }]);
    const rejectedOnly = await call('GET', '/public/auth/requests?status=rejected&type=create', { headers: requester.authHeader });
    expect(rejectedOnly.body.data.map((r: any) => r.id)).toEqual([rejected.id]);
    expect(rejectedOnly.body.data[0]).toMatchObject({ rejectionReason: 'Duplicate', reviewedAt: expect.any(String) });
    const paged = await call('GET', '/public/auth/requests?page=2&limit=2', { headers: requester.authHeader });
    expect(paged.body).toMatchObject({ data: [{ id: created.id }], meta: { page: 2, limit: 2, total: 3 } });
    for (const q of ['type=delete', 'status=done', 'page=0', 'limit=101']) {
      expect((await call('GET', `/public/auth/requests?${q}`, { headers: requester.authHeader })).status, q).toBe(400);
    }
    expect((await call('GET', '/public/auth/requests')).status).toBe(401);
  });

  it('shows one own request (with the rejection reason) and 404 for anyone else’s', async () => {
    const requester = await createUser(sql);
    const mine = (await call('POST', '/public/places', { headers: requester.authHeader, body: { name: `Mine ${tag}`, categoryId } })).body.data;
    await sql`update public.place_requests set status = 'rejected', rejection_reason = 'Please add a phone number.', reviewed_by = ${admin.id}, reviewed_at = now() where id = ${mine.id}`;
    const { status, body } = await call('GET', `/public/auth/requests/${mine.id}`, { headers: requester.authHeader });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: mine.id, status: 'rejected', rejectionReason: 'Please add a phone number.' });
    for (const caller of [other, admin]) {
      const foreign = await call('GET', `/public/auth/requests/${mine.id}`, { headers: caller.authHeader });
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.code).toBe('place_request_not_found');
    }
    expect((await call('GET', '/public/auth/requests/999999999', { headers: requester.authHeader })).status).toBe(404);
    expect((await call('GET', '/public/auth/requests/abc', { headers: requester.authHeader })).status).toBe(400);
    expect((await call('GET', `/public/auth/requests/${mine.id}`)).status).toBe(401);
  });
});

describe('body size', () => {
  it('refuses JSON bodies over 64 KiB (the app-wide limit) with 413 before parsing', async () => {
    const before = await requestCount();
    const { status, body } = await call('POST', '/public/places', { headers: user.authHeader, body: { name: 'Big', categoryId, address: 'x'.repeat(70 * 1024) } });
    expect(status).toBe(413);
    expect(body.error.code).toBe('payload_too_large');
    expect(await requestCount()).toBe(before);
  });
});
