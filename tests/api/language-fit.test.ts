import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, ownerSql, testApp } from '../helpers/api.ts';
import { caller } from '../helpers/admin-api.ts';

const sql = ownerSql();
const app = testApp(sql);
type User = Awaited<ReturnType<typeof createUser>>;
let user: User;
let admin: User;
let categoryId: number;
const tag = randomUUID().slice(0, 8);

beforeAll(async () => {
  user = await createUser(sql, { name: 'Contributor' });
  admin = await createUser(sql, { role: 'admin' });
  [{ id: categoryId }] = await sql<{ id: number }[]>`select id::int from public.categories where slug = 'cafes'`;
});
afterAll(() => sql.end());

const call = caller(app);

describe('numbers typed with Arabic-Indic or Persian digits', () => {
  it('accepts ٠٥٥١٢٣٤٥٦٧ as a phone and stores Western digits', async () => {
    const { status, body } = await call('POST', '/public/places', {
      headers: user.authHeader,
      body: { name: `Digits ${tag}`, categoryId, phone: '٠٥٥١٢٣٤٥٦٧', whatsapp: '+۹۶۶ ۵۵ ۱۲۳ ۴۵۶۷' },
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.data.payload).toMatchObject({ phone: '0551234567', whatsapp: '+966 55 123 4567' });
  });
});

describe('zone order numbers are distinct', () => {
  it('refuses a new or edited zone with an order another zone has, with a field error in both languages', async () => {
    const [{ order: taken }] = await sql<{ order: number }[]>`select sort_order as order from public.zones order by sort_order limit 1`;
    const create = await call('POST', '/admin/zones', { headers: admin.authHeader, body: { title: `Dup ${tag}`, order: taken } });
    expect(create.status).toBe(400);
    expect(create.body.error.fields).toEqual({ order: ['Another zone already has this order'] });
    const fresh = await call('POST', '/admin/zones', { headers: admin.authHeader, body: { title: `Fresh ${tag}` } });
    expect(fresh.status).toBe(201);
    const edit = await call('PUT', `/admin/zones/${fresh.body.data.id}`, { headers: { ...admin.authHeader, 'Accept-Language': 'ar' }, body: { order: taken } });
    expect(edit.status).toBe(400);
    expect(edit.body.error.message).toBe('بعض الحقول غير صالحة.');
    expect(edit.body.error.fields.order).toEqual(['يوجد حي آخر بهذا الرقم في الترتيب']);
    // its own number is not "another zone's"
    const same = await call('PUT', `/admin/zones/${fresh.body.data.id}`, { headers: admin.authHeader, body: { order: fresh.body.data.order, title: `Fresh ${tag} 2` } });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    await call('DELETE', `/admin/zones/${fresh.body.data.id}`, { headers: admin.authHeader });
  });
});

describe('share links carry the language', () => {
  it('answers the /ar address for lang=ar (and for an Arabic Accept-Language), the neutral one for en', async () => {
    const [place] = await sql<{ slug: string }[]>`select slug from public.places where name_ar is not null order by id limit 1`;
    const ar = await call('GET', `/public/places/${place.slug}/share?lang=ar`);
    expect(ar.body.data.url).toBe(`http://dalil.test/p/${place.slug}/ar`);
    const header = await call('GET', `/public/places/${place.slug}/share`, { headers: { 'Accept-Language': 'ar' } });
    expect(header.body.data.url).toBe(`http://dalil.test/p/${place.slug}/ar`);
    const en = await call('GET', `/public/places/${place.slug}/share?lang=en`, { headers: { 'Accept-Language': 'ar' } });
    expect(en.body.data.url).toBe(`http://dalil.test/p/${place.slug}`);
    expect((await call('GET', `/public/places/${place.slug}/share?lang=de`)).status).toBe(400);
  });
});

describe('requests that cannot be applied say why in the language of the page', () => {
  it('maps the database reason to a code and a message in English and Arabic', async () => {
    const [{ id: gone }] = await sql<{ id: number }[]>`insert into public.categories (slug, name) values (${`gone-${tag}`}, 'Gone') returning id::int`;
    const submitted = await call('POST', '/public/places', { headers: user.authHeader, body: { name: `Orphan ${tag}`, categoryId: gone } });
    expect(submitted.status).toBe(201);
    await sql`delete from public.categories where id = ${gone}`;
    const ar = await call('POST', `/admin/place-requests/${submitted.body.data.id}/approve`, { headers: { ...admin.authHeader, 'Accept-Language': 'ar' } });
    expect(ar.status).toBe(409);
    expect(ar.body.error).toMatchObject({ code: 'request_not_applicable', reasonCode: 'category_missing' });
    expect(ar.body.error.message).toBe(`لا يمكن تطبيق هذا الطلب: الفئة المختارة (رقم ${gone}) لم تعد موجودة`);
    expect(ar.body.error.message).not.toMatch(/does not exist/);
    const en = await call('POST', `/admin/place-requests/${submitted.body.data.id}/approve`, { headers: admin.authHeader });
    expect(en.body.error.message).toBe(`This request cannot be applied: its category (#${gone}) no longer exists`);
    await sql`delete from public.place_requests where id = ${submitted.body.data.id}`;
  });
});

describe("a request's place reference carries the Arabic name", () => {
  it('GET /public/auth/requests/{id} of an edit request names the place in both languages', async () => {
    const slug = `owned-${tag}`;
    const [place] = await sql<{ id: number }[]>`insert into public.places (slug, name, name_ar, category_id, owner_id)
      values (${slug}, ${`Owned ${tag}`}, 'مكان مملوك', ${categoryId}, ${user.id}) returning id::int`;
    const edit = await call('POST', `/public/auth/places/${place.id}/edit-request`, { headers: user.authHeader, body: { changes: { phone: '٠١١ ٢٢٢ ٣٣٣٣' } } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(201);
    expect(edit.body.data.place).toEqual({ id: place.id, name: `Owned ${tag}`, nameAr: 'مكان مملوك', slug });
    expect(edit.body.data.payload).toEqual({ phone: '011 222 3333' });
    const admins = await call('GET', `/admin/place-requests/${edit.body.data.id}`, { headers: admin.authHeader });
    expect(admins.body.data.place.nameAr).toBe('مكان مملوك');
  });
});
