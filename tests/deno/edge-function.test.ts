import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ownerSql } from '../helpers/api.ts';
import { startFakeGoTrue } from '../helpers/fake-gotrue.ts';
import { denoCacheDir, denoEnv as denoEnvIn, EDGE_CONFIG, EDGE_ENTRY, offlineFlags, root, runDeno as run, startEdgeFunction as startIn } from '../helpers/deno-edge.ts';
import { PATCHED_VERSION, vendoredPostgresFiles } from '../../scripts/vendor-postgres.ts';

/**
 * Runs the Supabase Edge Function entry (supabase/functions/api/index.ts) under real Deno (the
 * `deno` npm package) against this run's embedded database, fully offline (tests/helpers/deno-edge.ts).
 */
const entry = EDGE_ENTRY;
const config = EDGE_CONFIG;

let cache: ReturnType<typeof denoCacheDir>;
const denoEnv = (extra: Record<string, string> = {}) => denoEnvIn(cache.dir, extra);
const startEdgeFunction = (env: Record<string, string>) => startIn(cache.dir, env);

beforeAll(() => {
  cache = denoCacheDir();
});
afterAll(() => cache.dispose());

const VENDOR = 'supabase/functions/api/vendor/';

describe('deno.json import map', () => {
  it('pins every npm: specifier to the version package.json installs', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const imports = (JSON.parse(readFileSync(path.join(root, config), 'utf8')) as { imports: Record<string, string> }).imports;
    expect(Object.keys(imports).length).toBeGreaterThan(0);
    for (const [bare, target] of Object.entries(imports)) {
      if (target.startsWith('./vendor/')) continue; // vendored (the patched driver), checked below
      const match = /^npm:\/?((?:@[^/@]+\/)?[^/@]+)@([^/]+)\/?$/.exec(target);
      expect(match, `${bare} → ${target} is not an npm: specifier`).not.toBeNull();
      const [, name, version] = match!;
      expect(bare.replace(/\/$/, ''), `${bare} maps to another package`).toBe(name);
      const range = pkg.dependencies[name];
      expect(range, `${name} is not a dependency in package.json`).toBeDefined();
      expect(version, `${name}: deno.json ${version}, package.json ${range}`).toBe(range.replace(/^[\^~]/, ''));
      const installed = JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
      expect(version, `${name}: deno.json ${version}, node_modules ${installed}`).toBe(installed);
    }
  });
});

describe('postgres driver of the Edge Function', () => {
  it('is the patched postgres.js (patches/postgres+3.4.9.patch) vendored from node_modules, not npm:postgres from the registry', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies.postgres, 'postgres is pinned to the version the patch is for').toBe(PATCHED_VERSION);
    expect(existsSync(path.join(root, `patches/postgres+${PATCHED_VERSION}.patch`))).toBe(true);
    const imports = (JSON.parse(readFileSync(path.join(root, config), 'utf8')) as { imports: Record<string, string> }).imports;
    // `supabase functions deploy` fetches npm: specifiers from the registry as published (unpatched);
    // local files are bundled as they are.
    expect(imports.postgres).toBe('./vendor/postgres/index.js');
    const expected = vendoredPostgresFiles();
    const vendorDir = path.join(root, VENDOR, 'postgres');
    expect(readdirSync(vendorDir).sort(), 'run `npm run vendor:postgres`').toEqual([...expected.keys()].sort());
    for (const [name, text] of expected) {
      expect(readFileSync(path.join(vendorDir, name), 'utf8') === text, `${name} is stale: run \`npm run vendor:postgres\``).toBe(true);
    }
    expect(expected.get('connection.js')).toContain('patched (patches/postgres+3.4.9.patch');
    expect(expected.get('index.js')).toContain('patched (patches/postgres+3.4.9.patch');
  });
});

describe('supabase/config.toml', () => {
  const toml = readFileSync(path.join(root, 'supabase/config.toml'), 'utf8');
  /** The body of one `[table]` of the TOML file, up to the next table header. */
  const table = (name: string) => toml.split(/^\[/m).find((t) => t.startsWith(`${name}]`)) ?? '';

  it('deploys `api` without the platform JWT check, from this entry and import map', () => {
    expect(table('functions.api')).toMatch(/^verify_jwt = false$/m);
    expect(table('functions.api')).toMatch(/^entrypoint = "\.\/functions\/api\/index\.ts"$/m);
    expect(table('functions.api')).toMatch(/^import_map = "\.\/functions\/api\/deno\.json"$/m);
  });

  it('confirms sign-ups by a 6-digit e-mail code', () => {
    expect(table('auth.email')).toMatch(/^enable_confirmations = true$/m);
    expect(table('auth.email')).toMatch(/^otp_length = 6$/m);
  });
});

describe('import graph of the Edge Function', () => {
  type DenoModule = { kind: string; specifier: string; dependencies?: { specifier: string }[] };

  it('stays runtime-neutral, inside the repo, and imports only packages deno.json maps', async () => {
    const { code, output } = await run(['info', '--json', '--config', config, '--node-modules-dir=manual', '--no-remote', entry], denoEnv());
    expect(code, output).toBe(0);
    const modules = (JSON.parse(output) as { modules: DenoModule[] }).modules;
    const imports = (JSON.parse(readFileSync(path.join(root, config), 'utf8')) as { imports: Record<string, string> }).imports;
    const mapped = (bare: string) => bare in imports || Object.keys(imports).some((k) => k.endsWith('/') && bare.startsWith(k));

    const local = modules.filter((m) => m.kind === 'esm');
    const fileOf = (m: DenoModule) => path.relative(root, new URL(m.specifier).pathname);
    // The vendored driver is an npm package's code (Node built-ins through Deno's node: layer); the rest of the path is the app's.
    const vendored = local.filter((m) => fileOf(m).startsWith(VENDOR));
    expect(vendored.map(fileOf)).toContain(`${VENDOR}postgres/index.js`);
    const app = local.filter((m) => !fileOf(m).startsWith(VENDOR));
    // No Node built-ins imported by the app (runtime-specific needs go through AppDeps).
    const nodeBuiltins = new Set(modules.filter((m) => m.kind === 'node').map((m) => m.specifier));
    for (const m of app) for (const dep of m.dependencies ?? []) expect(nodeBuiltins.has(dep.specifier), `${dep.specifier} in ${m.specifier}`).toBe(false);
    const files = app.map(fileOf);
    expect(files).toContain('src/server/app.ts');
    for (const file of files) expect(file, `${file} is outside src/server, src/shared, supabase/functions`).toMatch(/^(src\/(server|shared)|supabase\/functions)\//);
    for (const nodeOnly of ['src/server/node.ts', 'src/server/stack.ts', 'src/server/db/embedded.ts', 'src/server/db/migrate.ts']) {
      expect(files).not.toContain(nodeOnly);
    }
    for (const m of app) {
      for (const dep of m.dependencies ?? []) {
        if (dep.specifier.startsWith('.')) expect(dep.specifier, `in ${m.specifier}`).toMatch(/\.ts$/);
        else expect(mapped(dep.specifier), `${dep.specifier} (in ${m.specifier}) is not in deno.json imports`).toBe(true);
      }
    }
  }, 120_000);
});

describe('Edge Function entry under Deno', () => {
  it('type-checks offline (deno check)', async () => {
    const { code, output } = await run(['check', ...offlineFlags, entry], denoEnv());
    expect(code, output).toBe(0);
  }, 120_000);

  it('serves the categories list from the embedded database over HTTP', async () => {
    const edge = await startEdgeFunction({ DATABASE_URL: inject('databaseUrl') });
    try {
      const res = await fetch(`${edge.url}/api/public/categories`, { headers: { 'Accept-Language': 'ar' } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { success: boolean; data: { slug: string; name: string; nameAr: string | null }[] };
      expect(body.success).toBe(true);
      expect(body.data.length).toBeGreaterThanOrEqual(20);
      expect(body.data.find((c) => c.slug === 'restaurants')).toMatchObject({ name: 'Restaurants', nameAr: 'مطاعم' });

      const missing = await fetch(`${edge.url}/api/public/categories/no-such-category-slug`, { headers: { 'Accept-Language': 'ar' } });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ success: false, error: { code: 'category_not_found', message: 'الفئة غير موجودة.' } });

      const bad = await fetch(`${edge.url}/api/public/places?page=0`);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { fields: Record<string, string[]> } }).error.fields).toHaveProperty('page');
    } finally {
      await edge.stop();
    }
  }, 120_000);

  it('answers GET /api/health (migrations compared with the bundled list), with request ids, CORS and security headers', async () => {
    const edge = await startEdgeFunction({ DATABASE_URL: inject('databaseUrl'), CORS_ORIGINS: 'https://app.example' });
    try {
      const res = await fetch(`${edge.url}/api/health`, { headers: { Origin: 'https://elsewhere.example', 'X-Request-Id': 'edge-health-1' } });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true, data: { database: 'ok', migrations: 'current' } });
      expect(res.headers.get('x-request-id')).toBe('edge-health-1');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      const preflight = await fetch(`${edge.url}/api/public/auth/profile`, {
        method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example');
    } finally {
      await edge.stop();
    }
  }, 120_000);

  it('signs in through Supabase Auth (injected SUPABASE_URL and keys) and verifies its JWKS-signed tokens', async () => {
    const gotrue = await startFakeGoTrue();
    const sql = ownerSql();
    const edge = await startEdgeFunction({
      SUPABASE_DB_URL: inject('databaseUrl'), SUPABASE_URL: gotrue.url,
      SUPABASE_ANON_KEY: gotrue.anonKey, SUPABASE_SERVICE_ROLE_KEY: gotrue.serviceRoleKey,
    });
    const post = (path: string, body: unknown) => fetch(`${edge.url}/api${path}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
    try {
      const email = `edge-${randomUUID().slice(0, 8)}@example.test`;
      expect((await post('/public/auth/register', { email, password: 'secret-1', name: 'Edge' })).status).toBe(201);
      const verified = await post('/public/auth/verify-email', { email, code: gotrue.codeFor(email, 'signup') });
      expect(verified.status).toBe(200);
      const session = ((await verified.json()) as { data: { token: string; user: { id: string } } }).data;
      // on Supabase, GoTrue's users live in the same database's auth.users
      await sql`insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data) values (${session.user.id}, ${email}, now(), ${sql.json({ name: 'Edge' })})`;

      const anonymous = await fetch(`${edge.url}/api/public/auth/profile`);
      expect(anonymous.status).toBe(401);
      const profile = await fetch(`${edge.url}/api/public/auth/profile`, { headers: { Authorization: `Bearer ${session.token}` } });
      expect(profile.status).toBe(200);
      expect(((await profile.json()) as { data: { email: string } }).data.email).toBe(email);
      const forged = await fetch(`${edge.url}/api/public/auth/profile`, { headers: { Authorization: `Bearer ${session.token.slice(0, -4)}AAAA` } });
      expect(forged.status).toBe(401);

      // Idempotency-Key works the same as on Node (decision 045): one request for two sends, the first answer replayed
      const [{ id: categoryId }] = await sql<{ id: number }[]>`select id::int from public.categories where slug = 'cafes'`;
      const key = randomUUID();
      const submit = (name: string) => fetch(`${edge.url}/api/public/places`, {
        method: 'POST', body: JSON.stringify({ name, categoryId }),
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}`, 'Idempotency-Key': key },
      });
      const first = await submit(`Edge idem ${key}`);
      const again = await submit(`Edge idem ${key}`);
      expect([first.status, again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
      expect(await again.text()).toBe(await first.text());
      expect((await submit(`Edge idem other ${key}`)).status).toBe(422);
      expect(Number((await sql`select count(*) from public.place_requests where payload->>'name' = ${`Edge idem ${key}`}`)[0].count)).toBe(1);
    } finally {
      await edge.stop();
      await gotrue.close();
      await sql.end();
    }
  }, 120_000);
});
