import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Sql } from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureInitialAdmin, loadOrCreateJwtSecret } from '../../src/server/auth/node-setup.ts';
import type { AuthProvider } from '../../src/server/auth/auth-provider.ts';
import { parseServerEnv } from '../../src/server/env.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'auth-setup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A provider double recording createAdmin calls (the other methods are not used here). */
function recordingProvider(kind: 'local' | 'supabase') {
  const calls: { email: string; password: string }[] = [];
  const provider = {
    kind,
    async createAdmin(input: { email: string; password: string }) {
      calls.push(input);
      return { user: { id: 'x', email: input.email, name: '', isAdmin: true, emailConfirmed: true, createdAt: '' }, created: true };
    },
  } as unknown as AuthProvider;
  return { provider, calls };
}
/** A stand-in for the `sql` tag answering the "is there an admin?" query. */
const sqlAnswering = (rows: unknown[]) => (async () => rows) as unknown as Sql;

describe('JWT secret of the embedded stack', () => {
  it('is generated once (mode 600) and reused; JWT_SECRET wins', () => {
    const first = loadOrCreateJwtSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(loadOrCreateJwtSecret(dir)).toBe(first);
    expect(loadOrCreateJwtSecret(dir, 'from-env-from-env-from-env-from-env-0')).toBe('from-env-from-env-from-env-from-env-0');
  });
});

describe('first-start admin', () => {
  it('generates one when none exists, prints it once and stores it mode 600', async () => {
    const { provider, calls } = recordingProvider('local');
    const lines: string[] = [];
    const email = await ensureInitialAdmin(provider, sqlAnswering([]), { dataDir: dir, log: (l) => lines.push(l) });
    expect(email).toBe('admin@dalil.local');
    expect(calls).toHaveLength(1);
    const file = path.join(dir, 'admin-credentials.txt');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain(`password=${calls[0]!.password}`);
    expect(lines.join('\n')).toContain(calls[0]!.password);
    expect(calls[0]!.password.length).toBeGreaterThanOrEqual(16);
  });

  it('uses ADMIN_EMAIL/ADMIN_PASSWORD and does nothing once an admin exists', async () => {
    const given = recordingProvider('local');
    await ensureInitialAdmin(given.provider, sqlAnswering([]), { dataDir: dir, email: 'boss@example.com', password: 'boss-pass', log: () => {} });
    expect(given.calls).toEqual([{ email: 'boss@example.com', password: 'boss-pass', name: 'Administrator' }]);
    const later = recordingProvider('local');
    expect(await ensureInitialAdmin(later.provider, sqlAnswering([{ '?column?': 1 }]), { dataDir: dir, log: () => {} })).toBeNull();
    expect(later.calls).toHaveLength(0);
  });

  it('never generates an admin on Supabase Auth', async () => {
    const { provider, calls } = recordingProvider('supabase');
    expect(await ensureInitialAdmin(provider, sqlAnswering([]), { dataDir: dir, log: () => {} })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('auth configuration', () => {
  it('names the missing Supabase variables when only some are set', () => {
    expect(() => parseServerEnv({ SUPABASE_URL: 'https://abc.supabase.co' })).toThrow(/SUPABASE_ANON_KEY[\s\S]*SUPABASE_SERVICE_ROLE_KEY/);
  });
  it('requires SMTP_HOST when the dev mailbox is off', () => {
    expect(() => parseServerEnv({ MAIL_DEV: 'false' })).toThrow(/SMTP_HOST/);
    expect(parseServerEnv({ MAIL_DEV: 'false', SMTP_HOST: 'smtp.example.com' }).SMTP_HOST).toBe('smtp.example.com');
  });
  it('keeps bcrypt at cost 10 or more', () => {
    expect(parseServerEnv({}).BCRYPT_COST).toBe(10);
    expect(() => parseServerEnv({ BCRYPT_COST: '4' })).toThrow(/BCRYPT_COST/);
  });
});
