import type { Sql } from 'postgres';
import { randomUUID } from 'node:crypto';
import { createApp } from '../../src/server/app.ts';
import type { ApiApp } from '../../src/server/http/app-deps.ts';
import { LocalAuthProvider, type LocalAuthConfig } from '../../src/server/auth/local-auth-provider.ts';
import type { AuthRateLimits } from '../../src/server/auth/rate-limit.ts';
import { createSmtpMailer } from '../../src/server/mail/mailer.ts';
import { TEST_JWT_SECRET } from './api.ts';
import { mailboxSmtp } from './mailbox.ts';

/** Every limit off: the flow tests are not about rate limiting. */
export const NO_RATE_LIMITS: AuthRateLimits = {
  login: { perIp: null, perEmail: null },
  verify: { perIp: null, perEmail: null },
  send: { perIp: null, perEmail: null },
  refresh: { perIp: null, perEmail: null },
};

/** A unique address for one test (the run's mailbox is shared by every test file). */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.test`;
}

/** The local provider on the test database, mailing through the run's maildev; bcrypt cost 4 for speed. */
export function localProvider(sql: Sql, overrides: Partial<LocalAuthConfig> = {}): LocalAuthProvider {
  return new LocalAuthProvider({
    sql,
    jwtSecret: TEST_JWT_SECRET,
    mailer: createSmtpMailer(mailboxSmtp()),
    bcryptCost: 4,
    refreshReuseIntervalSeconds: 0,
    log: () => {},
    ...overrides,
  });
}

/**
 * The API with auth routes on the local provider. The client IP is read from X-Forwarded-For
 * (default 127.0.0.1) so tests can act as several clients.
 */
export function authApp(sql: Sql, options: { rateLimits?: AuthRateLimits; provider?: Partial<LocalAuthConfig> } = {}): { app: ApiApp; auth: LocalAuthProvider } {
  const auth = localProvider(sql, options.provider);
  const app = createApp({
    sql,
    auth,
    authRateLimits: options.rateLimits ?? NO_RATE_LIMITS,
    clientIp: (c) => c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || '127.0.0.1',
  });
  return { app, auth };
}

export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** Sends a JSON request (or a raw string body) and parses the JSON answer. */
export async function call(app: ApiApp, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  const res = await app.request(`/api${path}`, init);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // leave as text: the assertion will show it
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
