import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupabaseAuthProvider } from '../../src/server/auth/supabase-auth-provider.ts';
import { RateLimitedError } from '../../src/server/domain-errors.ts';
import { ownerSql } from '../helpers/api.ts';

// forgot-password keeps its enumeration-safe 200 whatever Supabase Auth answers (429 excepted), and
// logs the failure it hides: structured, the address only as a hash (the project's logs carry none).
const sql = ownerSql();
let server: ServerType;
let url: string;
let answer: { status: 500 | 422 | 429; body: object } = { status: 500, body: {} };

beforeAll(async () => {
  const app = new Hono();
  app.post('/auth/v1/recover', (c) => c.json(answer.body, answer.status));
  server = await new Promise((resolve) => { const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s)); });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await sql.end();
});

function providerWithLog() {
  const lines: { level: string; obj: Record<string, unknown>; msg?: string }[] = [];
  const logger = {
    info: (obj: object, msg?: string) => lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
    warn: (obj: object, msg?: string) => lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
    error: (obj: object, msg?: string) => lines.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
  };
  return { lines, provider: new SupabaseAuthProvider({ sql, url, anonKey: 'anon', serviceRoleKey: 'service', logger }) };
}

describe('SupabaseAuthProvider.forgotPassword', () => {
  it('answers as on success when Auth fails, and logs the failure without the address', async () => {
    const { lines, provider } = providerWithLog();
    answer = { status: 500, body: { code: 500, error_code: 'unexpected_failure', msg: 'Error sending recovery email' } };
    await expect(provider.forgotPassword('Someone@Example.test', 'en')).resolves.toBeUndefined();
    answer = { status: 422, body: { code: 422, error_code: 'email_address_invalid', msg: 'Email address is invalid' } };
    await expect(provider.forgotPassword('other@example.test', 'ar')).resolves.toBeUndefined();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 'error', obj: { event: 'forgot_password_failed', authStatus: 500 } });
    expect(lines[1]).toMatchObject({ obj: { authStatus: 422, authCode: 'email_address_invalid' } });
    expect(lines[0]!.obj.emailSha256).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(lines)).not.toMatch(/example\.test/i);
  });

  it('still answers 429 to Auth\'s rate limit (nothing hidden, nothing logged)', async () => {
    const { lines, provider } = providerWithLog();
    answer = { status: 429, body: { code: 429, error_code: 'over_email_send_rate_limit', msg: 'email rate limit exceeded' } };
    await expect(provider.forgotPassword('someone@example.test', 'en')).rejects.toSatisfy((e) => e instanceof RateLimitedError && e.retryAfterSeconds === 60);
    expect(lines).toHaveLength(0);
  });
});
