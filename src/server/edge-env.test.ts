import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { EDGE_ENV_VARIABLES, parseEdgeEnv } from './edge-env.ts';

describe('parseEdgeEnv', () => {
  it('uses SUPABASE_DB_URL, which Supabase injects, with defaults for the rest', () => {
    const env = parseEdgeEnv({ SUPABASE_DB_URL: 'postgresql://postgres:pw@db.example.supabase.co:5432/postgres' });
    expect(env).toEqual({
      databaseUrl: 'postgresql://postgres:pw@db.example.supabase.co:5432/postgres', supabase: undefined,
      jwtSecret: undefined, publicUrl: undefined, statementTimeoutMs: 5000, poolMax: 3, port: undefined,
      corsOrigins: [], trustProxy: false, smtp: undefined,
    });
  });

  it('prefers an explicit DATABASE_URL and coerces numbers', () => {
    const env = parseEdgeEnv({
      SUPABASE_DB_URL: 'postgresql://a@injected:5432/postgres', DATABASE_URL: 'postgresql://b@pooler:6543/postgres',
      STATEMENT_TIMEOUT_MS: '2500', DB_POOL_MAX: '5', PORT: '8123', JWT_SECRET: 'x'.repeat(32),
    });
    expect(env.databaseUrl).toBe('postgresql://b@pooler:6543/postgres');
    expect([env.statementTimeoutMs, env.poolMax, env.port, env.jwtSecret]).toEqual([2500, 5, 8123, 'x'.repeat(32)]);
  });

  it('selects Supabase Auth when the injected URL and both keys are present', () => {
    const env = parseEdgeEnv({
      SUPABASE_DB_URL: 'postgresql://a@db:5432/postgres', SUPABASE_URL: 'https://ref.supabase.co',
      SUPABASE_ANON_KEY: 'anon', SUPABASE_SERVICE_ROLE_KEY: 'service',
    });
    expect(env.supabase).toEqual({
      url: 'https://ref.supabase.co', anonKey: 'anon', serviceRoleKey: 'service', issuers: ['https://ref.supabase.co/auth/v1'], jwks: undefined,
    });
  });

  it('reads the injected SUPABASE_JWKS and, without the legacy keys, the newer publishable/secret keys', () => {
    const jwk = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', kid: 'k1', alg: 'ES256' };
    const env = parseEdgeEnv({
      SUPABASE_DB_URL: 'postgresql://a@db:5432/postgres', SUPABASE_URL: 'https://ref.supabase.co',
      SUPABASE_PUBLISHABLE_KEYS: '{"default":"sb_publishable_abc"}', SUPABASE_SECRET_KEYS: '{"default":"sb_secret_abc"}',
      SUPABASE_JWKS: JSON.stringify({ keys: [jwk] }),
    });
    expect(env.supabase).toMatchObject({ anonKey: 'sb_publishable_abc', serviceRoleKey: 'sb_secret_abc', jwks: { keys: [jwk] } });
  });

  it('under `supabase start` (SUPABASE_URL http://kong:8000) requires AUTH_JWT_ISSUER, naming it', () => {
    const local = { SUPABASE_DB_URL: 'postgresql://postgres:postgres@db:5432/postgres', SUPABASE_URL: 'http://kong:8000', SUPABASE_ANON_KEY: 'anon', SUPABASE_SERVICE_ROLE_KEY: 'service' };
    expect(() => parseEdgeEnv(local)).toThrow(/AUTH_JWT_ISSUER: is required under `supabase start`/);
    expect(parseEdgeEnv({ ...local, AUTH_JWT_ISSUER: 'http://127.0.0.1:54321/auth/v1' }).supabase?.issuers).toEqual(['http://127.0.0.1:54321/auth/v1']);
  });

  it('names the public API URL callers use as the OpenAPI server: the issuer\'s origin + /functions/v1 (hosted and `supabase start`)', () => {
    const keys = { SUPABASE_DB_URL: 'postgresql://a@db:5432/postgres', SUPABASE_ANON_KEY: 'anon', SUPABASE_SERVICE_ROLE_KEY: 'service' };
    expect(parseEdgeEnv({ ...keys, SUPABASE_URL: 'https://ref.supabase.co/' }).apiServerUrl).toBe('https://ref.supabase.co/functions/v1');
    expect(parseEdgeEnv({ ...keys, SUPABASE_URL: 'http://kong:8000', AUTH_JWT_ISSUER: 'http://127.0.0.1:54321/auth/v1' }).apiServerUrl)
      .toBe('http://127.0.0.1:54321/functions/v1');
    // an issuer that is not Supabase Auth's own path says nothing of the gateway: the project URL then
    expect(parseEdgeEnv({ ...keys, SUPABASE_URL: 'https://ref.supabase.co', AUTH_JWT_ISSUER: 'https://issuer.example/custom' }).apiServerUrl)
      .toBe('https://ref.supabase.co/functions/v1');
    // without Supabase (a plain Deno run): the request's origin
    expect(parseEdgeEnv({ DATABASE_URL: 'postgresql://a@db:5432/postgres' }).apiServerUrl).toBeUndefined();
  });

  it('names malformed injected JSON and issuers', () => {
    expect(() => parseEdgeEnv({ SUPABASE_DB_URL: 'postgresql://a@db:5432/postgres', SUPABASE_JWKS: '{"nokeys":1}', SUPABASE_SECRET_KEYS: 'sb_secret_x', AUTH_JWT_ISSUER: 'not a url' }))
      .toThrow(/SUPABASE_SECRET_KEYS: must be a JSON object[\s\S]*SUPABASE_JWKS: must be a JSON Web Key Set[\s\S]*AUTH_JWT_ISSUER: not a url is not a URL/);
  });

  it('refuses half a Supabase configuration', () => {
    expect(() => parseEdgeEnv({ SUPABASE_DB_URL: 'postgresql://a@db:5432/postgres', SUPABASE_URL: 'https://ref.supabase.co' }))
      .toThrow(/SUPABASE_ANON_KEY: \(or SUPABASE_PUBLISHABLE_KEYS\) is missing[\s\S]*SUPABASE_SERVICE_ROLE_KEY: \(or SUPABASE_SECRET_KEYS\) is missing/);
    expect(() => parseEdgeEnv({ SUPABASE_DB_URL: 'postgresql://a@db:5432/postgres', SUPABASE_ANON_KEY: 'anon' }))
      .toThrow(/SUPABASE_URL: is required with the API keys/);
  });

  it('sends decision mails through SMTP_* secrets (default port 2525: hosted functions cannot reach 25 or 587)', () => {
    const base = { SUPABASE_DB_URL: 'postgresql://a@db:5432/postgres', SMTP_HOST: 'smtp.example.com', SMTP_USER: 'u', SMTP_PASS: 'p' };
    expect(parseEdgeEnv(base).smtp).toEqual({ host: 'smtp.example.com', port: 2525, from: 'Dalil <no-reply@dalil.local>', user: 'u', pass: 'p', secure: false });
    expect(parseEdgeEnv({ ...base, SMTP_SECURE: 'true' }).smtp).toMatchObject({ port: 465, secure: true });
    expect(() => parseEdgeEnv({ ...base, SMTP_PORT: 'x' })).toThrow(/SMTP_PORT/);
  });

  it('names the missing database variable', () => {
    expect(() => parseEdgeEnv({})).toThrow(/SUPABASE_DB_URL.*DATABASE_URL is required/);
  });

  it('names every invalid variable', () => {
    expect(() => parseEdgeEnv({ DATABASE_URL: 'not a url', JWT_SECRET: 'short', DB_POOL_MAX: '0' }))
      .toThrow(/DATABASE_URL[\s\S]*JWT_SECRET[\s\S]*DB_POOL_MAX/);
  });

  it('README lists every variable it reads, in one table, none with a name `supabase secrets set` refuses for the operator', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const section = readme.split('## Edge Function environment (Supabase)')[1]!.split(/^## /m)[0]!;
    const rows = section.split('\n').filter((l) => l.startsWith('| `'));
    const listed = new Map<string, string>();
    for (const row of rows) {
      const [names, who] = row.split('|').slice(1, 3).map((c) => c.trim());
      for (const m of names!.matchAll(/`([A-Z0-9_]+)`/g)) listed.set(m[1]!, who!);
    }
    expect([...listed.keys()].sort()).toEqual([...EDGE_ENV_VARIABLES].sort());
    for (const [name, who] of listed) if (who !== 'injected') expect(name, `${name} is set by the operator`).not.toMatch(/^SUPABASE_/);
  });
});
