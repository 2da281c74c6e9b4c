/**
 * Creates an administrator, or promotes an existing user and sets their password, in either mode:
 *
 *   npm run admin:create -- --email admin@example.com --password 'a long secret' [--name 'Sara']
 *
 * Supabase mode (SUPABASE_URL + keys): through the Auth admin API. Local mode: in auth.users of
 * DATABASE_URL, or of the embedded database in DATA_DIR (the running server's, or started here).
 * Admin = app_metadata.role 'admin' (raw_app_meta_data), never user-editable metadata.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createAuthProviderFromEnv, isSupabaseMode } from '../src/server/auth/node-setup.ts';
import { createSql } from '../src/server/db/client.ts';
import { parseServerEnv } from '../src/server/env.ts';
import { startStack, type Stack } from '../src/server/stack.ts';
import { emailSchema, nameSchema, passwordSchema } from '../src/shared/schemas/auth-schemas.ts';

const argsSchema = z.object({ email: emailSchema, password: passwordSchema, name: nameSchema.optional() });

async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`  --${issue.path.join('.')}: ${issue.message}`);
    console.error("Usage: npm run admin:create -- --email admin@example.com --password 'at least 6 characters' [--name 'Name']");
    process.exit(2);
  }
  const env = parseServerEnv(process.env);
  let stack: Stack | null = null;
  let sql;
  if (isSupabaseMode(env)) {
    sql = createSql(env.DATABASE_URL ?? 'postgres://unused@127.0.0.1:1/unused', { max: 1 }); // the admin API needs no database
  } else if (env.DATABASE_URL) {
    stack = await startStack({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, embeddedPort: env.EMBEDDED_PG_PORT, dataset: null });
    sql = stack.sql;
  } else if (existsSync(path.resolve(env.DATA_DIR, 'postgres', 'postmaster.pid'))) {
    sql = createSql(`postgres://postgres:postgres@127.0.0.1:${env.EMBEDDED_PG_PORT}/postgres`, { max: 2 }); // the running server's
  } else {
    stack = await startStack({ dataDir: env.DATA_DIR, embeddedPort: env.EMBEDDED_PG_PORT, dataset: null });
    sql = stack.sql;
  }
  const auth = createAuthProviderFromEnv(env, sql, () => {});
  try {
    const { user, created } = await auth.createAdmin(parsed.data);
    console.log(`${created ? 'Created' : 'Promoted'} admin ${user.email} (${user.id}) on ${auth.kind === 'supabase' ? 'Supabase Auth' : 'the local stack'}.`);
  } finally {
    await auth.close?.();
    if (stack) await stack.stop();
    else await sql.end({ timeout: 2 });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
