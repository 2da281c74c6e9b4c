import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, ownerSql, testApp } from '../helpers/api.ts';
import { caller, tag } from '../helpers/admin-api.ts';

const sql = ownerSql();
const app = testApp(sql);
const call = caller(app);
let admin: string;
let user: string;
let cafes: number;
afterAll(() => sql.end());
beforeAll(async () => {
  admin = (await createUser(sql, { role: 'admin' })).token;
  user = (await createUser(sql)).token;
  cafes = Number((await sql`select id from public.categories where slug = 'cafes'`)[0]!.id);
});

// a spot of its own per test, far from the seeded city: 0.001° of latitude ≈ 111 m
let spot = 0;
const nextSpot = () => ({ lat: 5 + (spot += 1) * 0.1, lng: 5 + spot * 0.1 });
const phoneNo = () => `+966 5${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function place(fields: { name: string; nameAr?: string; lat?: number; lng?: number; phone?: string; address?: string; website?: string }) {
  const slug = `dup-${tag()}`.toLowerCase().replace(/[^a-z0-9-]/g, '');
  const [row] = await sql`
    insert into public.places (slug, name, name_ar, category_id, latitude, longitude, phone, address, website_url)
    values (${slug}, ${fields.name}, ${fields.nameAr ?? null}, ${cafes}, ${fields.lat ?? null}, ${fields.lng ?? null},
            ${fields.phone ?? null}, ${fields.address ?? null}, ${fields.website ?? null})
    returning id, slug`;
  return { id: Number(row!.id), slug: String(row!.slug) };
}
const check = (params: Record<string, string | number>, lang?: 'en' | 'ar') =>
  call('GET', `/public/duplicates?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`, { lang });

describe('GET /public/duplicates', () => {
  it('finds a similarly named place within 150 m, and not one 1 km away', async () => {
    const at = nextSpot();
    const near = await place({ name: 'Blue Lantern Coffee Roasters', lat: at.lat + 0.0005, lng: at.lng });
    const far = await place({ name: 'Blue Lantern Coffee Roasters', lat: at.lat + 0.009, lng: at.lng });
    const res = await check({ name: 'Blue Lantern Coffee', latitude: at.lat, longitude: at.lng });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = res.body.data.map((d: { id: number }) => d.id);
    expect(ids).toContain(near.id);
    expect(ids).not.toContain(far.id);
    const hit = res.body.data.find((d: { id: number }) => d.id === near.id);
    expect(hit).toMatchObject({ slug: near.slug, reasons: ['name'] });
    expect(hit.distanceM).toBeGreaterThan(40);
    expect(hit.distanceM).toBeLessThan(70);
    expect(hit.similarity).toBeGreaterThanOrEqual(0.4);
  });

  it('does not answer an unrelated name nearby', async () => {
    const at = nextSpot();
    await place({ name: 'Golden Scissors Barber', lat: at.lat, lng: at.lng });
    const res = await check({ name: 'Riverside Pharmacy', latitude: at.lat, longitude: at.lng });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it('finds an Arabic name, spelled with other hamza and taa marbuta forms', async () => {
    const at = nextSpot();
    const p = await place({ name: 'Al Amal Bakery', nameAr: 'مخبزة الأمل الحديثة', lat: at.lat, lng: at.lng + 0.0003 });
    const res = await check({ nameAr: 'مخبزه الامل الحديثه', latitude: at.lat, longitude: at.lng }, 'ar');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((d: { id: number }) => d.id)).toContain(p.id);
  });

  it('finds the same phone number anywhere, typed with Arabic-Indic digits or another format', async () => {
    const phone = phoneNo();
    const p = await place({ name: 'Phone Twin Laundry', phone });
    const digits = phone.replace(/\D/g, '').replace(/^966/, '0');
    const arabic = digits.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const res = await check({ phone: arabic });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ id: p.id, reasons: ['phone'], distanceM: null })]);
    const excluded = await check({ phone: digits, excludeId: p.id });
    expect(excluded.body.data).toEqual([]);
  });

  it('answers 400 in the request\'s language for no way to match, half coordinates or bad numbers', async () => {
    const none = await check({ name: 'Only a name' }, 'ar');
    expect(none.status).toBe(400);
    expect(none.body.success).toBe(false);
    expect(none.body.error.message).toMatch(/[\u0600-\u06ff]/);
    expect((await check({ name: 'x', latitude: 10 })).status).toBe(400);
    expect((await check({ name: 'x', latitude: 'north', longitude: 3 })).status).toBe(400);
    expect((await check({ name: 'x', latitude: 95, longitude: 3 })).status).toBe(400);
    expect((await check({ name: 'x'.repeat(201), latitude: 1, longitude: 3 })).status).toBe(400);
  });
});

describe('admin duplicates', () => {
  it('lists near similar pairs and same-phone pairs, not far ones; admins only', async () => {
    const at = nextSpot();
    const a = await place({ name: 'Palm Court Dental Clinic', lat: at.lat, lng: at.lng });
    const b = await place({ name: 'Palm Court Dental', lat: at.lat + 0.0004, lng: at.lng });
    const far = await place({ name: 'Palm Court Dental Clinic', lat: at.lat + 0.01, lng: at.lng });
    const phone = phoneNo();
    const p1 = await place({ name: 'Phone Pair One', phone });
    const p2 = await place({ name: 'Entirely Different', phone: phone.replace('+966 ', '0') });
    const pairs: { a: { id: number }; b: { id: number }; reasons: string[] }[] = [];
    for (let page = 1; ; page += 1) {
      const res = await call('GET', `/admin/duplicates?limit=100&page=${page}`, { token: admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      pairs.push(...res.body.data);
      if (page * 100 >= res.body.meta.total) break;
    }
    const has = (x: number, y: number) => pairs.find((p) => p.a.id === Math.min(x, y) && p.b.id === Math.max(x, y));
    expect(has(a.id, b.id)?.reasons).toEqual(['name']);
    expect(has(a.id, far.id)).toBeUndefined();
    expect(has(b.id, far.id)).toBeUndefined();
    expect(has(p1.id, p2.id)?.reasons).toEqual(['phone']);
    expect((await call('GET', '/admin/duplicates', { token: user })).status).toBe(403);
    expect((await call('GET', '/admin/duplicates')).status).toBe(401);
  });

  it('merges: moves the empty fields, deletes the removed place, its slug answers 301 (API and page), history rows', async () => {
    const keep = await place({ name: 'Merge Keep Cafe', address: 'King Fahd Road' });
    const remove = await place({ name: 'Merge Keep Café', lat: 6.5, lng: 6.5, phone: phoneNo(), address: 'Other address', website: 'https://merge.example' });
    const res = await call('POST', '/admin/duplicates/merge', { token: admin, body: { keepId: keep.id, removeId: remove.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ keepId: keep.id, slug: keep.slug, removedSlug: remove.slug });
    expect(res.body.data.moved.sort()).toEqual(['latitude', 'longitude', 'phone', 'websiteUrl']);
    const [kept] = await sql`select * from public.places where id = ${keep.id}`;
    expect(kept).toMatchObject({ address: 'King Fahd Road', website_url: 'https://merge.example', latitude: 6.5, longitude: 6.5 });
    expect(await sql`select 1 from public.places where id = ${remove.id}`).toHaveLength(0);

    const old = await app.request(`/api/public/places/${remove.slug}`);
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/api/public/places/${keep.slug}`);

    const history = await call('GET', `/admin/history?entity=place&id=${keep.id}`, { token: admin });
    expect(history.body.data[0]).toMatchObject({ operation: 'update', after: { website_url: 'https://merge.example' } });
    const removed = await call('GET', `/admin/history?entity=place&id=${remove.id}`, { token: admin });
    expect(removed.body.data[0]).toMatchObject({ operation: 'delete', before: { slug: remove.slug } });

    // a later merge of the kept place carries the old slug along
    const last = await place({ name: 'Merge Keep Coffee' });
    expect((await call('POST', '/admin/duplicates/merge', { token: admin, body: { keepId: last.id, removeId: keep.id } })).status).toBe(200);
    const twice = await app.request(`/api/public/places/${remove.slug}`);
    expect(twice.headers.get('location')).toBe(`/api/public/places/${last.slug}`);
  });

  it('answers 400 for the same or bad ids, 404 for a missing place, 403 for a non-admin', async () => {
    const p = await place({ name: 'Merge Guard' });
    const same = await call('POST', '/admin/duplicates/merge', { token: admin, body: { keepId: p.id, removeId: p.id }, lang: 'ar' });
    expect(same.status).toBe(400);
    expect(same.body.error.fields).toHaveProperty('removeId');
    expect((await call('POST', '/admin/duplicates/merge', { token: admin, body: { keepId: 'x', removeId: p.id } })).status).toBe(400);
    const missing = await call('POST', '/admin/duplicates/merge', { token: admin, body: { keepId: p.id, removeId: 9_000_000_000 } });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('place_not_found');
    expect((await call('POST', '/admin/duplicates/merge', { token: user, body: { keepId: p.id, removeId: p.id + 1 } })).status).toBe(403);
    expect(await sql`select 1 from public.places where id = ${p.id}`).toHaveLength(1);
  });
});
