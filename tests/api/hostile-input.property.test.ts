import fc from 'fast-check';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiApp } from '../../src/server/http/app-deps.ts';
import { isStorableText } from '../../src/shared/schemas/common-schemas.ts';
import { LocalStorageProvider } from '../../src/server/storage/local-storage-provider.ts';
import { createUser, testApp } from '../helpers/api.ts';
import { localProvider, NO_RATE_LIMITS } from '../helpers/auth.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * Hostile input over EVERY operation of /api/openapi.json (read from the app, so a new endpoint is
 * covered without touching this file), as anon, as a user and as an admin: random and malformed
 * JSON, wrong types in the schema's own fields, 100 KB+ strings, unicode edge cases (lone
 * surrogates, bidi and zero-width marks, NUL — which Postgres refuses in text), SQL and HTML
 * payloads, hostile path and query parameters, and upload file names that try to leave the folder.
 *
 * Invariants, checked on every request:
 *  1. never a 5xx;
 *  2. a 4xx answers the JSON envelope {success:false, error:{code, message}}; a 2xx {success:true};
 *  3. a rejected request (and any GET) changes no row: the content tables are checksummed (owner
 *     connection) before and after, on a scratch database nobody else writes to;
 *  4. (separate property) accepted writes store the text exactly as sent (after the documented trim).
 */

let db: ScratchDatabase;
let app: ApiApp;
let uploads: string;
let tokens: Record<'anon' | 'user' | 'admin', string | null>;
/** Authorization headers an anonymous caller may forge: none of them may get past a guard. */
let forged: string[] = [];
let fixture: { categoryId: number; zoneId: number; buildingId: number; placeId: number; placeSlug: string; requestId: number; categorySlug: string; zoneSlug: string };

type Role = keyof typeof tokens;
const ROLES: Role[] = ['anon', 'user', 'admin'];

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  body: 'json' | 'multipart' | null;
  /** Top-level property names of the JSON request schema (to put wrong values in real fields). */
  props: string[];
  /** The operation needs a bearer token (OpenAPI `security`). */
  secured: boolean;
}

beforeAll(async () => {
  db = await createScratchDatabase();
  uploads = mkdtempSync(path.join(tmpdir(), 'hostile-uploads-'));
  app = testApp(db.sql, {
    auth: localProvider(db.sql),
    authRateLimits: NO_RATE_LIMITS,
    storage: new LocalStorageProvider(uploads),
  });
  const user = await createUser(db.sql, { name: 'Hostile user' });
  const admin = await createUser(db.sql, { role: 'admin', name: 'Hostile admin' });
  tokens = { anon: null, user: user.token, admin: admin.token };
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const adminClaims = { sub: admin.id, email: admin.email, role: 'authenticated', aud: 'authenticated', app_metadata: { role: 'admin' }, exp: 4102444800 };
  const [, payload, signature] = user.token.split('.');
  forged = [
    `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(adminClaims)}.`, // unsigned
    `Bearer ${user.token.split('.')[0]}.${b64(adminClaims)}.${signature}`, // claims swapped under the user's signature
    `Bearer ${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`,
    'Bearer garbage', 'Bearer a.b.c', `Bearer ${'a'.repeat(20_000)}`, 'Basic YWRtaW46YWRtaW4=', 'Bearer', `bearer  ${admin.token}x`,
  ];
  const [cat] = await db.sql`insert into public.categories (slug, name) values ('cafes', 'Cafes') returning id`;
  const [zone] = await db.sql`insert into public.zones (slug, title) values ('olaya', 'Olaya') returning id`;
  const [building] = await db.sql`insert into public.buildings (zone_id, slug, name) values (${zone.id}, 'tower', 'Tower') returning id`;
  const [place] = await db.sql`insert into public.places (slug, name, category_id, zone_id, building_id, owner_id)
                               values ('bean', 'Bean', ${cat.id}, ${zone.id}, ${building.id}, ${user.id}) returning id`;
  const [request] = await db.sql`insert into public.place_requests (type, payload, user_id) values ('create', ${db.sql.json({ name: 'Asked', categoryId: Number(cat.id) })}, ${user.id}) returning id`;
  fixture = {
    categoryId: Number(cat.id), zoneId: Number(zone.id), buildingId: Number(building.id), placeId: Number(place.id), placeSlug: 'bean',
    requestId: Number(request.id), categorySlug: 'cafes', zoneSlug: 'olaya',
  };
}, 120_000);

afterAll(async () => {
  await db?.drop();
  if (uploads) rmSync(uploads, { recursive: true, force: true });
});

/** Every operation of the app's own OpenAPI document. */
async function operations(): Promise<Operation[]> {
  const res = await app.request('/api/openapi.json');
  const doc = (await res.json()) as { paths: Record<string, Record<string, any>> };
  const out: Operation[] = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params: { in: string; name: string }[] = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const schema = content['application/json']?.schema;
      out.push({
        method: method.toUpperCase(),
        path: p.replace(/^\/api/, ''),
        pathParams: params.filter((x) => x.in === 'path').map((x) => x.name),
        queryParams: params.filter((x) => x.in === 'query').map((x) => x.name),
        body: content['application/json'] ? 'json' : content['multipart/form-data'] ? 'multipart' : null,
        props: Object.keys(schema?.properties ?? {}),
        secured: (op.security ?? []).length > 0,
      });
    }
  }
  return out;
}

// ───────────────────────────── arbitraries ─────────────────────────────

const BIG = 'x'.repeat(100_001);
const BIG_AR = 'ب'.repeat(60_000);
const HOSTILE_TEXT = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', 'a\udfffb', '\u200f\u202eRTL\u202c', '\u200b\u200c\u200d\ufeff', '\u2066isolate\u2069',
  "'; drop table public.places; --", "' or '1'='1", '$$; select pg_sleep(10); $$', '\\', '%_', "O'Reilly",
  '<script>window.__xss=1</script>', '<img src=x onerror="window.__xss=1">', 'javascript:alert(1)', 'data:text/html,<b>x</b>',
  '../../etc/passwd', '..%2F..%2F', '{{7*7}}', '${7*7}', '__proto__', 'constructor', '😀👨‍👩‍👧🇸🇦', 'ﷺ﷽', 'مطعم القهوة',
  BIG, BIG_AR,
];
const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53, 2 ** 63, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER + 2, -0),
  fc.integer(),
  fc.double({ noNaN: true }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [1, 2], { a: 1 }, ['<x>'], { $gt: '' }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const PLACE_FIELDS = ['name', 'nameAr', 'categoryId', 'zoneId', 'buildingId', 'logoUrl', 'address', 'addressAr', 'phone', 'whatsapp', 'websiteUrl', 'mapUrl', 'managerName', 'latitude', 'details'];

const RAW_BODIES = [
  '', '{', '{"a":', '}', 'null', '[]', '"string"', '1e999', '-0', 'true', 'nul', '{"a":1}}', '\u0000', '{"a":"\u0000"}',
  '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '['.repeat(5000) + ']'.repeat(5000),
  '{"a":"\\ud800"}', '\ufeff{}', `{"name":"${BIG}"}`, 'x'.repeat(300_000),
];

/** A valid body per operation (when known), so one hostile field at a time reaches the handler and the database. */
const validBodies = (): Record<string, Record<string, unknown>> => ({
  'POST /public/places': { name: 'Valid place', categoryId: fixture.categoryId },
  'POST /public/auth/places/{id}/edit-request': { changes: { name: 'Valid edit' } },
  'PUT /public/auth/profile': { name: 'Valid name' },
  'POST /public/auth/register': { email: 'fuzz@example.test', password: 'secret123', name: 'Fuzz' },
  'POST /public/auth/login': { email: 'fuzz@example.test', password: 'secret123' },
  'POST /admin/auth/login': { email: 'fuzz@example.test', password: 'secret123' },
  'POST /admin/categories': { name: 'Valid category' },
  'PUT /admin/categories/{id}': { name: 'Valid category' },
  'POST /admin/zones': { title: 'Valid zone' },
  'PUT /admin/zones/{id}': { title: 'Valid zone' },
  'POST /admin/zones/{zoneId}/buildings': { name: 'Valid building' },
  'PUT /admin/buildings/{id}': { name: 'Valid building' },
  'POST /admin/places': { name: 'Valid place', categoryId: fixture.categoryId },
  'PUT /admin/places/{id}': { name: 'Valid place' },
  'PUT /admin/website-settings': { siteName: 'Dalil' },
  'POST /admin/place-requests/{id}/reject': { reason: 'Valid reason' },
  'PUT /admin/zones/reorder': { order: [{ id: fixture.zoneId, order: 1 }] },
});

interface Body {
  raw: string;
  contentType: string | null;
}
const jsonBody = (props: string[], base: Record<string, unknown> | undefined): fc.Arbitrary<Body> => {
  const fields = [...new Set([...props, ...Object.keys(base ?? {})])];
  // a valid body with one field (or a nested place field) made hostile
  const oneBad = fields.length
    ? fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...PLACE_FIELDS), hostileValue).map(([key, nested, value]) =>
      JSON.stringify(key === 'changes' ? { ...base, changes: { [nested]: value } } : { ...base, [key]: value }))
    : fc.constant('{}');
  const shaped = props.length
    ? fc.record(Object.fromEntries(props.map((p) => [p, hostileValue])), { requiredKeys: [] })
    : fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 4 });
  const text = fc.oneof(
    { weight: 3, arbitrary: shaped.map((v) => JSON.stringify(v)) },
    ...(base ? [{ weight: 5, arbitrary: oneBad }] : []),
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES) },
  );
  return fc.record({
    raw: text,
    contentType: fc.oneof({ weight: 8, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom(null, 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data; boundary=x') }),
  });
};

/** Percent-encodes every UTF-8 byte (lone surrogates become U+FFFD, as any HTTP client sends them). */
const enc = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const PATH_VALUES = [
  '0', '-1', '1.5', '1e3', '0x10', '99999999999999999999', '9223372036854775808', '9007199254740993', 'abc', 'NaN', 'Infinity',
  '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f%2e%2e', '..', '%00', '%E2%80%AE', '%F0%9F%98%80', '%3Cscript%3E', '1%20or%201%3D1',
  "1'%3B--", 'x'.repeat(3000), '%ZZ', '%', 'OLAYA', 'bean%00',
];
const pathValue = (name: string): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...PATH_VALUES) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(enc) },
    {
      weight: 2,
      arbitrary: name === 'slug' ? fc.constantFrom(fixture.placeSlug, fixture.categorySlug, fixture.zoneSlug)
        : name === 'zoneId' ? fc.constant(String(fixture.zoneId))
        : fc.constantFrom(fixture.placeId, fixture.categoryId, fixture.zoneId, fixture.buildingId, fixture.requestId).map(String),
    },
  );

const QUERY_VALUES = ['', '-1', '0', '1', '101', '100000', '100001', '99999999999999999999', '1e400', 'NaN', '1.5', ' 1', '0x10', 'abc', 'newest', 'name', 'create', 'edit', 'pending', 'W10', 'garbage'];
const queryValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...QUERY_VALUES).map(encodeURIComponent) },
  { weight: 2, arbitrary: hostileText.map((s) => enc(s.slice(0, 400))) },
);

interface Request {
  role: Role;
  url: string;
  body: Body | null;
  /** Authorization sent instead of the role's token (anon only: forged or malformed). */
  authorization?: string | null;
  lang?: string | null;
}
const LANGS = ['ar', 'en', 'ar-SA,ar;q=0.9', '*', '', 'xx', ';;;,,,', 'a'.repeat(5000), 'ar\tEN'];
const requestFor = (op: Operation, role: Role): fc.Arbitrary<Request> =>
  fc.record({
    role: fc.constant(role),
    path: fc.tuple(...op.pathParams.map(pathValue)).map((values) => {
      let p = op.path;
      op.pathParams.forEach((name, i) => (p = p.replace(`{${name}}`, values[i]!)));
      return p;
    }),
    query: fc.array(fc.tuple(fc.constantFrom(...(op.queryParams.length ? op.queryParams : ['x'])), queryValue), { maxLength: 4 }),
    body: op.body === 'json' ? fc.option(jsonBody(op.props, validBodies()[`${op.method} ${op.path}`]), { freq: 8 }) : fc.constant(null),
    authorization: role === 'anon' ? fc.option(fc.constantFrom(...forged), { freq: 2 }) : fc.constant(null),
    lang: fc.option(fc.constantFrom(...LANGS), { freq: 3 }),
  }).map(({ role, path: p, query, body, authorization, lang }) => ({
    role,
    url: query.length ? `${p}?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : p,
    body,
    authorization,
    lang,
  }));

// ───────────────────────────── invariants ─────────────────────────────

/** Digest of every content table (and users' key columns), per table, read with the owner connection. */
async function checksum(): Promise<Record<string, string>> {
  const [row] = await db.sql`
    select
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from public.zones t) as zones,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from public.buildings t) as buildings,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from public.categories t) as categories,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from public.places t) as places,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from public.place_requests t) as place_requests,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from public.profiles t) as profiles,
      (select md5(coalesce(string_agg(t::text, '|'), '')) from public.website_settings t) as website_settings,
      (select md5(coalesce(string_agg(t::text, '|' order by t.id), '')) from storage.objects t) as objects,
      (select md5(coalesce(string_agg(concat_ws(',', id, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, email_confirmed_at), '|' order by id), ''))
         from auth.users) as users`;
  return row as Record<string, string>;
}

function label(method: string, req: Request) {
  const body = req.body ? ` body(${req.body.contentType}) ${req.body.raw.slice(0, 160)}${req.body.raw.length > 160 ? `…(${req.body.raw.length})` : ''}` : '';
  const auth = req.authorization ? ` [Authorization: ${req.authorization.slice(0, 60)}]` : '';
  return `${req.role}${auth} ${method} ${req.url.slice(0, 200)}${body}`;
}

/** Per role: how many reads/writes got which status (to check the fuzzing reaches the handlers). */
const stats: Partial<Record<Role, Record<string, number>>> = {};

/** Sends one request and checks invariants 1–3; returns the status. */
async function send(method: string, req: Request | { role: Role; url: string; init: RequestInit }): Promise<number> {
  const headers: Record<string, string> = {};
  const token = tokens[req.role];
  if (token) headers.Authorization = `Bearer ${token}`;
  let init: RequestInit;
  if ('init' in req) init = { ...req.init, method, headers: { ...headers, ...(req.init.headers as Record<string, string>) } };
  else {
    if (req.body?.contentType) headers['Content-Type'] = req.body.contentType;
    if (req.authorization) headers.Authorization = req.authorization;
    if (req.lang != null) headers['Accept-Language'] = req.lang;
    init = { method, headers, body: req.body ? req.body.raw : undefined };
  }
  const stat = (stats[req.role] ??= {});
  const what = 'init' in req ? `${req.role} ${method} ${req.url}` : label(method, req);
  const before = await checksum();
  const res = await app.request(`/api${req.url}`, init);
  const text = await res.text();
  const kind = `${method === 'GET' ? 'read' : 'write'} ${res.status}`;
  stat[kind] = (stat[kind] ?? 0) + 1;
  expect(res.status, `${what} → ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
  // A successful answer of a non-JSON operation (the HTML docs page, the CSV/GeoJSON export) is checked by its media type only.
  if (res.status < 400 && !(res.headers.get('content-type') ?? '').includes('application/json')) {
    expect(res.headers.get('content-type'), `${what}: 2xx without JSON`).toMatch(/^(text\/html|text\/csv|application\/geo\+json)/);
    if (method === 'GET') expect(await checksum(), `${what} → ${res.status}: a read changed rows`).toEqual(before);
    return res.status;
  }
  let body: any;
  expect(() => (body = JSON.parse(text)), `${what}: not JSON: ${text.slice(0, 200)}`).not.toThrow();
  if (res.status >= 400) {
    expect(body, what).toMatchObject({ success: false, error: { code: expect.any(String), message: expect.any(String) } });
    expect(body.error.message.length, what).toBeGreaterThan(0);
    expect(await checksum(), `${what} → ${res.status} changed rows`).toEqual(before);
  } else {
    if (!('openapi' in body)) expect(body.success, what).toBe(true);
    if (method === 'GET') expect(await checksum(), `${what} → ${res.status}: a read changed rows`).toEqual(before);
  }
  return res.status;
}

// ───────────────────────────── properties ─────────────────────────────

let ops: Operation[] = [];
beforeAll(async () => {
  ops = await operations();
});

const RUNS = Number(process.env.HOSTILE_RUNS ?? 12);

describe('hostile input on every OpenAPI operation', () => {
  it('the OpenAPI document lists the operations (so this file covers them all)', () => {
    expect(ops.length).toBeGreaterThanOrEqual(60);
    expect(ops.some((o) => o.body === 'multipart')).toBe(true);
  });

  // One test per role; each runs RUNS random requests on every operation.
  for (const role of ROLES) {
    it(`as ${role}: never a 5xx, always the envelope, nothing changed when refused`, async () => {
      for (const op of ops) {
        if (op.body === 'multipart') continue; // uploads: below
        await fc.assert(fc.asyncProperty(requestFor(op, role), async (req) => {
          const status = await send(op.method, req);
          // no forged or missing token gets through a guard; no plain user through an admin one
          if (op.secured && role === 'anon') expect(status, label(op.method, req)).toBeGreaterThanOrEqual(400);
          if (op.secured && role === 'user' && op.path.startsWith('/admin/')) expect(status, label(op.method, req)).toBeGreaterThanOrEqual(400);
        }), { numRuns: RUNS });
      }
      // the requests reached the handlers: refusals by validation, and (signed in) accepted ones too
      const seen = Object.keys(stats[role] ?? {});
      expect(seen, JSON.stringify(stats[role])).toEqual(expect.arrayContaining(['write 400', 'read 200']));
      if (role !== 'anon') expect(seen.some((k) => /^write 20\d$/.test(k)), JSON.stringify(stats[role])).toBe(true);
    }, 240_000);
  }
});

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const FILE_NAMES = [
  '../../../etc/passwd.png', '..\\..\\win.png', '/abs/path.png', '..%2F..%2Fx.png', 'a\u0000.png', '.png', '', '.', '..',
  '%00.png', 'x'.repeat(5000) + '.png', '<script>.png', 'ملف.png', '\u202egnp.exe', 'CON.png', 'a/b/c.png',
];

describe('uploads with hostile file names', () => {
  it('store inside the uploads folder under a server-chosen name, or refuse — never 5xx', async () => {
    const uploadOps = ops.filter((o) => o.body === 'multipart');
    expect(uploadOps.length).toBeGreaterThanOrEqual(4);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...uploadOps), fc.constantFrom(...ROLES), fc.oneof(fc.constantFrom(...FILE_NAMES), fc.string({ unit: 'binary', maxLength: 30 })),
        fc.constantFrom('image', 'file', 'image[]', ''), fc.boolean(), fc.constantFrom('image/png', 'text/html', '', 'image/svg+xml'),
        async (op, role, name, field, png, type) => {
          const form = new FormData();
          form.append(field, new File([new Uint8Array(png ? PNG_1X1 : Buffer.from('<svg onload=alert(1)>'))], name, { type }));
          const status = await send(op.method, { role, url: op.path, init: { body: form } });
          if (status < 300) expect(role, `${op.path} accepted for ${role}`).not.toBe('anon');
        },
      ),
      { numRuns: 40 },
    );
    // Bodies that are not (well-formed) multipart
    const BROKEN: [string, string][] = [
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n'],
      ['multipart/form-data; boundary=x', '--y\r\n\r\n--y--'],
      ['multipart/form-data', 'no boundary'],
      ['multipart/form-data; boundary=' + 'b'.repeat(100), ''],
      ['application/json', '{"image":"iVBORw0KGgo="}'],
      ['image/png', PNG_1X1.toString('latin1')],
      ['text/plain', 'x'.repeat(100_000)],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...uploadOps), fc.constantFrom(...ROLES), fc.constantFrom(...BROKEN), async (op, role, [type, body]) => {
        const status = await send(op.method, { role, url: op.path, init: { body, headers: { 'Content-Type': type } } });
        expect(status, `${role} ${op.path} ${type}`).toBeGreaterThanOrEqual(400);
      }),
      { numRuns: 30 },
    );
    // Every stored file sits directly in <root>/<bucket>/ with a generated name.
    for (const bucket of readdirSync(uploads)) {
      expect(['places', 'categories', 'website']).toContain(bucket);
      for (const file of readdirSync(path.join(uploads, bucket))) expect(file).toMatch(/^[0-9a-f-]{36}\.(png|jpg|gif)$/);
    }
    expect(readdirSync(path.dirname(uploads)).filter((f) => f === 'passwd.png' || f === 'x.png')).toEqual([]);
  }, 120_000);
});

// ───────────────────────────── regressions ─────────────────────────────

describe('regressions found by the properties above', () => {
  // Text Postgres cannot store exactly: NUL (error 22021, was a 500) and lone surrogates (stored as
  // U+FFFD; on PUT /public/auth/profile the 400 came after the profile row had been rewritten).
  const cases: [Role, string, string, () => Record<string, unknown>, string][] = [
    ['user', 'PUT', '/public/auth/profile', () => ({ name: '\ud800' }), 'name'],
    ['user', 'PUT', '/public/auth/profile', () => ({ name: 'a\u0000b' }), 'name'],
    ['user', 'POST', '/public/places', () => ({ name: 'Cafe\u0000', categoryId: fixture.categoryId }), 'name'],
    ['user', 'POST', '/public/places', () => ({ name: 'Cafe', categoryId: fixture.categoryId, address: 'x\udc00' }), 'address'],
    ['user', 'POST', `/public/auth/places/{place}/edit-request`, () => ({ changes: { details: { description: 'a\u0000' } } }), 'changes.details.description'],
    ['admin', 'POST', '/admin/categories', () => ({ name: 'a\u0000b' }), 'name'],
    ['admin', 'POST', '/admin/zones', () => ({ title: 'Zone', description: '\u0000' }), 'description'],
    ['admin', 'POST', '/admin/zones/{zone}/buildings', () => ({ name: 'B', number: '1\u0000' }), 'number'],
    ['admin', 'PUT', '/admin/places/{place}', () => ({ managerName: '\ud83d' }), 'managerName'],
    ['admin', 'PUT', '/admin/website-settings', () => ({ siteName: 'Dalil\u0000' }), 'siteName'],
    ['admin', 'POST', '/admin/place-requests/{request}/reject', () => ({ reason: 'no\u0000' }), 'reason'],
    ['anon', 'POST', '/public/auth/register', () => ({ email: 'nul@example.test', password: 'secret123', name: 'N\u0000' }), 'name'],
    ['anon', 'POST', '/public/auth/refresh', () => ({ refreshToken: 'abc\u0000def' }), 'refreshToken'],
  ];
  it.each(cases.map(([role, method, url, body, field]) => [`${role} ${method} ${url} (${field})`, role, method, url, body, field] as const))(
    '%s → 400 naming the field, nothing stored',
    async (_name, role, method, url, body, field) => {
      const target = url.replace('{place}', String(fixture.placeId)).replace('{zone}', String(fixture.zoneId)).replace('{request}', String(fixture.requestId));
      const raw = JSON.stringify(body());
      const status = await send(method, { role, url: target, body: { raw, contentType: 'application/json' } });
      expect(status).toBe(400);
      const res = await app.request(`/api${target}`, { method, headers: { 'Content-Type': 'application/json', ...(tokens[role] ? { Authorization: `Bearer ${tokens[role]}` } : {}) }, body: raw });
      const answer = (await res.json()) as any;
      expect(Object.keys(answer.error.fields ?? {}), JSON.stringify(answer)).toContain(field);
    },
  );
});

// ───────────────────────────── round trip ─────────────────────────────

describe('accepted writes store the text exactly', () => {
  const storable = fc.oneof(
    fc.constantFrom(...HOSTILE_TEXT.filter((t) => t.length < 200 && t.trim() !== '' && isStorableText(t))),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).filter(isStorableText),
  );

  /** target: [role, method, path, body from two texts, SQL reading back the two stored texts by the answer's id] */
  const targets: [Role, string, string, (a: string, b: string) => unknown, (id: number) => Promise<[unknown, unknown]>][] = [
    ['admin', 'POST', '/admin/categories', (a, b) => ({ name: a, nameAr: b }),
      async (id) => { const [r] = await db.sql`select name, name_ar from public.categories where id = ${id}`; return [r?.name, r?.name_ar]; }],
    ['admin', 'POST', '/admin/zones', (a, b) => ({ title: a, description: b }),
      async (id) => { const [r] = await db.sql`select title, description from public.zones where id = ${id}`; return [r?.title, r?.description]; }],
    ['admin', 'POST', '/admin/places', (a, b) => ({ name: a, categoryId: fixture.categoryId, address: b, details: { description: b } }),
      async (id) => { const [r] = await db.sql`select name, address from public.places where id = ${id}`; return [r?.name, r?.address]; }],
    ['user', 'POST', '/public/places', (a, b) => ({ name: a, categoryId: fixture.categoryId, addressAr: b }),
      async (id) => { const [r] = await db.sql`select payload from public.place_requests where id = ${id}`; return [r?.payload.name, r?.payload.addressAr ?? null]; }], // blank fields are left out of a request's payload
  ];

  for (const [role, method, url, body, read] of targets) {
    it(`${role} ${method} ${url}: 2xx stores exactly the trimmed text; blank → 400`, async () => {
      await fc.assert(
        fc.asyncProperty(storable, storable, async (a, b) => {
          const res = await app.request(`/api${url}`, {
            method, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens[role]}` }, body: JSON.stringify(body(a, b)),
          });
          const answer = (await res.json()) as any;
          if (a.trim() === '') {
            expect(res.status, JSON.stringify(answer)).toBe(400);
            return;
          }
          expect(res.status, `${JSON.stringify([a, b])}: ${JSON.stringify(answer)}`).toBeLessThan(300);
          const stored = await read(Number(answer.data.id));
          expect(stored).toEqual([a.trim(), b.trim() === '' ? null : b.trim()]);
        }),
        { numRuns: 25 },
      );
    }, 60_000);
  }

  it('user PUT /public/auth/profile: the name is stored and answered exactly (trimmed)', async () => {
    await fc.assert(
      fc.asyncProperty(storable.filter((t) => t.trim() !== '' && t.trim().length <= 100), async (name) => {
        const res = await app.request('/api/public/auth/profile', {
          method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens.user}` }, body: JSON.stringify({ name }),
        });
        const answer = (await res.json()) as any;
        expect(res.status, JSON.stringify(answer)).toBe(200);
        expect(answer.data.name).toBe(name.trim());
        const [row] = await db.sql`select p.name, u.raw_user_meta_data ->> 'name' as meta from public.profiles p join auth.users u on u.id = p.id where p.id = ${answer.data.id}`;
        expect(row).toEqual({ name: name.trim(), meta: name.trim() });
      }),
      { numRuns: 25 },
    );
  });
});

describe('profile rename is all-or-nothing', () => {
  it('when the auth provider fails to store the name, the profile keeps its old name (was renamed anyway)', async () => {
    const auth = localProvider(db.sql);
    auth.updateName = async () => {
      throw new Error('auth provider down');
    };
    const failing = testApp(db.sql, { auth, authRateLimits: NO_RATE_LIMITS });
    const user = await createUser(db.sql, { name: 'Before' });
    const res = await failing.request('/api/public/auth/profile', {
      method: 'PUT', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${user.token}` }, body: JSON.stringify({ name: 'After' }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'internal_error' } });
    expect(await db.sql`select name from public.profiles where id = ${user.id}`).toEqual([{ name: 'Before' }]);
  });
});
