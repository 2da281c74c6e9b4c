import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ownerSql } from '../helpers/api.ts';
import { mailsTo } from '../helpers/mailbox.ts';
import { denoCacheDir, root, startEdgeFunction, startNameProxy, type EdgeFunction } from '../helpers/deno-edge.ts';
import { startFakeGoTrue, type FakeGoTrue } from '../helpers/fake-gotrue.ts';

/**
 * The Edge Function under Deno with Supabase Auth, in the two shapes a project really has, against
 * this run's database (the embedded one, or TEST_DATABASE_URL: a faithful Supabase build):
 *
 * - hosted: SUPABASE_URL = the project URL, tokens' `iss` = SUPABASE_URL + /auth/v1, SUPABASE_JWKS
 *   the project's public keys; a legacy HS256 project sets JWT_SECRET (`supabase secrets set`).
 * - `supabase start` (Supabase CLI 2.117.0): SUPABASE_URL = http://kong:8000 (the CLI's internal
 *   gateway; here a forward proxy stands in for Docker's name), tokens' `iss` = the PUBLIC API URL
 *   (`http://127.0.0.1:<[api] port>/auth/v1`), SUPABASE_JWKS = the ES256 key plus the local JWT
 *   secret as an `oct` key, and config.toml's [edge_runtime.secrets].
 *
 * Tokens are shaped as Supabase Auth's (tests/helpers/fake-gotrue.ts): ES256 with `kid`, or HS256.
 */
const toml = readFileSync(path.join(root, 'supabase/config.toml'), 'utf8');
const table = (name: string) => toml.split(/^\[/m).find((t) => t.startsWith(`${name}]`)) ?? '';
const tomlValue = (name: string, key: string) => new RegExp(`^${key} = "?([^"\\n]*)"?$`, 'm').exec(table(name))?.[1];

/** The CLI's default local JWT secret (`auth.jwt_secret` unset). */
const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

type Shape = 'hosted' | 'supabase start';
type Signing = 'ES256' | 'HS256';

let cache: ReturnType<typeof denoCacheDir>;
beforeAll(() => { cache = denoCacheDir(); });
afterAll(() => cache.dispose());

interface Project {
  gotrue: FakeGoTrue;
  edge: EdgeFunction;
  close(): Promise<void>;
}

/** Starts Auth and the function as `shape` wires them, with tokens signed by `signing`. */
async function startProject(shape: Shape, signing: Signing, extraEnv: Record<string, string> = {}): Promise<Project> {
  const hostedSecret = randomBytes(24).toString('hex');
  const secret = shape === 'hosted' ? hostedSecret : LOCAL_JWT_SECRET;
  const issuer = shape === 'hosted' ? undefined : tomlValue('edge_runtime.secrets', 'AUTH_JWT_ISSUER');
  const gotrue = await startFakeGoTrue({ issuer, signing: signing === 'HS256' ? { hs256Secret: secret } : 'ES256' });
  const injected = {
    SUPABASE_DB_URL: inject('databaseUrl'),
    SUPABASE_ANON_KEY: gotrue.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: gotrue.serviceRoleKey,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: `sb_publishable_${randomBytes(12).toString('base64url')}` }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: `sb_secret_${randomBytes(12).toString('base64url')}` }),
  };
  if (shape === 'hosted') {
    const edge = await startEdgeFunction(cache.dir, {
      ...injected, SUPABASE_URL: gotrue.url, SUPABASE_JWKS: JSON.stringify(gotrue.jwks),
      ...(signing === 'HS256' ? { JWT_SECRET: hostedSecret } : {}), ...extraEnv,
    });
    return { gotrue, edge, close: async () => { await edge.stop(); await gotrue.close(); } };
  }
  const proxy = await startNameProxy({ 'kong:8000': gotrue.url });
  const localSecrets = { AUTH_JWT_ISSUER: tomlValue('edge_runtime.secrets', 'AUTH_JWT_ISSUER')! };
  const edge = await startEdgeFunction(cache.dir, {
    ...injected, ...localSecrets, SUPABASE_URL: 'http://kong:8000',
    SUPABASE_JWKS: JSON.stringify({ keys: [...gotrue.jwks.keys, { kty: 'oct', k: Buffer.from(LOCAL_JWT_SECRET).toString('base64url') }] }),
    HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1,localhost', ...extraEnv,
  }, { allowNet: ['kong:8000'] });
  return { gotrue, edge, close: async () => { await edge.stop(); await proxy.close(); await gotrue.close(); } };
}

const post = (edge: EdgeFunction, p: string, body: unknown, headers: Record<string, string> = {}) => fetch(`${edge.url}/api${p}`, {
  method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body),
});

/** Signs up through the function (Auth mails the code; the fake hands it over) and answers the session. */
async function signUp(project: Project, lang: 'en' | 'ar' = 'en') {
  const email = `edge-${randomUUID().slice(0, 8)}@example.test`;
  const headers = { 'Accept-Language': lang };
  expect((await post(project.edge, '/public/auth/register', { email, password: 'secret-1', name: 'Edge' }, headers)).status).toBe(201);
  const verified = await post(project.edge, '/public/auth/verify-email', { email, code: project.gotrue.codeFor(email, 'signup') });
  expect(verified.status).toBe(200);
  const session = ((await verified.json()) as { data: { token: string; user: { id: string } } }).data;
  return { email, token: session.token, id: session.user.id, lang };
}

describe('supabase/config.toml [edge_runtime.secrets]', () => {
  it('names the issuer of local Auth: the public API URL of [api] port', () => {
    expect(tomlValue('edge_runtime.secrets', 'AUTH_JWT_ISSUER')).toBe(`http://127.0.0.1:${tomlValue('api', 'port')}/auth/v1`);
    // Set, these would move the CLI's issuer away from the public API URL (supabase/cli 2.117.0).
    expect(tomlValue('auth', 'jwt_issuer')).toBeUndefined();
    expect(tomlValue('auth', 'external_url')).toBeUndefined();
    expect(tomlValue('api', 'external_url')).toBeUndefined();
  });
});

describe('README "Deploy to Supabase"', () => {
  it('describes the local flow with config.toml\'s ports', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const local = readme.split('## Deploy to Supabase')[1]!.split(/^## /m)[0]!.split('**Locally**')[1]!;
    const api = tomlValue('api', 'port');
    expect(local).toContain(`API gateway on \`${api}\``);
    expect(local).toContain(`http://127.0.0.1:${api}/functions/v1/api`);
    expect(local).toContain(`Postgres on \`${tomlValue('db', 'port')}\``);
    expect(local).toContain(`Studio on \`${tomlValue('studio', 'port')}\``);
    expect(local).toContain(`inbox on \`${tomlValue('inbucket', 'port')}\``);
    expect(tomlValue('inbucket', 'enabled')).toBe('true');
    expect(local).toContain('SUPABASE_URL=http://kong:8000');
  });
});

describe.each<[Shape, Signing]>([
  ['hosted', 'ES256'], ['hosted', 'HS256'], ['supabase start', 'ES256'], ['supabase start', 'HS256'],
])('Edge Function with Supabase Auth (%s, %s tokens)', (shape, signing) => {
  it('accepts the project\'s tokens and refuses forged ones', async () => {
    const project = await startProject(shape, signing);
    const sql = ownerSql();
    try {
      const user = await signUp(project);
      // on Supabase, Auth's users live in the same database's auth.users
      await sql`insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data) values (${user.id}, ${user.email}, now(), ${sql.json({ name: 'Edge' })})`;
      const payload = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as { iss: string };
      expect(payload.iss).toBe(shape === 'hosted' ? `${project.gotrue.url}/auth/v1` : 'http://127.0.0.1:54321/auth/v1');

      const profile = await fetch(`${project.edge.url}/api/public/auth/profile`, { headers: { Authorization: `Bearer ${user.token}` } });
      expect(profile.status, project.edge.output()).toBe(200);
      expect(((await profile.json()) as { data: { email: string } }).data.email).toBe(user.email);
      const forged = await fetch(`${project.edge.url}/api/public/auth/profile`, { headers: { Authorization: `Bearer ${user.token.slice(0, -4)}AAAA` } });
      expect(forged.status).toBe(401);
    } finally {
      await project.close();
      await sql.end();
    }
  }, 180_000);
});

describe.each<Shape>(['hosted', 'supabase start'])('Edge Function API reference (%s)', (shape) => {
  it('names its public URL in the OpenAPI servers and points GET /api/docs at the web host\'s page in JSON (Edge Functions turn text/html into text/plain)', async () => {
    const project = await startProject(shape, 'ES256', { PUBLIC_URL: 'https://dalil.example' });
    try {
      // what callers prefix the document's /api/... paths with: hosted https://<ref>.supabase.co/functions/v1, locally the gateway's public port
      const server = shape === 'hosted' ? `${project.gotrue.url}/functions/v1` : `http://127.0.0.1:${tomlValue('api', 'port')}/functions/v1`;
      const res = await fetch(`${project.edge.url}/api/openapi.json`, { headers: { Origin: 'https://dalil.example' } });
      expect(res.status, project.edge.output()).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*'); // the web host's docs page reads it cross-origin
      const doc = (await res.json()) as { servers: { url: string }[]; paths: Record<string, unknown> };
      expect(doc.servers.map((s) => s.url)).toEqual([server]);
      expect(doc.paths).toHaveProperty('/api/public/places');

      const docs = await fetch(`${project.edge.url}/api/docs`);
      expect(docs.status).toBe(200);
      expect(docs.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await docs.json()).toEqual({ success: true, data: { reference: 'https://dalil.example/api/docs', openapi: `${server}/api/openapi.json` } });
      expect((await fetch(`${project.edge.url}/api/docs/scalar.js`)).status).toBe(404);
    } finally {
      await project.close();
    }
  }, 180_000);
});

/** An admin as Supabase has one: created through Auth's admin API with app_metadata.role, signed in through the function. */
async function signInAdmin(project: Project) {
  const email = `edge-admin-${randomUUID().slice(0, 8)}@example.test`;
  const created = await fetch(`${project.gotrue.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: project.gotrue.serviceRoleKey, Authorization: `Bearer ${project.gotrue.serviceRoleKey}` },
    body: JSON.stringify({ email, password: 'admin-secret-1', email_confirm: true, app_metadata: { role: 'admin' }, user_metadata: { name: 'Admin' } }),
  });
  expect(created.status).toBe(200);
  const login = await post(project.edge, '/public/auth/login', { email, password: 'admin-secret-1' });
  expect(login.status).toBe(200);
  return ((await login.json()) as { data: { token: string; user: { id: string } } }).data;
}

describe.each<Shape>(['hosted', 'supabase start'])('Edge Function end to end (%s)', (shape) => {
  it('public reads, search in Arabic, a submission, its approval by an admin and the decision mail', async () => {
    // The operator's secrets: SMTP of the decision mails (here the run's dev mailbox) and the web host's origin.
    const project = await startProject(shape, 'ES256', {
      SMTP_HOST: '127.0.0.1', SMTP_PORT: String(inject('maildevSmtpPort')), SMTP_FROM: 'Dalil <no-reply@dalil.test>', PUBLIC_URL: 'https://dalil.test',
    });
    const sql = ownerSql();
    const { edge } = project;
    try {
      const categories = await fetch(`${edge.url}/api/public/categories`, { headers: { 'Accept-Language': 'ar' } });
      expect(categories.status).toBe(200);
      const cafes = ((await categories.json()) as { data: { id: number; slug: string; nameAr: string }[] }).data.find((c) => c.slug === 'cafes')!;
      expect(cafes.nameAr).toBeTruthy();
      const search = await fetch(`${edge.url}/api/public/search?q=${encodeURIComponent('مسجد')}&limit=3`, { headers: { 'Accept-Language': 'ar' } });
      expect(search.status).toBe(200);
      expect(((await search.json()) as { data: { places: unknown[] } }).data.places.length).toBeGreaterThan(0);

      const user = await signUp(project, 'ar');
      await sql`insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data)
                values (${user.id}, ${user.email}, now(), ${sql.json({ name: 'Edge', locale: 'ar' })})`;
      const admin = await signInAdmin(project);
      await sql`insert into auth.users (id, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
                values (${admin.user.id}, ${'admin-' + user.email}, now(), ${sql.json({ role: 'admin', provider: 'email' })}, ${sql.json({ name: 'Admin' })})`;

      const name = `Edge Cafe ${randomUUID().slice(0, 8)}`;
      const proposed = await post(edge, '/public/places', { name, nameAr: 'مقهى الحافة', categoryId: cafes.id }, { Authorization: `Bearer ${user.token}` });
      expect(proposed.status, await proposed.clone().text()).toBe(201);
      const requestId = ((await proposed.json()) as { data: { id: number } }).data.id;
      const asUser = await post(edge, `/admin/place-requests/${requestId}/approve`, {}, { Authorization: `Bearer ${user.token}` });
      expect(asUser.status).toBe(403);
      const approved = await post(edge, `/admin/place-requests/${requestId}/approve`, {}, { Authorization: `Bearer ${admin.token}` });
      expect(approved.status, await approved.clone().text()).toBe(200);

      const [{ slug }] = await sql<{ slug: string }[]>`select p.slug from public.places p join public.place_requests r on r.place_id = p.id where r.id = ${requestId}`;
      const place = await fetch(`${edge.url}/api/public/places/${slug}`);
      expect(place.status).toBe(200);
      expect(((await place.json()) as { data: { name: string } }).data.name).toBe(name);

      // The submitter (signed up in Arabic) is told, in Arabic, with the web host's link.
      let mails: Awaited<ReturnType<typeof mailsTo>> = [];
      for (let i = 0; i < 300 && mails.length === 0; i++) {
        mails = (await mailsTo(user.email)).filter((m) => m.headers['x-dalil-mail'] === 'request-approved');
        if (mails.length === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(mails, project.edge.output()).toHaveLength(1);
      expect(mails[0]!.headers['content-language']).toBe('ar');
      expect(mails[0]!.subject).toContain('اعتُمد طلبك');
      expect(mails[0]!.text).toContain(`https://dalil.test/ar/p/${slug}`);
      // maildev has the mail once SMTP's DATA is acknowledged, a moment before the function logs it.
      for (let i = 0; i < 100 && !project.edge.output().includes('decision mail sent'); i++) await new Promise((r) => setTimeout(r, 100));
      expect(project.edge.output()).toContain('decision mail sent');
    } finally {
      await project.close();
      await sql.end();
    }
  }, 180_000);
});
