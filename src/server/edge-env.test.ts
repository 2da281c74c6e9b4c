import { describe, expect, it } from 'vitest';
import { parseEdgeEnv } from './edge-env.ts';

describe('parseEdgeEnv', () => {
  it('uses SUPABASE_DB_URL, which Supabase injects, with defaults for the rest', () => {
    const env = parseEdgeEnv({ SUPABASE_DB_URL: 'postgresql://postgres:pw@db.example.supabase.co:5432/postgres' });
    expect(env).toEqual({
      databaseUrl: 'postgresql://postgres:pw@db.example.supabase.co:5432/postgres', supabase: undefined,
      jwtSecret: undefined, publicUrl: undefined, statementTimeoutMs: 5000, poolMax: 3, port: undefined,
      corsOrigins: [], trustProxy: false,
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
    expect(env.supabase).toEqual({ url: 'https://ref.supabase.co', anonKey: 'anon', serviceRoleKey: 'service' });
  });

  it('refuses half a Supabase configuration', () => {
    expect(() => parseEdgeEnv({ SUPABASE_DB_URL: 'postgresql://a@db:5432/postgres', SUPABASE_URL: 'https://ref.supabase.co' }))
      .toThrow(/SUPABASE_URL: .*go together/);
  });

  it('names the missing database variable', () => {
    expect(() => parseEdgeEnv({})).toThrow(/SUPABASE_DB_URL.*DATABASE_URL is required/);
  });

  it('names every invalid variable', () => {
    expect(() => parseEdgeEnv({ DATABASE_URL: 'not a url', JWT_SECRET: 'short', DB_POOL_MAX: '0' }))
      .toThrow(/DATABASE_URL[\s\S]*JWT_SECRET[\s\S]*DB_POOL_MAX/);
  });
});
