import type { Sql } from 'postgres';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerEnv } from '../env.ts';
import { createSmtpMailer, type Mailer } from '../mail/mailer.ts';
import { randomToken } from './crypto.ts';
import { LocalAuthProvider } from './local-auth-provider.ts';
import type { AuthProvider } from './auth-provider.ts';
import { SupabaseAuthProvider } from './supabase-auth-provider.ts';

/**
 * The HS256 secret of the embedded stack: JWT_SECRET when set, else `<dataDir>/jwt-secret`
 * (created once with 256 random bits, mode 600), so tokens survive restarts.
 */
export function loadOrCreateJwtSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = path.resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomToken(32);
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** The mail transport of the local provider: SMTP_HOST when set, else the dev mailbox's SMTP port. */
export function mailerFromEnv(env: ServerEnv): Mailer {
  return createSmtpMailer({
    host: env.SMTP_HOST ?? '127.0.0.1',
    port: env.SMTP_PORT ?? (env.SMTP_HOST ? 587 : env.MAILDEV_SMTP_PORT),
    from: env.SMTP_FROM,
    user: env.SMTP_USER,
    pass: env.SMTP_PASS,
    secure: env.SMTP_SECURE,
  });
}

/** True when the environment selects Supabase Auth (SUPABASE_URL + both keys; env.ts rejects half a config). */
export function isSupabaseMode(env: ServerEnv): boolean {
  return Boolean(env.SUPABASE_URL && env.SUPABASE_ANON_KEY && env.SUPABASE_SERVICE_ROLE_KEY);
}

/** Builds the provider the environment selects: Supabase Auth, else the local provider. */
export function createAuthProviderFromEnv(env: ServerEnv, sql: Sql, log: (line: string) => void = console.log): AuthProvider {
  if (isSupabaseMode(env)) {
    return new SupabaseAuthProvider({
      sql,
      url: env.SUPABASE_URL!,
      anonKey: env.SUPABASE_ANON_KEY!,
      serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY!,
      legacyJwtSecret: env.SUPABASE_JWT_SECRET,
    });
  }
  return new LocalAuthProvider({
    sql,
    jwtSecret: loadOrCreateJwtSecret(env.DATA_DIR, env.JWT_SECRET),
    mailer: mailerFromEnv(env),
    bcryptCost: env.BCRYPT_COST,
    log: (message, error) => log(`[auth] ${message}: ${error instanceof Error ? error.message : String(error ?? '')}`),
  });
}

/**
 * First start (local provider): when no admin exists yet, creates one from ADMIN_EMAIL/ADMIN_PASSWORD
 * or with a generated address and password, printed once and kept in `<dataDir>/admin-credentials.txt`
 * (mode 600). Later starts do nothing. Supabase mode: only ADMIN_EMAIL + ADMIN_PASSWORD, if both
 * set. Returns the e-mail of the admin created, if any.
 */
export async function ensureInitialAdmin(
  auth: AuthProvider,
  sql: Sql,
  options: { dataDir: string; email?: string; password?: string; log: (line: string) => void },
): Promise<string | null> {
  if (auth.kind === 'supabase') {
    // Supabase Auth holds the accounts: never generate one there; ADMIN_EMAIL/ADMIN_PASSWORD, when
    // both set, create or promote that account (idempotent).
    if (!options.email || !options.password) return null;
    const { created } = await auth.createAdmin({ email: options.email, password: options.password });
    if (created) options.log(`Created the admin ${options.email} on Supabase Auth.`);
    return created ? options.email : null;
  }
  const [existing] = await sql`select 1 from auth.users where raw_app_meta_data ->> 'role' = 'admin' limit 1`;
  if (existing) return null;
  const email = options.email ?? 'admin@dalil.local';
  const password = options.password ?? randomToken(15);
  await auth.createAdmin({ email, password, name: 'Administrator' });
  if (options.password) {
    options.log(`Created the first admin ${email} (password from ADMIN_PASSWORD).`);
    return email;
  }
  const file = path.resolve(options.dataDir, 'admin-credentials.txt');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `# First admin, created ${new Date().toISOString()}. Change the password after signing in.\nemail=${email}\npassword=${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  options.log(`\nCreated the first admin (shown once; also in ${file}):\n  email:    ${email}\n  password: ${password}\nSign in at /admin/login and change the password.\n`);
  return email;
}
