import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, ownerSql, testApp } from '../helpers/api.ts';
import { caller, tag } from '../helpers/admin-api.ts';

const sql = ownerSql();
const app = testApp(sql);
const call = caller(app);
let admin: { id: string; email: string; token: string };
let user: string;
let cafes: number;
afterAll(() => sql.end());
beforeAll(async () => {
  admin = await createUser(sql, { role: 'admin' });
  user = (await createUser(sql)).token;
  cafes = Number((await sql`select id from public.categories where slug = 'cafes'`)[0]!.id);
});

const newPlace = async (name = `History Place ${tag()}`) => {
  const res = await call('POST', '/admin/places', { token: admin.token, body: { name, categoryId: cafes, phone: '+966 11 111 1111' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; slug: string; name: string };
};
const history = async (entity: string, id: number | string, lang?: 'en' | 'ar') =>
  call('GET', `/admin/history?entity=${entity}&id=${id}`, { token: admin.token, lang });

describe('GET /admin/history', () => {
  it('lists a place\'s changes newest first with the admin as actor, before and after of the changed columns', async () => {
    const place = await newPlace();
    const put = await call('PUT', `/admin/places/${place.id}`, { token: admin.token, body: { name: place.name, categoryId: cafes, phone: '+966 11 222 2222' } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await sql`update public.places set address = 'From psql' where id = ${place.id}`;
    const res = await history('place', place.id);
    expect(res.status).toBe(200);
    expect(res.body.meta).toMatchObject({ page: 1, total: 3 });
    const [psql, update, insert] = res.body.data;
    expect(psql).toMatchObject({ operation: 'update', actor: null, before: { address: null }, after: { address: 'From psql' }, requestId: null });
    expect(psql.role).not.toBe('authenticated');
    expect(update).toMatchObject({
      entity: 'place', entityId: place.id, operation: 'update', actor: { id: admin.id, email: admin.email }, role: 'authenticated',
      before: { phone: '+966 11 111 1111' }, after: { phone: '+966 11 222 2222' },
    });
    expect(insert).toMatchObject({ operation: 'insert', before: null, after: { slug: place.slug } });
    expect(Date.parse(update.at)).toBeGreaterThan(0);
  });

  it('pages (limit, page) and reads the website settings without an id', async () => {
    const place = await newPlace();
    for (const phone of ['+966 11 333 3333', '+966 11 444 4444']) await sql`update public.places set phone = ${phone} where id = ${place.id}`;
    const page2 = await call('GET', `/admin/history?entity=place&id=${place.id}&limit=2&page=2`, { token: admin.token });
    expect(page2.body.meta).toMatchObject({ page: 2, limit: 2, total: 3 });
    expect(page2.body.data.map((e: { operation: string }) => e.operation)).toEqual(['insert']);
    const website = await call('GET', '/admin/history?entity=website', { token: admin.token });
    expect(website.status).toBe(200);
    expect(Array.isArray(website.body.data)).toBe(true);
  });

  it('answers 400 for an unknown entity or a missing id, in the request\'s language', async () => {
    const bad = await history('shop', 1);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('entity');
    const ar = await history('shop', 1, 'ar');
    expect(ar.body.error.message).toBe('بعض الحقول غير صالحة.');
    const noId = await call('GET', '/admin/history?entity=place', { token: admin.token });
    expect(noId.status).toBe(400);
    expect(noId.body.error.fields).toHaveProperty('id');
    expect((await history('place', 'abc')).status).toBe(400);
  });

  it('is for admins only: 401 without a token, 403 for a user', async () => {
    expect((await call('GET', '/admin/history?entity=place&id=1')).status).toBe(401);
    expect((await call('GET', '/admin/history?entity=place&id=1', { token: user })).status).toBe(403);
    expect((await call('POST', '/admin/history/1/restore', { token: user })).status).toBe(403);
    expect((await call('POST', '/admin/history/1/restore')).status).toBe(401);
  });
});

describe('POST /admin/history/{entryId}/restore', () => {
  it('restores a place as before an update, recorded as a new change by the admin', async () => {
    const place = await newPlace();
    await call('PUT', `/admin/places/${place.id}`, { token: admin.token, body: { name: `${place.name} renamed`, categoryId: cafes, phone: '+966 11 555 5555' } });
    await sql`update public.places set address = 'Later' where id = ${place.id}`;
    const entries = (await history('place', place.id)).body.data;
    const rename = entries.find((e: { after: Record<string, unknown> | null }) => e.after && 'name' in e.after);
    const res = await call('POST', `/admin/history/${rename.id}/restore`, { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ placeId: place.id, slug: place.slug });
    const [row] = await sql`select name, phone, address from public.places where id = ${place.id}`;
    expect(row).toEqual({ name: place.name, phone: '+966 11 111 1111', address: null });
    const [latest] = (await history('place', place.id)).body.data;
    expect(latest).toMatchObject({ operation: 'update', actor: { id: admin.id }, after: { name: place.name, address: null } });
  });

  it('brings a deleted place back with its id and slug; 409 when its slug is taken meanwhile', async () => {
    const place = await newPlace();
    expect((await call('DELETE', `/admin/places/${place.id}`, { token: admin.token })).status).toBe(200);
    const deleted = await call('GET', '/admin/history/deleted-places?limit=100', { token: admin.token });
    const item = deleted.body.data.find((d: { placeId: number }) => d.placeId === place.id);
    expect(item).toMatchObject({ name: place.name, slug: place.slug, actor: { id: admin.id } });
    const res = await call('POST', `/admin/history/${item.entryId}/restore`, { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ placeId: place.id, slug: place.slug });
    expect((await call('GET', `/admin/places/${place.id}`, { token: admin.token })).body.data).toMatchObject({ name: place.name, slug: place.slug, phone: '+966 11 111 1111' });
    const after = await call('GET', '/admin/history/deleted-places?limit=100', { token: admin.token });
    expect(after.body.data.some((d: { placeId: number }) => d.placeId === place.id)).toBe(false);

    await sql`delete from public.places where id = ${place.id}`;
    const [entry] = await sql`select id from public.audit_log where entity = 'place' and entity_id = ${place.id} and operation = 'delete' order by id desc limit 1`;
    await sql`insert into public.places (slug, name, category_id) values (${place.slug}, 'Usurper', ${cafes})`;
    const taken = await call('POST', `/admin/history/${entry!.id}/restore`, { token: admin.token, lang: 'ar' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'slug_taken', message: 'هذا المعرّف في الرابط مستخدم بالفعل.' });
  });

  it('answers 410 for a place deleted over 30 days ago, 404 for no entry; an insert entry restores the place as first created', async () => {
    const place = await newPlace();
    await sql`delete from public.places where id = ${place.id}`;
    const [entry] = await sql`update public.audit_log set at = now() - interval '31 days'
                              where entity = 'place' and entity_id = ${place.id} and operation = 'delete' returning id`;
    const old = await call('POST', `/admin/history/${entry!.id}/restore`, { token: admin.token });
    expect(old.status).toBe(410);
    expect(old.body.error).toMatchObject({ code: 'history_restore_expired', message: expect.stringContaining('30 days') });
    const oldAr = await call('POST', `/admin/history/${entry!.id}/restore`, { token: admin.token, lang: 'ar' });
    expect(oldAr.body.error.message).toContain('30');
    expect(oldAr.body.error.message).toContain('استعادته');
    expect((await sql`select 1 from public.places where id = ${place.id}`).length).toBe(0);

    const missing = await call('POST', '/admin/history/999999999/restore', { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('history_entry_not_found');
    // an insert entry: the place comes back as it was first created (after two edits, and after its deletion)
    const fresh = await newPlace();
    const [insert] = await sql`select id from public.audit_log where entity = 'place' and entity_id = ${fresh.id} and operation = 'insert'`;
    expect((await call('PUT', `/admin/places/${fresh.id}`, { token: admin.token, body: { name: `${fresh.name} renamed`, phone: '+966 11 222 2222' } })).status).toBe(200);
    expect((await call('PUT', `/admin/places/${fresh.id}`, { token: admin.token, body: { address: 'Later Street' } })).status).toBe(200);
    const asCreated = await call('POST', `/admin/history/${insert!.id}/restore`, { token: admin.token });
    expect(asCreated.status, JSON.stringify(asCreated.body)).toBe(200);
    expect(asCreated.body.data).toEqual({ placeId: fresh.id, slug: fresh.slug });
    expect(await sql`select name, phone, address from public.places where id = ${fresh.id}`)
      .toEqual([{ name: fresh.name, phone: '+966 11 111 1111', address: null }]);
    await sql`delete from public.places where id = ${fresh.id}`;
    expect((await call('POST', `/admin/history/${insert!.id}/restore`, { token: admin.token })).status).toBe(200);
    expect((await sql`select name from public.places where id = ${fresh.id}`)[0]).toEqual({ name: fresh.name });
    expect((await call('POST', '/admin/history/abc/restore', { token: admin.token })).status).toBe(400);
  });
});
