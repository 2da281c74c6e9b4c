import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ApiApp } from '../../src/server/http/app-deps.ts';
import { LocalStorageProvider } from '../../src/server/storage/local-storage-provider.ts';
import { createUser, testApp } from '../helpers/api.ts';
import { caller } from '../helpers/admin-api.ts';
import { localProvider, NO_RATE_LIMITS, uniqueEmail } from '../helpers/auth.ts';
import { latestCode } from '../helpers/mailbox.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * Every 2xx JSON answer of the API's writes (POST/PUT/DELETE: creates, updates, deletes, uploads,
 * reorders, approve/reject/approve-all, restore, import) matches the response schema its route
 * declares — the GET side is tests/api/response-schemas.test.ts. The writes run in order, as an
 * admin and a signed-in user would make them, on a scratch database (approve-all and the import act
 * on the whole directory); the auth provider's writes (sign-up with the mailed code, sessions,
 * passwords) run as a user and an admin would. The registry is walked, so a new write route fails
 * the coverage test until it is called here.
 */
type RouteDefinition = {
  method: string;
  path: string;
  responses: Record<string, { content?: Record<string, { schema?: z.ZodType }> }>;
};

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

let db: ScratchDatabase;
let app: ApiApp;
let auth: ReturnType<typeof localProvider>;
const root = mkdtempSync(path.join(tmpdir(), 'write-schemas-'));
let admin = '';
let user = '';

beforeAll(async () => {
  db = await createScratchDatabase();
  auth = localProvider(db.sql);
  app = testApp(db.sql, { auth, authRateLimits: NO_RATE_LIMITS, storage: new LocalStorageProvider(root) });
  admin = (await createUser(db.sql, { role: 'admin' })).token;
  user = (await createUser(db.sql)).token;
}, 180_000);
afterAll(async () => {
  await auth?.close();
  await db?.drop();
  rmSync(root, { recursive: true, force: true });
});

const writeRoutes = () => app.openAPIRegistry.definitions
  .filter((d) => d.type === 'route')
  .map((d) => (d as unknown as { route: RouteDefinition }).route)
  .filter((r) => r.method !== 'get' && r.responses && Object.entries(r.responses).some(([code, res]) => /^2/.test(code) && res.content?.['application/json']));

/** Route templates called and checked, as 'METHOD /path/{param}'. */
const checked = new Set<string>();

/**
 * Calls `method template` (its {params} filled from `params`) with a JSON or multipart body as
 * `token`, expects the route's declared 2xx status, parses the answer with that status's declared
 * schema and returns the answer's `data`.
 */
async function write(method: string, template: string, options: { token?: string; body?: unknown; form?: FormData; params?: Record<string, number> }): Promise<any> {
  const route = writeRoutes().find((r) => r.method === method.toLowerCase() && r.path === template);
  expect(route, `${method} ${template} is a documented write`).toBeDefined();
  const [code, declared] = Object.entries(route!.responses).find(([c, res]) => /^2/.test(c) && res.content?.['application/json'])!;
  const schema = declared.content!['application/json'].schema!;
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => String(options.params?.[name]));
  const { status, body: json } = await caller(app)(method, url, { token: options.token, body: options.form ?? options.body });
  expect(status, `${method} ${url}: ${JSON.stringify(json).slice(0, 300)}`).toBe(Number(code));
  const parsed = schema.safeParse(json);
  expect(parsed.success, `${method} ${url}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))}`).toBe(true);
  checked.add(`${method} ${template}`);
  return json.data;
}

function png(): FormData {
  const form = new FormData();
  form.append('image', new Blob([PNG_1X1], { type: 'image/png' }), 'logo.png');
  return form;
}

describe('every 2xx answer of a write matches its declared response schema', () => {
  it('creates, updates, moderates, restores, imports and deletes with schema-valid answers', async () => {
    const token = admin;
    for (const area of ['places', 'categories', 'website']) await write('POST', `/admin/upload/${area}`, { token, form: png() });
    await write('POST', '/public/auth/upload/places', { token: user, form: png() });
    await write('PUT', '/public/auth/profile', { token: user, body: { name: 'Schema Person' } });
    await write('PUT', '/public/auth/profile/settings', { token: user, body: { notifyDecisions: false } });

    const category = await write('POST', '/admin/categories', { token, body: { name: 'Schema Cafes', nameAr: 'مقاهي' } });
    await write('PUT', '/admin/categories/{id}', { token, params: { id: category.id }, body: { iconUrl: '/uploads/categories/a.png' } });
    const spare = await write('POST', '/admin/categories', { token, body: { name: 'Schema Spare' } });

    const zone = await write('POST', '/admin/zones', { token, body: { title: 'Schema Zone', titleAr: 'حي', latitude: 24.7, longitude: 46.7 } });
    await write('PUT', '/admin/zones/{id}', { token, params: { id: zone.id }, body: { description: 'North' } });
    const zones = await db.sql<{ id: number }[]>`select id::int from public.zones order by sort_order, id`;
    await write('PUT', '/admin/zones/reorder', { token, body: { order: zones.map(({ id }, i) => ({ id, order: zones.length - i })) } });

    const building = await write('POST', '/admin/zones/{zoneId}/buildings', { token, params: { zoneId: zone.id }, body: { name: 'Tower', number: '7' } });
    await write('POST', '/admin/zones/{zoneId}/buildings', { token, params: { zoneId: zone.id }, body: { name: 'Annex' } });
    const buildings = await db.sql<{ id: number }[]>`select id::int from public.buildings where zone_id = ${zone.id} order by sort_order, id`;
    await write('PUT', '/admin/zones/{zoneId}/buildings/reorder', {
      token, params: { zoneId: zone.id }, body: { order: buildings.map(({ id }, i) => ({ id, order: buildings.length - i })) },
    });
    await write('PUT', '/admin/buildings/{id}', { token, params: { id: building.id }, body: { hasDetails: true } });

    const place = await write('POST', '/admin/places', { token, body: { name: 'Schema Pharmacy', categoryId: category.id, zoneId: zone.id, buildingId: building.id } });
    await write('PUT', '/admin/places/{id}', { token, params: { id: place.id }, body: { name: 'Schema Pharmacy 24h', categoryId: category.id, phone: '+966 11 555 5555' } });
    const [entry] = await db.sql<{ id: number }[]>`select id::int from public.audit_log where entity = 'place' and entity_id = ${place.id} order by id desc limit 1`;
    await write('POST', '/admin/history/{entryId}/restore', { token, params: { entryId: entry.id } });

    // the user's requests, then each decision
    const created = await write('POST', '/public/places', { token: user, body: { name: 'Schema Bakery', categoryId: category.id, zoneId: zone.id } });
    await write('POST', '/admin/place-requests/{id}/approve', { token, params: { id: created.id } });
    const [own] = await db.sql<{ id: number }[]>`select place_id::int as id from public.place_requests where id = ${created.id}`;
    const edit = await write('POST', '/public/auth/places/{id}/edit-request', { token: user, params: { id: own.id }, body: { changes: { phone: '+966 11 222 3333' } } });
    await write('POST', '/admin/place-requests/{id}/reject', { token, params: { id: edit.id }, body: { reason: 'Not this number' } });
    await write('POST', '/public/places', { token: user, body: { name: 'Schema Florist', categoryId: category.id } });
    const all = await write('POST', '/admin/place-requests/approve-all', { token, body: {} });
    expect(all.approved).toHaveLength(1);

    const [{ slug }] = await db.sql<{ slug: string }[]>`select slug from public.categories where id = ${category.id}`;
    const csv = { format: 'csv', content: `name,nameAr,categorySlug\nSchema Imported,مستورد,${slug}\n` };
    await write('POST', '/admin/import/preview', { token, body: csv });
    await write('POST', '/admin/import', { token, body: csv });

    await write('PUT', '/admin/website-settings', { token, body: { siteName: 'Schema Directory', siteNameAr: 'دليل', logoUrl: '/uploads/website/logo.png' } });

    const twin = await write('POST', '/admin/places', { token, body: { name: 'Schema Pharmacy Twin', categoryId: category.id, phone: '+966 11 555 5555' } });
    const merged = await write('POST', '/admin/duplicates/merge', { token, body: { keepId: place.id, removeId: twin.id } });
    expect(merged.keepId).toBe(place.id);

    await write('DELETE', '/admin/places/{id}', { token, params: { id: place.id } });
    await write('DELETE', '/admin/buildings/{id}', { token, params: { id: building.id } });
    await write('DELETE', '/admin/zones/{id}', { token, params: { id: zone.id } });
    await write('DELETE', '/admin/categories/{id}', { token, params: { id: spare.id } });
  });

  it('signs up, verifies, signs in, refreshes, resets and changes passwords, signs out with schema-valid answers', async () => {
    const email = uniqueEmail('schemas');
    await write('POST', '/public/auth/register', { body: { email, password: 'secret-1', name: 'Schema Sara' } });
    await write('POST', '/public/auth/resend-code', { body: { email } });
    const code = await latestCode(email, 'signup-code', { count: 2 });
    const session = await write('POST', '/public/auth/verify-email', { body: { email, code } });
    const login = await write('POST', '/public/auth/login', { body: { email, password: 'secret-1' } });
    const refreshed = await write('POST', '/public/auth/refresh', { body: { refreshToken: login.refreshToken } });
    await write('PUT', '/public/auth/change-password', { token: refreshed.token, body: { currentPassword: 'secret-1', newPassword: 'secret-2' } });
    await write('POST', '/public/auth/forgot-password', { body: { email } });
    const resetCode = await latestCode(email, 'reset-code');
    await write('POST', '/public/auth/verify-reset-code', { body: { email, code: resetCode } });
    await write('POST', '/public/auth/reset-password', { body: { email, code: resetCode, newPassword: 'secret-3' } });
    await write('POST', '/public/auth/logout', { token: session.token, body: { refreshToken: session.refreshToken } });

    const adminEmail = uniqueEmail('schemas-admin');
    await auth.createAdmin({ email: adminEmail, password: 'admin-pass-1', name: 'Schema Admin' });
    const adminLogin = await write('POST', '/admin/auth/login', { body: { email: adminEmail, password: 'admin-pass-1', remember: false } });
    const adminSession = await write('POST', '/admin/auth/refresh', { body: { refreshToken: adminLogin.refreshToken } });
    await write('PUT', '/admin/auth/change-password', { token: adminSession.token, body: { currentPassword: 'admin-pass-1', newPassword: 'admin-pass-2' } });
    await write('POST', '/admin/auth/logout', { token: adminSession.token, body: { refreshToken: adminSession.refreshToken } });
  });

  it('covers every documented write with a JSON 2xx answer', () => {
    const routes = writeRoutes().map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((r) => !checked.has(r));
    expect(missing).toEqual([]);
  });

  it('a write answer that breaks its declared schema is caught (the check can fail)', () => {
    const route = writeRoutes().find((r) => r.method === 'post' && r.path === '/admin/categories')!;
    const schema = route.responses['201'].content!['application/json'].schema!;
    const good = { success: true, data: { id: 1, slug: 'x', name: 'X', nameAr: null, iconUrl: null, placesCount: 0, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' } };
    const accepted = schema.safeParse(good);
    expect(accepted.success, JSON.stringify(accepted.error?.issues)).toBe(true);
    expect(schema.safeParse({ ...good, data: { ...good.data, placesCount: '0' } }).success).toBe(false);
    expect(schema.safeParse({ success: true, data: { ...good.data, id: undefined } }).success).toBe(false);
  });
});
