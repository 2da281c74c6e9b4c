import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSql, testApp } from '../helpers/api.ts';
import { adminAndUser, caller, tag } from '../helpers/admin-api.ts';

const sql = ownerSql();
const app = testApp(sql);
const call = caller(app);
let admin: string;
afterAll(() => sql.end());
beforeAll(async () => {
  ({ admin } = await adminAndUser(sql));
});

async function placeIn(categoryId: number, name: string) {
  const [row] = await sql`insert into public.places (slug, name, category_id) values (${tag('p-')}, ${name}, ${categoryId}) returning id`;
  return Number(row.id);
}

describe('GET /admin/categories', () => {
  it('lists every category A–Z with place counts and meta', async () => {
    const { status, body } = await call('GET', '/admin/categories', { token: admin });
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(20);
    expect(body.meta).toEqual({ page: 1, limit: body.data.length, total: body.data.length });
    const names = body.data.map((c: any) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const restaurants = body.data.find((c: any) => c.slug === 'restaurants');
    expect(restaurants).toMatchObject({ name: 'Restaurants', nameAr: 'مطاعم', iconUrl: null });
    expect(restaurants.placesCount).toBeGreaterThan(0);
  });

  it('searches by English or Arabic name and pages with page/limit', async () => {
    const en = await call('GET', '/admin/categories?search=restaur', { token: admin });
    expect(en.body.data.map((c: any) => c.slug)).toContain('restaurants');
    const ar = await call('GET', `/admin/categories?search=${encodeURIComponent('مطاعم')}`, { token: admin });
    expect(ar.body.data.map((c: any) => c.slug)).toContain('restaurants');
    const all = (await call('GET', '/admin/categories', { token: admin })).body.data;
    const page2 = await call('GET', '/admin/categories?page=2&limit=5', { token: admin });
    expect(page2.status).toBe(200);
    expect(page2.body.meta).toEqual({ page: 2, limit: 5, total: all.length });
    expect(page2.body.data.map((c: any) => c.id)).toEqual(all.slice(5, 10).map((c: any) => c.id));
    for (const q of ['page=0', 'limit=101', 'limit=x', `search=${'a'.repeat(201)}`]) {
      const bad = await call('GET', `/admin/categories?${q}`, { token: admin });
      expect(bad.status, q).toBe(400);
    }
  });
});

describe('POST /admin/categories', () => {
  it('creates with a slug from the name, unique with -2, -3; empty optional fields stored as null', async () => {
    const name = `Cat ${tag()}`;
    const first = await call('POST', '/admin/categories', { token: admin, body: { name: `  ${name}  `, nameAr: '', iconUrl: '' } });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ name, nameAr: null, iconUrl: null, placesCount: 0 });
    const base = first.body.data.slug;
    expect(base).toBe(name.toLowerCase().replace(/ /g, '-'));
    const second = await call('POST', '/admin/categories', { token: admin, body: { name } });
    const third = await call('POST', '/admin/categories', { token: admin, body: { name } });
    expect([second.body.data.slug, third.body.data.slug]).toEqual([`${base}-2`, `${base}-3`]);
    const [row] = await sql`select name, name_ar, icon_url from public.categories where id = ${first.body.data.id}`;
    expect(row).toEqual({ name, name_ar: null, icon_url: null });
  });

  it('takes an explicit slug, an Arabic name and an uploaded or http icon; a taken slug is 409', async () => {
    const slug = tag('cat-');
    const made = await call('POST', '/admin/categories', {
      token: admin, body: { name: 'Bakeries X', nameAr: 'مخابز', slug: slug.toUpperCase(), iconUrl: '/uploads/categories/a.png' },
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ slug, nameAr: 'مخابز', iconUrl: '/uploads/categories/a.png' });
    const http = await call('POST', '/admin/categories', { token: admin, body: { name: 'Icon http', iconUrl: 'https://cdn.example/i.png' } });
    expect(http.body.data.iconUrl).toBe('https://cdn.example/i.png');
    const dup = await call('POST', '/admin/categories', { token: admin, body: { name: 'Other', slug } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('slug_taken');
    expect(dup.body.error.fields.slug).toEqual(['This slug is already in use']);
  });

  it('answers invalid bodies with 400 and the spec messages, creating nothing', async () => {
    const before = (await sql`select count(*)::int as n from public.categories`)[0].n;
    const cases: [unknown, string, string][] = [
      [{ name: '   ' }, 'name', 'Name is required'],
      [{}, 'name', 'Name is required'],
      [{ name: 'X', iconUrl: 'ftp://x/y.png' }, 'iconUrl', 'invalid URL'],
      [{ name: 'X', iconUrl: 'icons/a.png' }, 'iconUrl', 'invalid URL'],
      [{ name: 'X', slug: 'Not a slug!' }, 'slug', 'invalid slug'],
      [{ name: 'x'.repeat(201) }, 'name', 'Too long'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/admin/categories', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.fields[field]).toContain(message);
    }
    expect((await call('POST', '/admin/categories', { token: admin, body: '{"name":' })).status).toBe(400);
    expect((await sql`select count(*)::int as n from public.categories`)[0].n).toBe(before);
  });
});

describe('PUT /admin/categories/{id}', () => {
  it('updates given fields, keeps the slug on rename, changes it only when set, clears with null', async () => {
    const made = (await call('POST', '/admin/categories', { token: admin, body: { name: `Edit ${tag()}`, nameAr: 'قديم', iconUrl: '/uploads/categories/x.gif' } })).body.data;
    const renamed = await call('PUT', `/admin/categories/${made.id}`, { token: admin, body: { name: 'Renamed Category' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: made.id, name: 'Renamed Category', slug: made.slug, nameAr: 'قديم', iconUrl: '/uploads/categories/x.gif' });
    const cleared = await call('PUT', `/admin/categories/${made.id}`, { token: admin, body: { nameAr: null, iconUrl: '' } });
    expect(cleared.body.data).toMatchObject({ nameAr: null, iconUrl: null, name: 'Renamed Category' });
    const slug = tag('new-slug-');
    const reslugged = await call('PUT', `/admin/categories/${made.id}`, { token: admin, body: { slug } });
    expect(reslugged.body.data.slug).toBe(slug);
    // its own slug again is not a conflict; another category's is
    expect((await call('PUT', `/admin/categories/${made.id}`, { token: admin, body: { slug } })).status).toBe(200);
    const taken = await call('PUT', `/admin/categories/${made.id}`, { token: admin, body: { slug: 'restaurants' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('slug_taken');
    const [row] = await sql`select slug from public.categories where id = ${made.id}`;
    expect(row.slug).toBe(slug);
  });

  it('answers 404 for an unknown id, 400 for a bad id or an empty name', async () => {
    expect((await call('PUT', '/admin/categories/999999999', { token: admin, body: { name: 'X' } })).body.error.code).toBe('category_not_found');
    expect((await call('PUT', '/admin/categories/999999999', { token: admin, body: { name: 'X' } })).status).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5']) {
      expect((await call('PUT', `/admin/categories/${id}`, { token: admin, body: { name: 'X' } })).status, id).toBe(400);
    }
    const made = (await call('POST', '/admin/categories', { token: admin, body: { name: `Keep ${tag()}` } })).body.data;
    const empty = await call('PUT', `/admin/categories/${made.id}`, { token: admin, body: { name: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.name).toEqual(['Name is required']);
  });
});

describe('DELETE /admin/categories/{id}', () => {
  it('deletes an unused category', async () => {
    const made = (await call('POST', '/admin/categories', { token: admin, body: { name: `Gone ${tag()}` } })).body.data;
    const res = await call('DELETE', `/admin/categories/${made.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: made.id });
    expect(await sql`select 1 from public.categories where id = ${made.id}`).toHaveLength(0);
    expect((await call('DELETE', `/admin/categories/${made.id}`, { token: admin })).status).toBe(404);
  });

  it('refuses a category used by places with 409 category_in_use and the count, in both languages', async () => {
    const made = (await call('POST', '/admin/categories', { token: admin, body: { name: `Used ${tag()}` } })).body.data;
    await placeIn(made.id, 'First user');
    await placeIn(made.id, 'Second user');
    await placeIn(made.id, 'Third user');
    const en = await call('DELETE', `/admin/categories/${made.id}`, { token: admin });
    expect(en.status).toBe(409);
    expect(en.body.error).toMatchObject({ code: 'category_in_use', placesCount: 3 });
    expect(en.body.error.message).toContain('3');
    const ar = await call('DELETE', `/admin/categories/${made.id}`, { token: admin, lang: 'ar' });
    expect(ar.body.error.message).toContain('3');
    expect(ar.body.error.message).toMatch(/[\u0600-\u06FF]/);
    expect(await sql`select 1 from public.categories where id = ${made.id}`).toHaveLength(1);
    expect((await sql`select count(*)::int as n from public.places where category_id = ${made.id}`)[0].n).toBe(3);
  });
});
