import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ownerSql, testApp } from '../helpers/api.ts';
import { localProvider } from '../helpers/auth.ts';

/**
 * The OpenAPI document (/api/openapi.json) is the third-party contract: it must list exactly the
 * routes the Hono app serves (both directions), each with a response schema and its error
 * responses, and mark every endpoint that needs a token with bearerAuth — which is checked
 * against the app's real behaviour (401 without a token).
 */
const sql = ownerSql();
const auth = localProvider(sql);
const app = testApp(sql, { auth, docsScript: async () => new TextEncoder().encode('/* scalar */') });
afterAll(async () => {
  await auth.close();
  await sql.end();
});

type Operation = {
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } };

async function openapi(): Promise<Doc> {
  const res = await app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as Doc;
}

const toHono = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const operations = (doc: Doc) => Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));

/** Endpoints under /public/auth and /admin that are called without a token (they hand tokens out or end sessions by refresh token). */
const CREDENTIAL_ENDPOINTS = [
  'register', 'verify-email', 'resend-code', 'login', 'refresh', 'logout', 'forgot-password', 'verify-reset-code', 'reset-password',
].map((p) => `POST /api/public/auth/${p}`).concat(['login', 'refresh', 'logout'].map((p) => `POST /api/admin/auth/${p}`));

describe('OpenAPI document ↔ served routes', () => {
  it('every route the app serves is documented, and every documented operation is served', async () => {
    const doc = await openapi();
    const documented = new Set(operations(doc).map((o) => `${o.method} ${toHono(o.path)}`));
    // app.routes lists handlers; middleware (app.use) is registered for method ALL
    const served = new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`));
    expect(served.size).toBeGreaterThan(60);
    expect([...served].filter((r) => !documented.has(r)), 'served but not documented').toEqual([]);
    expect([...documented].filter((r) => !served.has(r)), 'documented but not served').toEqual([]);
  });

  it('each operation has a response body schema and documents its error responses with the envelope', async () => {
    const doc = await openapi();
    const missing413: string[] = [];
    for (const { method, path, op } of operations(doc)) {
      const name = `${method} ${path}`;
      const ok = Object.entries(op.responses).filter(([status]) => /^2/.test(status));
      expect(ok.length, `${name}: a 2xx response`).toBeGreaterThan(0);
      for (const [, response] of ok) expect(Object.values(response.content ?? {})[0]?.schema, `${name}: 2xx schema`).toBeDefined();
      if (path.startsWith('/api/docs') || path === '/api/openapi.json') continue; // static documents, no error cases
      const errors = Object.entries(op.responses).filter(([status]) => /^[45]/.test(status));
      expect(errors.length, `${name}: error responses`).toBeGreaterThan(0);
      for (const [status, response] of errors) {
        const schema = response.content?.['application/json']?.schema as { properties?: Record<string, unknown>; $ref?: string } | undefined;
        expect(schema, `${name} ${status}: JSON error body`).toBeDefined();
        // the named Error schema (components.schemas.Error) or an inline envelope
        const resolved = schema?.$ref ? (doc as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas[schema.$ref.split('/').pop()!] : schema;
        expect(JSON.stringify(resolved), `${name} ${status}: the error envelope`).toMatch(/"success"/);
      }
      if (op.requestBody?.content['application/json']) {
        if (!op.responses['413']) missing413.push(name);
        expect(op.responses['400'], `${name}: JSON body → 400 documented`).toBeDefined();
      }
    }
    expect(missing413, 'JSON bodies over the limit get 413: documented').toEqual([]);
  });

  it('bearerAuth marks exactly the endpoints that refuse anonymous callers (401 without a token)', async () => {
    const doc = await openapi();
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const wrong: string[] = [];
    for (const { method, path, op } of operations(doc)) {
      const name = `${method} ${path}`;
      const secured = (op.security ?? []).some((s) => 'bearerAuth' in s);
      const tokenArea = /^\/api\/(public\/auth|admin)\//.test(path) || (method !== 'GET' && path !== '/api/public/auth/logout');
      if (!secured) {
        if (tokenArea) expect(CREDENTIAL_ENDPOINTS, `${name} is neither secured nor a credential endpoint`).toContain(name);
        continue;
      }
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await app.request(url, { method, headers: { 'Content-Type': 'application/json' }, body: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
      if (res.status !== 401) wrong.push(`${name} → ${res.status}`);
      expect(op.responses['401'], `${name}: 401 documented`).toBeDefined();
    }
    expect(wrong, 'secured endpoints answering anonymous callers with something else than 401').toEqual([]);
  });
});

describe('OpenAPI servers', () => {
  it('names the URL callers prefix the /api/... paths with: the request origin, or the public URL given (the Edge Function\'s /functions/v1)', async () => {
    const doc = (await (await app.request('http://dalil.example:8080/api/openapi.json')).json()) as { servers: { url: string }[]; paths: Record<string, unknown> };
    expect(doc.servers.map((s) => s.url)).toEqual(['http://dalil.example:8080']);
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
    const edge = testApp(sql, { apiServerUrl: 'https://ref.supabase.co/functions/v1' });
    const res = await edge.request('http://function.internal/api/openapi.json', { headers: { Origin: 'https://docs.example' } });
    expect(((await res.json()) as { servers: { url: string }[] }).servers.map((s) => s.url)).toEqual(['https://ref.supabase.co/functions/v1']);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('API reference page', () => {
  it('serves Scalar at /api/docs with the script from the server itself and a CSP allowing only its own inline scripts', async () => {
    const res = await app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('<script src="docs/scalar.js">');
    expect(html).not.toMatch(/cdn\.jsdelivr|fonts\.scalar\.com/);
    const policy = res.headers.get('content-security-policy') ?? '';
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(2); // Zod JIT off, then Scalar.createApiReference(...)
    const hashes = inline.map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    expect(policy).toContain(`script-src 'self' ${hashes.join(' ')}`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");

    const script = await app.request('/api/docs/scalar.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toBe('/* scalar */');
  });

  it('reads the document from the API base the SPA uses (VITE_API_URL), allowing that origin in connect-src', async () => {
    const hosted = testApp(sql, { docsScript: async () => new Uint8Array(), docsDocumentUrl: 'https://ref.supabase.co/functions/v1/api/openapi.json' });
    const res = await hosted.request('/api/docs');
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('https://ref.supabase.co/functions/v1/api/openapi.json');
    expect(res.headers.get('content-security-policy')).toMatch(/connect-src 'self' https:\/\/ref\.supabase\.co(;|$)/);
  });

  it('without the bundle (the Edge Function) answers a JSON pointer to the page and the document, never HTML or a CDN', async () => {
    const edge = testApp(sql, { publicUrl: 'https://dalil.example', apiServerUrl: 'https://ref.supabase.co/functions/v1' });
    const res = await edge.request('http://function.internal/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      success: true,
      data: { reference: 'https://dalil.example/api/docs', openapi: 'https://ref.supabase.co/functions/v1/api/openapi.json' },
    });
    expect((await edge.request('/api/docs/scalar.js')).status).toBe(404);
    const bare = testApp(sql, { publicUrl: undefined });
    expect(((await (await bare.request('http://api.example/api/docs')).json()) as { data: unknown }).data)
      .toEqual({ reference: null, openapi: 'http://api.example/api/openapi.json' });
  });
  it('the embedded server ships the real bundle from node_modules', async () => {
    const { scalarBundlePath } = await import('../../src/server/scalar-bundle.ts');
    const text = await readFile(scalarBundlePath(), 'utf8');
    expect(text).toContain('createApiReference');
  });
});
