import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, ownerSql, testApp } from '../helpers/api.ts';
import { caller } from '../helpers/admin-api.ts';
import { authApp, call as authCall } from '../helpers/auth.ts';

/**
 * Issue #15: "an invalid value is 400 `validation_failed` with `fields.openingHours` in the request's
 * language" — every field message of `error.fields` follows Accept-Language (English and Arabic), on every
 * write path, for the schemas' own messages, zod's default messages and the checks made after parsing;
 * `error.fieldCodes` names each problem with a stable code (docs/decisions/034-field-messages.md).
 */

const sql = ownerSql();
const app = testApp(sql);
const withAuth = authApp(sql);
type User = Awaited<ReturnType<typeof createUser>>;
let user: User;
let admin: User;
let categoryId: number;
let placeId: number;
let adminPlaceId: number;
const tag = randomUUID().slice(0, 8);

beforeAll(async () => {
  user = await createUser(sql, { name: 'Field Messages Contributor' });
  admin = await createUser(sql, { role: 'admin' });
  [{ id: categoryId }] = await sql<{ id: number }[]>`select id::int from public.categories where slug = 'cafes'`;
  [{ id: placeId }] = await sql<{ id: number }[]>`
    insert into public.places ${sql({ slug: `fields-owned-${tag}`, name: `Owned ${tag}`, category_id: categoryId, owner_id: user.id })} returning id::int`;
  [{ id: adminPlaceId }] = await sql<{ id: number }[]>`
    insert into public.places ${sql({ slug: `fields-admin-${tag}`, name: `Admin ${tag}`, category_id: categoryId })} returning id::int`;
});
afterAll(async () => {
  await withAuth.auth.close();
  await sql.end();
});

const call = caller(app);

const AR_HOURS = 'ساعات العمل غير صالحة';
const LATIN = /[A-Za-z]/;

/** The four write paths that take opening hours, each with `banana` as the value. */
const HOURS_WRITES = () => [
  { name: 'admin place create', method: 'POST', path: '/admin/places', headers: admin.authHeader, body: { name: `Bad ${tag}`, categoryId, openingHours: 'banana' } },
  { name: 'admin place update', method: 'PUT', path: `/admin/places/${adminPlaceId}`, headers: admin.authHeader, body: { openingHours: 'banana' } },
  { name: 'user place request', method: 'POST', path: '/public/places', headers: user.authHeader, body: { name: `Bad ${tag}`, categoryId, openingHours: 'banana' } },
  { name: 'edit request', method: 'POST', path: `/public/auth/places/${placeId}/edit-request`, headers: user.authHeader, body: { changes: { openingHours: 'banana' } } },
];

/** The field messages of `openingHours` (an edit request names it inside `changes`). */
const hoursMessages = (fields: Record<string, string[]>) => fields['changes.openingHours'] ?? fields.openingHours;
const hoursCodes = (codes: Record<string, string[]>) => codes['changes.openingHours'] ?? codes.openingHours;

describe('field messages in the request language', () => {
  it('answers invalid opening hours in Arabic on every write path, and in English as before', async () => {
    for (const write of HOURS_WRITES()) {
      const ar = await call(write.method, write.path, { headers: write.headers, body: write.body, lang: 'ar' });
      expect(ar.status, write.name).toBe(400);
      expect(ar.body.error.code, write.name).toBe('validation_failed');
      expect(ar.body.error.message, write.name).toBe('بعض الحقول غير صالحة.');
      expect(hoursMessages(ar.body.error.fields), write.name).toEqual([AR_HOURS]);
      expect(hoursCodes(ar.body.error.fieldCodes), write.name).toEqual(['invalid_opening_hours']);

      const en = await call(write.method, write.path, { headers: write.headers, body: write.body });
      expect(en.status, write.name).toBe(400);
      expect(hoursMessages(en.body.error.fields), write.name).toEqual(['invalid opening hours']);
      expect(hoursCodes(en.body.error.fieldCodes), write.name).toEqual(['invalid_opening_hours']);
    }
  });

  it("answers zod's default messages in Arabic without English, and keeps zod's English text in English", async () => {
    // `categoryId` as a string and a sort that does not exist: messages the schemas do not name themselves.
    const ar = await call('GET', '/public/places?sort=sideways&limit=many', { lang: 'ar' });
    expect(ar.status).toBe(400);
    const arMessages = Object.values(ar.body.error.fields as Record<string, string[]>).flat();
    expect(arMessages.length).toBeGreaterThan(0);
    for (const m of arMessages) expect(m, JSON.stringify(ar.body.error.fields)).not.toMatch(LATIN);
    expect(ar.body.error.fieldCodes.sort).toEqual(['invalid_value']);

    const en = await call('GET', '/public/places?sort=sideways&limit=many');
    expect(en.body.error.fields.sort[0]).toMatch(/^Invalid option/);
    expect(en.body.error.fieldCodes.sort).toEqual(['invalid_value']);

    const body = await call('PUT', '/admin/website-settings', { headers: admin.authHeader, body: { siteName: 42 }, lang: 'ar' });
    expect(body.status).toBe(400);
    for (const m of Object.values(body.body.error.fields as Record<string, string[]>).flat()) expect(m).not.toMatch(LATIN);
  });

  it('translates the checks made after parsing (unknown category, taken slug, taken zone order)', async () => {
    const unknown = await call('POST', '/public/places', { headers: user.authHeader, body: { name: `Ghost ${tag}`, categoryId: 99_999_999, zoneId: 99_999_999 }, lang: 'ar' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ categoryId: ['يرجى اختيار فئة'], zoneId: ['معرّف غير صالح'] });
    expect(unknown.body.error.fieldCodes).toEqual({ categoryId: ['select_category'], zoneId: ['invalid_id'] });

    const [{ slug }] = await sql<{ slug: string }[]>`select slug from public.places where id = ${adminPlaceId}`;
    const taken = await call('POST', '/admin/places', { headers: admin.authHeader, body: { name: `Other ${tag}`, categoryId, slug }, lang: 'ar' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields.slug).toEqual(['هذا المعرّف مستخدم بالفعل']);

    const [{ order }] = await sql<{ order: number }[]>`select sort_order as order from public.zones order by sort_order limit 1`;
    const zone = await call('POST', '/admin/zones', { headers: admin.authHeader, body: { title: `Dup ${tag}`, order }, lang: 'ar' });
    expect(zone.status).toBe(400);
    expect(zone.body.error.fields.order).toEqual(['يوجد حي آخر بهذا الرقم في الترتيب']);
    expect(zone.body.error.fieldCodes.order).toEqual(['order_taken']);
  });

  it("answers an import's report in the request's language (the file's own names kept)", async () => {
    const post = (content: string, lang?: string) => call('POST', '/admin/import/preview', { headers: admin.authHeader, body: { format: 'csv', content }, lang });
    const badLat = 'name,categorySlug,lat,lng\nBad place,cafes,123.4,46.7\n';
    const ar = await post(badLat, 'ar');
    expect(ar.status).toBe(400);
    expect(ar.body.error.code).toBe('import_rejected');
    const [reason] = ar.body.error.fields['places[0]'] as string[];
    expect(reason).toMatch(/^lat: /);
    expect(reason.slice('lat: '.length)).not.toMatch(LATIN);
    expect((await post(badLat)).body.error.fields['places[0]'][0]).toMatch(/^lat: Too big/);

    const columns = await post('title,categorySlug\nX,cafes\n', 'ar');
    expect(columns.body.error.fields['csv[0]']).toEqual([
      'أعمدة غير معروفة: title؛ الأعمدة المتوقعة: ' + (await post('title,categorySlug\nX,cafes\n')).body.error.fields['csv[0]'][0].match(/expected (.*)$/)[1],
      'العمود name مفقود',
    ]);
    const notJson = await call('POST', '/admin/import/preview', { headers: admin.authHeader, body: { format: 'json', content: '{"places": [' }, lang: 'ar' });
    expect(notJson.body.error.fields['file[0]']).toEqual(['الملف ليس JSON صالحًا']);
  });

  it('lists every field code in the OpenAPI Error schema', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as any;
    const codes = doc.components.schemas.Error.properties.error.properties.fieldCodes.additionalProperties.items.enum as string[];
    for (const code of ['invalid_opening_hours', 'select_category', 'order_taken', 'invalid_value', 'invalid']) expect(codes).toContain(code);
  });

  it('answers the auth forms in Arabic (the same words as the Arabic screens)', async () => {
    const res = await authCall(withAuth.app, 'POST', '/public/auth/register', { email: 'not-an-email', password: '1', name: '' }, { 'Accept-Language': 'ar' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.email).toEqual(['يرجى إدخال بريد إلكتروني صحيح']);
    expect(res.body.error.fields.password).toEqual(['استخدم 6 أحرف على الأقل']);
    expect(res.body.error.fields.name).toEqual(['الاسم مطلوب']);
  });
});
