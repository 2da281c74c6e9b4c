import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import spectralCore from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../src/server/message-catalogue.ts';
import { OPENAPI_TAGS, OPERATION_IDS } from '../../src/server/http/openapi-document.ts';
import { ownerSql, testApp } from '../helpers/api.ts';
import { localProvider } from '../helpers/auth.ts';

/**
 * The served document (/api/openapi.json, every route: auth included) as third parties use it:
 * Spectral's `spectral:oas` ruleset finds nothing (0 errors, 0 warnings); a typed client generated
 * by openapi-typescript compiles and names operations and schemas; the document states what the
 * server enforces (formats, patterns, the error codes, the headers).
 */
const sql = ownerSql();
const auth = localProvider(sql);
const app = testApp(sql, { auth });
let doc: any;
const root = path.resolve(import.meta.dirname, '../..');

beforeAll(async () => {
  const res = await app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(async () => {
  await auth.close();
  await sql.end();
});

const operations = () => Object.entries(doc.paths as Record<string, Record<string, any>>)
  .flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, method, path: p, op })));

describe('OpenAPI document quality', () => {
  it("Spectral's spectral:oas ruleset: 0 errors, 0 warnings", async () => {
    const { Spectral } = spectralCore;
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] } as never);
    const results = await spectral.run(JSON.stringify(doc, null, 1));
    const problems = results.filter((r) => r.severity <= 1).map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`);
    expect(problems).toEqual([]);
    // the ruleset really ran: the same lint of a document without operationIds complains
    const bare = structuredClone(doc);
    delete bare.paths['/api/public/places'].get.operationId;
    expect((await spectral.run(JSON.stringify(bare))).map((r) => r.code)).toContain('operation-operationId');
  }, 60_000);

  it('every operation has a chosen operationId, a description, a defined tag and examples of its JSON bodies and success responses', () => {
    const tags = new Set(OPENAPI_TAGS.map((t) => t.name));
    expect(doc.tags.map((t: { name: string }) => t.name)).toEqual([...tags]);
    for (const t of doc.tags) expect(t.description, t.name).toBeTruthy();
    const ops = operations();
    expect(ops.length).toBeGreaterThan(65);
    for (const { key, op } of ops) {
      expect(op.operationId, key).toBe(OPERATION_IDS[key]);
      expect(op.description?.length, `${key}: description`).toBeGreaterThan(20);
      expect(tags.has(op.tags?.[0]), `${key}: tag ${op.tags}`).toBe(true);
      const media = [
        ...Object.values(op.requestBody?.content ?? {}).filter((_, i, all) => all.length && op.requestBody.content['application/json']),
        ...Object.values(op.responses as Record<string, any>).map((r) => r.content?.['application/json']).filter(Boolean),
      ] as { example?: unknown; schema?: unknown }[];
      for (const m of media) if (m.schema) expect(m.example, `${key}: example`).toBeDefined();
    }
    // and every operation shows at least one example, whatever its media (files and streams included)
    const withoutExample = ops.flatMap(({ key, op }) => Object.entries(op.responses as Record<string, any>)
      .filter(([status]) => status.startsWith('2'))
      .flatMap(([status, r]) => Object.entries(r.content ?? {}).map(([type, m]: [string, any]) => ({ key: `${key} ${status} ${type}`, m })))
      .filter(({ m }) => m.example === undefined && m.examples === undefined && m.schema?.example === undefined)
      .map((x) => x.key));
    expect(withoutExample).toEqual([]);
    expect(new Set(ops.map((o) => o.op.operationId)).size).toBe(ops.length);
    // the guide names every operation id and links the named schemas
    const guide = readFileSync(path.join(root, 'docs/api.md'), 'utf8');
    expect(Object.values(OPERATION_IDS).filter((id) => !guide.includes(`\`${id}\``))).toEqual([]);
    for (const name of Object.keys(doc.components.schemas)) expect(guide, name).toContain(`\`${name}\``);
  });

  it('names the shared schemas; Error lists every error code the server answers', () => {
    const schemas = doc.components.schemas;
    for (const name of ['Place', 'PlaceListItem', 'Category', 'Zone', 'Building', 'PlaceRequest', 'Error', 'PageMeta']) {
      expect(schemas[name], name).toBeDefined();
      expect(schemas[name].examples?.length ?? (name === 'PageMeta' ? 1 : 0), `${name}: example`).toBeGreaterThan(0);
    }
    const places = doc.paths['/api/public/places'].get.responses['200'].content['application/json'].schema;
    expect(places.properties.data.items).toEqual({ $ref: '#/components/schemas/PlaceListItem' });
    expect(doc.paths['/api/public/places/{slug}'].get.responses['404'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    const codes: string[] = schemas.Error.properties.error.properties.code.enum;
    expect(codes).toEqual(errorCodes());
    // every code thrown in the server (new ApiError(status, 'code' …), new NotFoundError('code' …) and the other
    // domain errors) is in the list (the compiler checks it too: codes are the catalogue's keys)
    const thrown = new Set<string>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name)) {
          for (const m of readFileSync(file, 'utf8').matchAll(/new ApiError\(\s*\d{3}\s*(?:as \w+)?,\s*'([a-z_]+)'/g)) thrown.add(m[1]!);
          for (const m of readFileSync(file, 'utf8').matchAll(/new (?:Validation|Forbidden|NotFound|Conflict|Gone|Unauthenticated|TooLarge|UnsupportedType|RateLimited|Unavailable)Error\(\s*'([a-z_]+)'/g)) thrown.add(m[1]!);
        }
      }
    };
    walk(path.join(root, 'src/server'));
    expect(thrown.size).toBeGreaterThan(20);
    expect([...thrown].filter((c) => !codes.includes(c))).toEqual([]);
    for (const code of ['route_not_found', 'validation_failed', 'rate_limited', 'slug_taken']) expect(codes).toContain(code);
    for (const success of ['signed_out', 'password_changed']) expect(codes).not.toContain(success);
  });

  it('request bodies state the rules the server enforces', () => {
    const body = (key: string) => {
      const [method, p] = key.split(' ');
      return doc.paths[p!][method!.toLowerCase()].requestBody.content['application/json'].schema;
    };
    const register = body('POST /api/public/auth/register').properties;
    expect(register.email).toMatchObject({ format: 'email', maxLength: 254 });
    expect(register.password).toMatchObject({ minLength: 6, maxLength: 72 });
    const code = body('POST /api/public/auth/verify-email').properties.code;
    expect(new RegExp(code.pattern).test('123456')).toBe(true);
    expect(new RegExp(code.pattern).test('12345')).toBe(false);
    const place = body('POST /api/public/places').properties;
    expect(new RegExp(place.phone.pattern).test('+966 11 234 5678')).toBe(true);
    expect(new RegExp(place.phone.pattern).test('call me')).toBe(false);
    expect(new RegExp(place.websiteUrl.pattern).test('https://pharmacy.example')).toBe(true);
    expect(new RegExp(place.websiteUrl.pattern).test('javascript:alert(1)')).toBe(false);
    const category = body('POST /api/admin/categories').properties;
    expect(new RegExp(category.slug.pattern ?? category.slug.anyOf?.[0]?.pattern).test('Not A Slug')).toBe(false);
  });

  it('declares Retry-After on 429/503 and X-Cache on the cached public reads', () => {
    for (const { key, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
        if (status === '429' || status === '503') expect(response.headers?.['Retry-After'], `${key} ${status}`).toBeDefined();
      }
    }
    for (const key of ['/api/public/places', '/api/public/places/{slug}', '/api/public/categories', '/api/public/search', '/api/website-settings']) {
      expect(doc.paths[key].get.responses['200'].headers['X-Cache'].schema.enum).toEqual(['hit', 'miss', 'bypass']);
    }
    expect(doc.paths['/api/admin/places'].get.responses['200'].headers['X-Cache']).toBeUndefined();
  });

  it('openapi-typescript generates a client that compiles and names operations and schemas', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dalil-openapi-ts-'));
    try {
      const generated = astToString(await openapiTS(structuredClone(doc)));
      writeFileSync(path.join(dir, 'api.d.ts'), generated);
      writeFileSync(path.join(dir, 'usage.ts'), `
        import type { components, operations, paths } from './api';
        type Place = components['schemas']['Place'];
        type Listed = operations['listPlaces']['responses'][200]['content']['application/json'];
        type Code = components['schemas']['Error']['error']['code'];
        export const slug: Place['slug'] = 'city-pharmacy';
        export const first = (answer: Listed): components['schemas']['PlaceListItem'] | undefined => answer.data[0];
        export const code: Code = 'route_not_found';
        // @ts-expect-error not an error code of this API
        export const unknownCode: Code = 'no_such_code';
        export type Login = paths['/api/public/auth/login']['post']['requestBody'];
        export const login: NonNullable<Login>['content']['application/json'] = { email: 'reader@example.com', password: 'secret-password' };
        export const message: operations['logout']['responses'][200]['content']['application/json']['data']['message'] = 'Signed out';
      `);
      const program = ts.createProgram([path.join(dir, 'usage.ts')], {
        strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: false, types: [],
      });
      const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnostics).toEqual([]);
      expect(generated).toContain('listPlaces: {');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
