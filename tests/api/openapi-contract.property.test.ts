import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiApp } from '../../src/server/http/app-deps.ts';
import { isStorableText } from '../../src/shared/schemas/common-schemas.ts';
import { createUser, testApp } from '../helpers/api.ts';
import { localProvider, NO_RATE_LIMITS } from '../helpers/auth.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * The document as a contract (what Schemathesis checks, with fast-check): for EVERY operation of
 * /api/openapi.json, as anonymous, user and admin, requests generated FROM THE DOCUMENT —
 *  - valid ones (bodies, query and path parameters drawn from their schemas: bounds, enums, formats,
 *    patterns by their examples, optional fields present or not): never a 5xx, the status is one the
 *    operation documents, and the JSON answer matches that response's schema;
 *  - invalid ones (a required field left out, a value of the wrong type, a text over its maxLength or
 *    against its pattern, a number out of bounds — each checked invalid against the document first):
 *    refused with a documented 4xx whose body matches the Error schema.
 * On a scratch database (writes happen), with the rate limits off. CONTRACT_RUNS sets runs per
 * operation, role and kind (default 8: about 3 000 requests, some 20 s on 2 cores).
 */

type Schema = Record<string, any>;
type Role = 'anon' | 'user' | 'admin';
const ROLES: Role[] = ['anon', 'user', 'admin'];
const RUNS = Number(process.env.CONTRACT_RUNS ?? 8);

let db: ScratchDatabase;
let app: ApiApp;
let doc: any;
let tokens: Record<Role, string | null>;
let fixture: Record<string, number | string>;
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);
ajv.addFormat('password', true);
ajv.addFormat('binary', true);

beforeAll(async () => {
  db = await createScratchDatabase();
  app = testApp(db.sql, { auth: localProvider(db.sql), authRateLimits: NO_RATE_LIMITS });
  const user = await createUser(db.sql, { name: 'Contract user' });
  const admin = await createUser(db.sql, { role: 'admin', name: 'Contract admin' });
  tokens = { anon: null, user: user.token, admin: admin.token };
  const [cat] = await db.sql`insert into public.categories (slug, name) values ('cafes', 'Cafes') returning id`;
  const [zone] = await db.sql`insert into public.zones (slug, title) values ('olaya', 'Olaya') returning id`;
  const [building] = await db.sql`insert into public.buildings (zone_id, slug, name) values (${zone.id}, 'tower', 'Tower') returning id`;
  const [place] = await db.sql`insert into public.places (slug, name, category_id, zone_id, building_id, owner_id)
                               values ('bean', 'Bean', ${cat.id}, ${zone.id}, ${building.id}, ${user.id}) returning id`;
  const [request] = await db.sql`insert into public.place_requests (type, payload, user_id)
                                 values ('create', ${db.sql.json({ name: 'Asked', categoryId: Number(cat.id) })}, ${user.id}) returning id`;
  fixture = {
    categoryId: Number(cat.id), zoneId: Number(zone.id), buildingId: Number(building.id), placeId: Number(place.id), requestId: Number(request.id),
    placeSlug: 'bean', categorySlug: 'cafes', zoneSlug: 'olaya',
  };
  doc = await (await app.request('/api/openapi.json')).json();
  ajv.addSchema({ $id: 'doc', components: doc.components });
}, 120_000);

afterAll(async () => {
  await db?.drop();
});

/** A validator of `schema`, its component references resolved in the document. */
const validators = new Map<Schema, ReturnType<typeof ajv.compile>>();
function validator(schema: Schema) {
  let v = validators.get(schema);
  if (!v) {
    v = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')));
    validators.set(schema, v);
  }
  return v;
}
const resolve = (schema: Schema): Schema => (schema?.$ref ? resolve(doc.components.schemas[String(schema.$ref).split('/').pop()!]) : schema);

// ───────────────────────────── valid values from a schema ─────────────────────────────

/** Text a person might type: storable, not blank, no surrounding spaces (the server trims). */
const plainText = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcdefghij XYZ0123456789-بيت مطعم'.split('')), minLength: Math.max(1, min), maxLength: Math.max(1, Math.min(max, 24)) })
    .map((s) => s.trim()).filter((s) => s.length >= Math.max(1, min) && isStorableText(s));

/** Values valid for `schema`; `ids` chooses existing rows for id-like integers (`name` is the field or parameter). */
function valid(schema: Schema | undefined, name = ''): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined);
  schema = resolve(schema);
  const examples: unknown[] = Array.isArray(schema.examples) ? schema.examples : schema.example !== undefined ? [schema.example] : [];
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as Schema[]).map(resolve);
    const { allOf: _, ...rest } = schema;
    return valid({
      ...rest, type: 'object',
      properties: Object.assign({}, ...parts.map((s) => s.properties ?? {})),
      required: parts.flatMap((s) => s.required ?? []),
    }, name);
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  for (const key of ['anyOf', 'oneOf'] as const) if (Array.isArray(schema[key])) return fc.oneof(...(schema[key] as Schema[]).map((s) => valid(s, name)));
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : [];
  if (types.includes('null') && types.length > 1) {
    return fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: valid({ ...schema, type: types.filter((t) => t !== 'null') }, name) });
  }
  const type = types[0];
  if (type === 'string') {
    if (schema.pattern || schema.format) return examples.length ? fc.constantFrom(...examples) : fc.constant(undefined);
    return examples.length ? fc.oneof(fc.constantFrom(...examples), plainText(schema.minLength ?? 1, schema.maxLength ?? 60)) : plainText(schema.minLength ?? 1, schema.maxLength ?? 60);
  }
  if (type === 'integer' || type === 'number') {
    const id = /(^id$|Id$)/.test(name);
    if (id) {
      const known = { categoryId: fixture.categoryId, zoneId: fixture.zoneId, buildingId: fixture.buildingId } as Record<string, unknown>;
      return known[name] !== undefined ? fc.constant(known[name]) : fc.constantFrom(fixture.placeId, fixture.categoryId, fixture.requestId);
    }
    const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
    const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000);
    const lo = Math.max(min, -1000);
    const hi = Math.min(max, Math.max(lo, 1000));
    return type === 'integer' ? fc.integer({ min: lo, max: hi }) : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
  }
  if (type === 'boolean') return fc.boolean();
  if (type === 'array') {
    return fc.array(valid(schema.items, name), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
  }
  if (type === 'object') {
    const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
    if (!properties.length) return examples.length ? fc.constantFrom(...examples) : fc.constant({});
    const required = new Set<string>(schema.required ?? []);
    return fc.record(Object.fromEntries(properties.map(([key, s]) => [key, valid(s, key)])), { requiredKeys: [...required].filter((k) => properties.some(([p]) => p === k)) })
      .map((v) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)));
  }
  return examples.length ? fc.constantFrom(...examples) : fc.constant(undefined);
}

// ───────────────────────────── invalid values ─────────────────────────────

/** Mutations of a valid body that may make it invalid (each is checked against the document before use). */
function mutations(schema: Schema): ((body: Record<string, unknown>) => unknown)[] {
  schema = resolve(schema);
  const out: ((body: Record<string, unknown>) => unknown)[] = [() => 'not an object', () => [1, 2]];
  for (const key of schema.required ?? []) out.push(({ [key]: _, ...rest }) => rest);
  for (const [key, raw] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    const s = resolve(raw);
    const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    out.push((b) => ({ ...b, [key]: types.includes('string') ? 12345 : 'wrong type' }));
    out.push((b) => ({ ...b, [key]: { nested: true } }));
    if (s.maxLength) out.push((b) => ({ ...b, [key]: 'x'.repeat(s.maxLength + 1) }));
    if (s.pattern) out.push((b) => ({ ...b, [key]: 'not valid ! <x>' }));
    if (s.format === 'email') out.push((b) => ({ ...b, [key]: 'not-an-email' }));
    if (s.maximum !== undefined) out.push((b) => ({ ...b, [key]: s.maximum + 1 }));
    if (s.minimum !== undefined) out.push((b) => ({ ...b, [key]: s.minimum - 1 }));
    if (Array.isArray(s.enum)) out.push((b) => ({ ...b, [key]: 'no-such-option' }));
  }
  return out;
}

const QUERY_INVALID = ['-5', '0', 'abc', '1.5', '999999999', 'x'.repeat(500), 'no-such-option'];

// ───────────────────────────── requests ─────────────────────────────

interface Operation { method: string; path: string; op: any }
const operations = (): Operation[] => Object.entries(doc.paths as Record<string, Record<string, any>>)
  .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })))
  // uploads (multipart) are covered by tests/api/uploads.test.ts and the hostile-input property; deletions last
  .filter((o) => !o.op.requestBody?.content?.['multipart/form-data'])
  .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

function pathValue(name: string, route: string): string {
  if (name === 'slug') return String(route.includes('categories') ? fixture.categorySlug : route.includes('zones') ? fixture.zoneSlug : fixture.placeSlug);
  if (name === 'zoneId') return String(fixture.zoneId);
  if (route.includes('place-requests') || route.includes('/requests/')) return String(fixture.requestId);
  if (route.includes('categories')) return String(fixture.categoryId);
  if (route.includes('zones')) return String(fixture.zoneId);
  if (route.includes('buildings')) return String(fixture.buildingId);
  return String(fixture.placeId);
}

interface Answer { status: number; contentType: string; body: unknown; text: string }
async function send(role: Role, method: string, url: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { 'Accept-Language': 'en' };
  if (tokens[role]) headers.Authorization = `Bearer ${tokens[role]}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await app.request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: checked against the documented media type below
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: parsed, text };
}

/** The answer is one the operation documents, with a body matching that response's schema. */
function expectDocumented(op: Operation, what: string, answer: Answer) {
  expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  const response = op.op.responses[String(answer.status)] ?? op.op.responses.default;
  expect(response, `${what} → ${answer.status}: status not documented (${Object.keys(op.op.responses)}) ${answer.text.slice(0, 300)}`).toBeDefined();
  const json = response.content?.['application/json'];
  if (!json) {
    expect(answer.contentType, what).toMatch(new RegExp(`^(${Object.keys(response.content ?? {}).map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|') || 'none'})`));
    return;
  }
  expect(answer.contentType, `${what}: JSON`).toMatch(/^application\/json/);
  const validate = validator(json.schema);
  expect(validate(answer.body), `${what} → ${answer.status}: ${JSON.stringify(validate.errors?.slice(0, 3))} in ${answer.text.slice(0, 400)}`).toBe(true);
}

const urlOf = (op: Operation, query: Record<string, unknown>) => {
  let p = op.path;
  for (const param of (op.op.parameters ?? []).filter((x: any) => x.in === 'path')) p = p.replace(`{${param.name}}`, pathValue(param.name, op.path));
  const q = Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&');
  return q ? `${p}?${q}` : p;
};

/** Query values valid for the parameters (each present or not). */
const validQuery = (op: Operation) => {
  const params = (op.op.parameters ?? []).filter((x: any) => x.in === 'query');
  if (!params.length) return fc.constant({});
  return fc.record(Object.fromEntries(params.map((x: any) => {
    // cursors are opaque: only the server makes them
    if (x.name === 'cursor') return [x.name, fc.constant(undefined)];
    return [x.name, valid(x.schema, x.name)];
  })), { requiredKeys: params.filter((x: any) => x.required).map((x: any) => x.name) });
};

const body = (op: Operation) => op.op.requestBody?.content?.['application/json']?.schema as Schema | undefined;

describe('every operation answers as its OpenAPI document says', () => {
  it('covers the operations of the document', () => {
    expect(operations().length).toBeGreaterThan(60);
  });

  for (const role of ROLES) {
    it(`as ${role}: valid input → a documented status and body; invalid input → a documented 4xx`, async () => {
      let refusedInvalid = 0;
      let accepted = 0;
      for (const op of operations()) {
        const schema = body(op);
        const request = fc.record({ query: validQuery(op), body: schema ? valid(schema) : fc.constant(undefined) });
        // valid input
        await fc.assert(fc.asyncProperty(request, async ({ query, body: payload }) => {
          const url = urlOf(op, query as Record<string, unknown>);
          const requestBody = payload ?? (schema && op.op.requestBody?.required ? {} : undefined);
          if (schema && requestBody !== undefined) expect(validator(schema)(requestBody), `${op.method} ${op.path}: generated body invalid: ${JSON.stringify(requestBody)} ${JSON.stringify(validator(schema).errors)}`).toBe(true);
          const answer = await send(role, op.method, url, requestBody);
          if (answer.status < 300) accepted++;
          expectDocumented(op, `${role} ${op.method} ${url} ${JSON.stringify(requestBody)?.slice(0, 200)}`, answer);
        }), { numRuns: RUNS });

        // invalid body
        if (schema) {
          const candidates = mutations(schema);
          await fc.assert(fc.asyncProperty(valid(schema), fc.nat(candidates.length - 1), async (base, i) => {
            const mutated = candidates[i]!((base ?? {}) as Record<string, unknown>);
            if (validator(schema)(mutated)) return; // the mutation happened to stay valid
            const url = urlOf(op, {});
            const answer = await send(role, op.method, url, mutated);
            const what = `${role} ${op.method} ${url} invalid ${JSON.stringify(mutated)?.slice(0, 200)}`;
            expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
            expectDocumented(op, what, answer);
            refusedInvalid++;
          }), { numRuns: RUNS });
        }

        // invalid query parameter
        const params = (op.op.parameters ?? []).filter((x: any) => x.in === 'query' && x.name !== 'cursor');
        if (params.length) {
          await fc.assert(fc.asyncProperty(fc.constantFrom(...params), fc.constantFrom(...QUERY_INVALID), async (param: any, value) => {
            const coerced = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
            if (validator(param.schema)(coerced) || validator(param.schema)(value)) return; // valid for this parameter
            const url = urlOf(op, { [param.name]: value });
            const answer = await send(role, op.method, url);
            const what = `${role} ${op.method} ${url}`;
            expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
            expectDocumented(op, what, answer);
            refusedInvalid++;
          }), { numRuns: RUNS });
        }
      }
      // the generated requests reached the handlers
      expect(refusedInvalid).toBeGreaterThan(20);
      expect(accepted).toBeGreaterThan(role === 'anon' ? 10 : 20);
    }, 240_000);
  }
});
