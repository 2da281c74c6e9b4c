import { inject } from 'vitest';
import type { Sql } from 'postgres';
import { randomUUID } from 'node:crypto';
import { createApp } from '../../src/server/app.ts';
import type { ApiApp } from '../../src/server/http/app-deps.ts';
import type { AppDeps } from '../../src/server/http/app-deps.ts';
import { createSql } from '../../src/server/db/client.ts';
import { signAccessToken, hs256Verifier } from '../../src/server/auth/tokens.ts';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** Owner connection to the run's database (for arranging and checking rows; bypasses RLS). */
export function ownerSql(): Sql {
  return createSql(inject('databaseUrl'), { max: 4 });
}

/** The API app wired to the test database, requests via `app.request(path, init)` (no socket). */
export function testApp(sql: Sql, extra: Partial<AppDeps> = {}): ApiApp {
  return createApp({ sql, tokens: hs256Verifier(TEST_JWT_SECRET), publicUrl: 'http://dalil.test', ...extra });
}

/** Creates a confirmed auth user (and, by trigger, a profile); role 'admin' sets app_metadata.role. */
export async function createUser(sql: Sql, options: { role?: 'admin' | 'user'; name?: string } = {}) {
  const id = randomUUID();
  const email = `user-${id.slice(0, 8)}@example.test`;
  const appMeta = options.role === 'admin' ? { role: 'admin', provider: 'email' } : { provider: 'email' };
  await sql`insert into auth.users (id, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
            values (${id}, ${email}, now(), ${sql.json(appMeta)}, ${sql.json({ name: options.name ?? 'Test User' })})`;
  const { token } = await signAccessToken({ id, email, appMetadata: appMeta }, TEST_JWT_SECRET);
  return { id, email, token, authHeader: { Authorization: `Bearer ${token}` } };
}
