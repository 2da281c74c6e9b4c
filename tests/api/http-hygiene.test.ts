import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createApp } from '../../src/server/app.ts';
import { JSON_BODY_LIMIT_BYTES } from '../../src/server/http/body-limit.ts';
import type { ApiApp } from '../../src/server/http/app-deps.ts';
import { createSql } from '../../src/server/db/client.ts';
import { listMigrations } from '../../src/server/db/migrate.ts';
import { createLogger } from '../../src/server/logger.ts';
import { IN_PROCESS } from '../../src/server/http/request-log.ts';
import { createUser, ownerSql, testApp } from '../helpers/api.ts';
import { authApp, NO_RATE_LIMITS, uniqueEmail } from '../helpers/auth.ts';
import { freePort } from '../helpers/free-port.ts';
import { latestCode } from '../helpers/mailbox.ts';

/**
 * HTTP hygiene of the API (src/server/app.ts): security headers, CORS, the JSON body limit,
 * statement timeouts, GET /api/health and the request logs. Through `app.request()` (no socket).
 */
const sql = ownerSql();
let admin: Awaited<ReturnType<typeof createUser>>;
let user: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  admin = await createUser(sql, { role: 'admin' });
  user = await createUser(sql);
});
afterAll(async () => {
  await sql.end();
});

const csp = (res: Response) => {
  const out: Record<string, string[]> = {};
  for (const part of (res.headers.get('content-security-policy') ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
};

describe('security headers', () => {
  const app = testApp(sql, { security: { tileUrl: 'https://{s}.tiles.example.net/{z}/{x}/{y}.png' } });

  it('every API answer (success, error, 404) carries the CSP and the other security headers', async () => {
    for (const path of ['/api/public/categories', '/api/public/places?page=0', '/api/no-such-route']) {
      const res = await app.request(path);
      const policy = csp(res);
      expect(policy['script-src'], path).toEqual(["'self'"]);
      expect(policy['style-src']?.[0]).toBe("'self'");
      expect(policy['style-src']?.[1]).toMatch(/^'nonce-[A-Za-z0-9+/=]{20,}'$/);
      expect(policy['style-src']).not.toContain("'unsafe-inline'");
      expect(policy['img-src']).toEqual(expect.arrayContaining(["'self'", 'https://*.tiles.example.net']));
      expect(policy['frame-src']).toContain('https://www.youtube.com');
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('strict-transport-security'), 'no HSTS over plain http').toBeNull();
    }
  });

  it('a fresh style nonce per response', async () => {
    const a = csp(await app.request('/api/public/categories'))['style-src']?.[1];
    const b = csp(await app.request('/api/public/categories'))['style-src']?.[1];
    expect(a).not.toBe(b);
  });

  it('nonces drawn from buffered randomness (decision 060) never repeat, past a refill of the buffer too', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const nonce = csp(await app.request('/api/no-such-route'))['style-src']?.[1];
      expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==' *$/);
      seen.add(nonce!);
    }
    expect(seen.size).toBe(600);
  });

  it('the default tile server (OpenStreetMap) is allowed when none is configured', async () => {
    expect(csp(await testApp(sql).request('/api/public/categories'))['img-src']).toContain('https://tile.openstreetmap.org');
  });

  it('HSTS only behind TLS: an https request, or X-Forwarded-Proto: https from a trusted proxy', async () => {
    expect((await app.request('https://dalil.test/api/public/categories')).headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    const forwarded = { headers: { 'X-Forwarded-Proto': 'https' } };
    expect((await app.request('/api/public/categories', forwarded)).headers.get('strict-transport-security')).toBeNull();
    const proxied = testApp(sql, { security: { trustProxy: true } });
    expect((await proxied.request('/api/public/categories', forwarded)).headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect((await proxied.request('/api/public/categories')).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('CORS', () => {
  const app = testApp(sql, { corsOrigins: ['https://partner.example'] });
  const from = (origin: string, init: RequestInit = {}) => ({ ...init, headers: { Origin: origin, ...(init.headers as Record<string, string>) } });

  it('public GETs are open to any origin, preflight included', async () => {
    const res = await app.request('/api/public/places?limit=1', from('https://anyone.example'));
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    const preflight = await app.request('/api/public/search?q=cafe', from('https://anyone.example', {
      method: 'OPTIONS', headers: { 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization, accept-language' },
    }));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });

  it('authenticated endpoints answer only the configured origins (and the API origin itself)', async () => {
    const targets: [string, string][] = [
      ['POST', '/api/public/places'], ['GET', '/api/public/auth/profile'], ['POST', '/api/public/auth/login'],
      ['GET', '/api/admin/places'], ['POST', '/api/admin/upload/places'], ['POST', '/api/public/auth/upload/places'],
    ];
    for (const [method, path] of targets) {
      const preflight = (origin: string) => app.request(path, from(origin, {
        method: 'OPTIONS', headers: { 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'authorization, content-type' },
      }));
      const allowed = await preflight('https://partner.example');
      expect(allowed.status, `${method} ${path}`).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin'), `${method} ${path}`).toBe('https://partner.example');
      expect(allowed.headers.get('access-control-allow-methods')).toContain(method);
      expect(allowed.headers.get('vary')).toMatch(/Origin/);
      const refused = await preflight('https://evil.example');
      expect(refused.headers.get('access-control-allow-origin'), `${method} ${path} from another origin`).toBeNull();
    }
    const evil = await app.request('/api/public/auth/profile', from('https://evil.example', { headers: user.authHeader }));
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const partner = await app.request('/api/public/auth/profile', from('https://partner.example', { headers: admin.authHeader }));
    expect(partner.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    const same = await app.request('http://dalil.test/api/admin/places', from('http://dalil.test', { headers: admin.authHeader }));
    expect(same.headers.get('access-control-allow-origin')).toBe('http://dalil.test');
  });

  it('without CORS_ORIGINS only the same origin is allowed on authenticated endpoints', async () => {
    const strict = testApp(sql);
    const res = await strict.request('/api/public/places', from('https://partner.example', {
      method: 'OPTIONS', headers: { 'Access-Control-Request-Method': 'POST' },
    }));
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('JSON body limit', () => {
  const auth = authApp(sql).auth;
  const app = testApp(sql, { auth });
  afterAll(() => auth.close());

  it(`every JSON endpoint refuses bodies over ${JSON_BODY_LIMIT_BYTES} bytes with the 413 envelope, before auth or parsing`, async () => {
    const doc = await (await app.request('/api/openapi.json')).json() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>> };
    const jsonOps = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops)
      .filter(([, op]) => op.requestBody?.content['application/json'])
      .map(([method]) => [method.toUpperCase(), path.replace(/\{[^}]+\}/g, '1')] as const));
    expect(jsonOps.length).toBeGreaterThanOrEqual(30); // public, auth, contributions, moderation, admin
    const body = JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT_BYTES) });
    // the admin import carries a whole directory file: its own, larger limit (IMPORT_BODY_LIMIT_BYTES)
    const isImport = (path: string) => /^\/api\/admin\/import(\/preview)?$/.test(path);
    const importOps = jsonOps.filter(([, path]) => isImport(path));
    expect(importOps.map(([m, p]) => `${m} ${p}`).sort()).toEqual(['POST /api/admin/import', 'POST /api/admin/import/preview']);
    for (const [method, path] of importOps) {
      const res = await app.request(path, { method, body, headers: { 'Content-Type': 'application/json', ...admin.authHeader } });
      expect(res.status, `${method} ${path}`).toBe(400); // read and validated: no format/content
    }
    for (const [method, path] of jsonOps.filter(([, p]) => !isImport(p))) {
      for (const headers of [{}, admin.authHeader]) {
        const res = await app.request(path, { method, body, headers: { 'Content-Type': 'application/json', ...headers } });
        expect(res.status, `${method} ${path}`).toBe(413);
        expect(await res.json()).toEqual({ success: false, error: { code: 'payload_too_large', message: 'The request is too large.' } });
      }
    }
  });

  it('counts chunked bodies while they stream (no Content-Length)', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 20) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const res = await app.request('/api/admin/categories', {
      method: 'POST', body: stream, headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', ...admin.authHeader }, duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(20);
  });

  it('a body at the limit is read and validated normally', async () => {
    const name = `Limit ${Date.now()}`;
    const padded = JSON.stringify({ name, nameAr: 'ف'.repeat(100) });
    const res = await app.request('/api/admin/categories', { method: 'POST', body: padded, headers: { 'Content-Type': 'application/json', ...admin.authHeader } });
    expect(res.status).toBe(201);
    const empty = JSON.stringify({ name: 'x', pad: '' });
    const exact = JSON.stringify({ name: 'x', pad: ' '.repeat(JSON_BODY_LIMIT_BYTES - empty.length) });
    expect(new TextEncoder().encode(exact).byteLength).toBe(JSON_BODY_LIMIT_BYTES);
    const near = await app.request('/api/admin/categories', { method: 'POST', body: exact, headers: { 'Content-Type': 'application/json', ...admin.authHeader } });
    expect(near.status, 'not refused for size').not.toBe(413);
  });
});

describe('statement timeout', () => {
  it('cancels a statement over STATEMENT_TIMEOUT_MS and answers 503 database_unavailable with Retry-After (not 500)', async () => {
    const tag = `slow-${Date.now()}`;
    const app = testApp(sql, {
      statementTimeoutMs: 300,
      extraRoutes: [(a) => a.get('/test/slow', async (c) => {
        await c.get('db')((tx) => tx.unsafe(`select pg_sleep(5) /* ${tag} */`));
        return c.json({ success: true });
      })],
    });
    const started = Date.now();
    const res = await app.request('/api/test/slow', { headers: { 'Accept-Language': 'ar' } });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ success: false, error: { code: 'database_unavailable', message: 'الخدمة غير متاحة مؤقتًا. يرجى المحاولة مرة أخرى.' } });
    expect(elapsed).toBeLessThan(3000);
    // the server cancelled it: no backend is still sleeping on it
    const running = await sql`select count(*)::int as n from pg_stat_activity where query like ${`%${tag}%`} and state = 'active' and pid <> pg_backend_pid()`;
    expect(running[0]!.n).toBe(0);
    // and the pool is fine afterwards
    expect((await app.request('/api/public/categories')).status).toBe(200);
  });

  it('an anonymous read (anonymous sessions, decision 060) is cancelled and answered the same way', async () => {
    const tag = `slow-read-${Date.now()}`;
    const app = testApp(sql, {
      statementTimeoutMs: 300,
      extraRoutes: [(a) => a.get('/test/slow-read', async (c) => {
        const [row] = await c.get('read')((tx) => tx.unsafe(`select current_user::text as role, pg_sleep(5) /* ${tag} */`));
        return c.json({ success: true, row });
      })],
    });
    const started = Date.now();
    const res = await app.request('/api/test/slow-read', { headers: { 'Accept-Language': 'ar' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ success: false, error: { code: 'database_unavailable', message: 'الخدمة غير متاحة مؤقتًا. يرجى المحاولة مرة أخرى.' } });
    expect(Date.now() - started).toBeLessThan(3000);
    const running = await sql`select count(*)::int as n from pg_stat_activity where query like ${`%${tag}%`} and state = 'active' and pid <> pg_backend_pid()`;
    expect(running[0]!.n).toBe(0);
    expect((await app.request('/api/public/places?limit=1')).status).toBe(200);
  });
});

describe('GET /api/health', () => {
  const versions = listMigrations().map((m) => m.version);

  it('200 when the database answers and every migration file is applied', async () => {
    const res = await testApp(sql, { migrations: versions }).request('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toEqual({
      success: true,
      data: { status: 'ok', database: 'ok', migrations: 'current', latestMigration: versions.at(-1), checkedAt: expect.any(String) },
    });
  });

  it('503 when a migration of this build is not applied', async () => {
    const res = await testApp(sql, { migrations: [...versions, '29991231000000'] }).request('/api/health');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(await res.json()).toEqual({
      success: false,
      error: { code: 'unhealthy', message: 'The service is not ready.', database: 'ok', migrations: 'pending', pendingMigrations: ['29991231000000'] },
    });
  });

  it('503 when the database does not answer', async () => {
    const port = await freePort();
    const dead = createSql(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`, { max: 1 });
    try {
      const res = await createApp({ sql: dead, migrations: versions }).request('/api/health');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ success: false, error: { code: 'unhealthy', database: 'unavailable', migrations: 'unknown' } });
    } finally {
      await dead.end({ timeout: 1 });
    }
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = await (await testApp(sql).request('/api/openapi.json')).json();
    expect(Object.keys(doc.paths['/api/health'].get.responses)).toEqual(['200', '503']);
  });
});

describe('request logs', () => {
  function capture() {
    const lines: Record<string, unknown>[] = [];
    let raw = '';
    const stream = new Writable({
      write(chunk, _enc, done) {
        raw += chunk.toString();
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    return { logger: createLogger({ destination: stream }), lines, raw: () => raw };
  }

  it('one JSON line per request with id, method, path, status, duration and user; no password, token or code', async () => {
    const { logger, lines, raw } = capture();
    const { app, auth } = authApp(sql);
    const logged = createApp({ sql, auth, logger, authRateLimits: NO_RATE_LIMITS, clientIp: () => '127.0.0.1' });
    try {
      const email = uniqueEmail('log');
      const password = 'very-secret-password-1';
      expect((await app.request('/api/public/auth/register', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password, name: 'Log' }) })).status).toBe(201);
      const code = await latestCode(email);
      const verify = await logged.request(`/api/public/auth/verify-email?code=${code}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, code }) });
      expect(verify.status).toBe(200);
      const login = await logged.request('/api/public/auth/login', {
        method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'client-chosen-id-1' }, body: JSON.stringify({ email, password }),
      });
      expect(login.status).toBe(200);
      expect(login.headers.get('x-request-id')).toBe('client-chosen-id-1');
      const { token, refreshToken } = (await login.json()).data;
      const profile = await logged.request(`/api/public/auth/profile?token=${token}&lang=ar`, { headers: { Authorization: `Bearer ${token}`, Cookie: `session=${token}` } });
      expect(profile.status).toBe(200);
      const generatedId = profile.headers.get('x-request-id');
      expect(generatedId).toMatch(/^[0-9a-f-]{36}$/);

      const requests = lines.filter((l) => l.msg === 'request');
      expect(requests).toHaveLength(3);
      expect(requests[1]).toMatchObject({ level: 30, reqId: 'client-chosen-id-1', method: 'POST', path: '/api/public/auth/login', status: 200, durationMs: expect.any(Number) });
      expect(requests[1]).not.toHaveProperty('userId');
      const me = (await (await logged.request('/api/public/auth/profile', { headers: { Authorization: `Bearer ${token}` } })).json()).data;
      expect(requests[2]).toMatchObject({ reqId: generatedId, method: 'GET', path: '/api/public/auth/profile', status: 200, userId: me.id, query: { token: '[REDACTED]', lang: 'ar' } });
      expect(requests[0]).toMatchObject({ path: '/api/public/auth/verify-email', query: { code: '[REDACTED]' } });

      const text = raw();
      for (const secret of [password, token, refreshToken, code, token.split('.')[2]]) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/authorization|cookie/i);
    } finally {
      await auth.close();
    }
  });

  it('the server\'s own in-process requests (a render\'s data) log at debug level, a failing one still as an error (decision 061)', async () => {
    const capture = (level: string) => {
      const lines: Record<string, unknown>[] = [];
      const stream = new Writable({
        write(chunk, _enc, done) {
          for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      });
      return { logger: createLogger({ level, destination: stream }), lines };
    };
    const requests = (lines: Record<string, unknown>[]) => lines.filter((l) => l.msg === 'request');
    const info = capture('info');
    const app = testApp(sql, { logger: info.logger, extraRoutes: [(a) => a.get('/test/fails', () => { throw new Error('in-process boom'); })] });
    expect((await app.request('/api/public/categories', {}, IN_PROCESS)).status).toBe(200);
    expect(requests(info.lines)).toEqual([]);
    expect((await app.request('/api/public/categories')).status).toBe(200);
    expect(requests(info.lines)).toMatchObject([{ level: 30, path: '/api/public/categories', status: 200 }]);
    expect((await app.request('/api/test/fails', {}, IN_PROCESS)).status).toBe(500);
    expect(requests(info.lines).at(-1)).toMatchObject({ level: 50, path: '/api/test/fails', status: 500 });
    // seen again with LOG_LEVEL=debug
    const debug = capture('debug');
    expect((await testApp(sql, { logger: debug.logger }).request('/api/public/categories', {}, IN_PROCESS)).status).toBe(200);
    expect(requests(debug.lines)).toMatchObject([{ level: 20, path: '/api/public/categories', status: 200 }]);
  });

  it('logs a failing request as an error line with its request id', async () => {
    const { logger, lines } = capture();
    const app = testApp(sql, {
      logger,
      extraRoutes: [(a) => a.get('/test/boom', () => { throw new Error('kaboom'); })],
    });
    const res = await app.request('/api/test/boom', { headers: { 'X-Request-Id': 'boom-1' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-request-id')).toBe('boom-1');
    const error = lines.find((l) => l.msg === 'unhandled error');
    expect(error).toMatchObject({ level: 50, reqId: 'boom-1', path: '/api/test/boom', err: { message: 'kaboom' } });
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ level: 50, reqId: 'boom-1', status: 500 });
  });
});

describe('request id', () => {
  it('answers X-Request-Id on every response, also without a logger', async () => {
    const app: ApiApp = testApp(sql);
    const res = await app.request('/api/public/categories');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const bad = await app.request('/api/public/categories', { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
