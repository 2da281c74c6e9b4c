import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createUser, ownerSql, testApp } from '../helpers/api.ts';
import { tag } from '../helpers/admin-api.ts';
import { localProvider } from '../helpers/auth.ts';

/**
 * Every JSON 200 answer of the API matches the response schema its route declares (the schema the
 * OpenAPI document is produced from, and the one the SPA parses answers with). Walks the app's
 * OpenAPI registry, so a new GET route is covered as soon as it exists (a path parameter this test
 * cannot fill fails it), and calls each route as the caller it needs: anonymous for public routes,
 * a signed-in user for /public/auth/*, an admin for /admin/*.
 */
const sql = ownerSql();
const auth = localProvider(sql);
const app = testApp(sql, { auth, docsScript: async () => new TextEncoder().encode('/* scalar */') });
afterAll(async () => {
  await auth.close();
  await sql.end();
});

const ids = { category: 0, zone: 0, building: 0, place: 0, request: 0 };
const slugs = { category: '', zone: '', place: '' };
let adminToken = '';
let userToken = '';

beforeAll(async () => {
  const admin = await createUser(sql, { role: 'admin' });
  const user = await createUser(sql);
  adminToken = admin.token;
  userToken = user.token;
  const t = tag('schemas-');
  [{ id: ids.category, slug: slugs.category }] = await sql`
    insert into public.categories (slug, name, name_ar, icon_url) values (${t}, 'Schema Category', 'فئة', '/uploads/categories/x.png')
    returning id::int, slug`;
  [{ id: ids.zone, slug: slugs.zone }] = await sql`
    insert into public.zones (slug, title, title_ar, latitude, longitude) values (${t}, 'Schema Zone', 'حي', 24.7, 46.7) returning id::int, slug`;
  [{ id: ids.building }] = await sql`
    insert into public.buildings (zone_id, slug, name, number, latitude, longitude) values (${ids.zone}, 'b', 'Schema Building', '12', 24.71, 46.71)
    returning id::int`;
  [{ id: ids.place, slug: slugs.place }] = await sql`
    insert into public.places (slug, name, name_ar, category_id, zone_id, building_id, owner_id, phone, description, latitude, longitude)
    values (${t}, 'Schema Place', 'مكان', ${ids.category}, ${ids.zone}, ${ids.building}, ${user.id}, '+966 11 000 0000', 'About it', 24.72, 46.72)
    returning id::int, slug`;
  [{ id: ids.request }] = await sql`
    insert into public.place_requests (type, payload, previous, place_id, user_id)
    values ('edit', ${sql.json({ phone: '+966 11 111 1111' })}, ${sql.json({ phone: '+966 11 000 0000' })}, ${ids.place}, ${user.id})
    returning id::int`;
});

/** The value of a path parameter of `path`, or undefined when this test has none for it. */
function paramValue(path: string, name: string): string | undefined {
  if (name === 'zoneId') return String(ids.zone);
  if (name === 'slug') {
    if (path.startsWith('/public/categories/')) return slugs.category;
    if (path.startsWith('/public/zones/')) return slugs.zone;
    if (path.startsWith('/public/places/')) return slugs.place;
  }
  if (name === 'id') {
    if (path.startsWith('/admin/zones/')) return String(ids.zone);
    if (path.startsWith('/admin/places/')) return String(ids.place);
    if (path.startsWith('/admin/place-requests/') || path.startsWith('/public/auth/requests/')) return String(ids.request);
  }
  return undefined;
}

/** Query strings: the required ones, and searches so the search paths' answers are checked too. */
const QUERIES: Record<string, string | (() => string)> = {
  '/public/search': '?q=Schema',
  '/public/categories': '?search=Schema',
  '/admin/categories': '?search=Schema&page=1',
  '/admin/places': '?search=Schema',
  '/public/auth/places': '?search=Schema',
  '/admin/history': () => `?entity=place&id=${ids.place}`,
  '/public/duplicates': '?name=Schema%20Place&latitude=24.7&longitude=46.6&phone=0500000000',
};

type RouteDefinition = {
  method: string;
  path: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: z.ZodType }> }>;
};

const getRoutes = () => app.openAPIRegistry.definitions
  .filter((d) => d.type === 'route')
  .map((d) => (d as unknown as { route: RouteDefinition }).route)
  .filter((r) => r.method === 'get');

describe('every 200 answer matches its declared response schema', () => {
  it('covers the GET routes of the document (public, user and admin)', () => {
    const paths = getRoutes().map((r) => r.path);
    expect(paths.length).toBeGreaterThan(25);
    expect(paths).toEqual(expect.arrayContaining(['/public/places', '/public/auth/profile', '/admin/places/{id}', '/admin/place-requests']));
  });

  it('GET routes answer 200 with a body their schema accepts', async () => {
    const checked: string[] = [];
    for (const route of getRoutes()) {
      const schema = route.responses['200']?.content?.['application/json']?.schema;
      if (!schema) continue; // HTML and JavaScript answers (the API reference page and its script)
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = paramValue(route.path, name);
        expect(value, `a value for {${name}} of ${route.path}`).toBeDefined();
        return encodeURIComponent(value!);
      });
      const secured = route.security?.some((s) => 'bearerAuth' in s);
      const headers: Record<string, string> = secured ? { Authorization: `Bearer ${route.path.startsWith('/admin/') ? adminToken : userToken}` } : {};
      const query = QUERIES[route.path] ?? '';
      const res = await app.request(`/api${path}${typeof query === 'function' ? query() : query}`, { headers });
      const body = await res.json();
      expect(res.status, `GET ${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
      const parsed = schema.safeParse(body);
      expect(parsed.success, `GET ${path}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))}`).toBe(true);
      checked.push(route.path);
    }
    expect(checked.length).toBeGreaterThan(25);
  });

  it('a body that breaks the declared schema is caught (the check can fail)', async () => {
    const route = getRoutes().find((r) => r.path === '/public/zones/{slug}')!;
    const schema = route.responses['200'].content!['application/json'].schema!;
    const body = await (await app.request(`/api/public/zones/${slugs.zone}`)).json();
    expect(schema.safeParse(body).success).toBe(true);
    expect(schema.safeParse({ ...body, data: { ...body.data, buildings: [{ ...body.data.buildings[0], placesCount: '1' }] } }).success).toBe(false);
  });
});
