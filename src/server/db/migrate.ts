import type { Sql } from 'postgres';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = path.resolve(here, '../../../supabase/migrations');
const BOOTSTRAP_FILE = path.join(here, 'local-bootstrap.sql');

/**
 * Creates what Supabase's image provides (roles anon/authenticated/service_role, auth.users,
 * auth.uid()/jwt()/role(), storage tables). Idempotent; only for non-Supabase databases.
 */
export async function applyLocalBootstrap(sql: Sql): Promise<void> {
  await sql.unsafe(readFileSync(BOOTSTRAP_FILE, 'utf8'));
}

/** The migration files, in the order they apply: `<version>_<name>.sql`, sorted by version. */
export function listMigrations(dir = MIGRATIONS_DIR): { version: string; name: string; file: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((f) => {
      const [, version, name] = /^(\d+)_(.+)\.sql$/.exec(f)!;
      return { version, name, file: path.join(dir, f) };
    });
}

/**
 * Applies pending `supabase/migrations/*.sql` in order, each in its own transaction, recording
 * each in `supabase_migrations.schema_migrations` (the table the Supabase CLI uses), so a
 * database migrated here is also understood by `supabase db push`. Returns the versions applied.
 * A failing migration rolls back alone and throws with its file name; earlier ones stay applied.
 */
export async function migrate(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  await sql.unsafe(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, statements text[], name text
    );`);
  const done = new Set(
    (await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`).map((r) => r.version),
  );
  const applied: string[] = [];
  for (const m of listMigrations(dir)) {
    if (done.has(m.version)) continue;
    const text = readFileSync(m.file, 'utf8');
    try {
      await sql.begin(async (tx) => {
        await tx.unsafe(text);
        await tx`insert into supabase_migrations.schema_migrations (version, statements, name)
                 values (${m.version}, ${[text]}, ${m.name})`;
      });
    } catch (error) {
      throw new Error(`Migration ${path.basename(m.file)} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(m.version);
  }
  return applied;
}

const CONFIG_FILE = path.resolve(here, '../../../supabase/config.toml');

/**
 * The declarative schema files (`supabase/schemas/*.sql`) in the order config.toml's
 * `[db.migrations] schema_paths` lists them (paths there are relative to supabase/). Throws when the
 * key is missing or names a file that does not exist.
 */
export function listSchemaFiles(configFile = CONFIG_FILE): string[] {
  const toml = readFileSync(configFile, 'utf8');
  const section = /^\[db\.migrations\]\s*$([\s\S]*?)(?=^\[)/m.exec(toml)?.[1] ?? '';
  const list = /^schema_paths\s*=\s*\[([\s\S]*?)\]/m.exec(section)?.[1];
  if (list === undefined) throw new Error(`${configFile}: [db.migrations] schema_paths is missing`);
  const files = [...list.replace(/#.*$/gm, '').matchAll(/"([^"]+)"/g)].map((m) => path.resolve(path.dirname(configFile), m[1]));
  for (const f of files) readFileSync(f); // throws ENOENT naming the file
  return files;
}

/**
 * Applies the declarative schema files in order, in one transaction on one connection (a file's
 * `set check_function_bodies = off` holds for the next), as `supabase db diff` applies them to its
 * shadow database. Throws naming the file that failed. For comparing with the migrations
 * (tests/db/schema-drift.test.ts); the deploy path stays `migrate()`.
 */
export async function applySchemaFiles(sql: Sql, files = listSchemaFiles()): Promise<void> {
  await sql.begin(async (tx) => {
    for (const file of files) {
      try {
        await tx.unsafe(readFileSync(file, 'utf8'));
      } catch (error) {
        // The line of the statement that failed, not the whole file (which a test runner would print).
        const position = Number((error as { position?: string }).position);
        const line = position ? `:${readFileSync(file, 'utf8').slice(0, position).split('\n').length}` : '';
        delete (error as { query?: string }).query;
        throw new Error(`Schema file ${path.relative(path.resolve(here, '../../..'), file)}${line} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  });
}

/**
 * The text of supabase/functions/api/migrations.ts: the versions of the migration files, which the
 * Edge Function (whose bundle has no .sql files to list) expects applied before GET /api/health
 * answers 200. Written by `npm run db:edge-migrations`; tests/api/edge-migrations.test.ts fails
 * while the committed file differs.
 */
export function renderEdgeMigrations(versions = listMigrations().map((m) => m.version)): string {
  const rows: string[] = [];
  for (let i = 0; i < versions.length; i += 6) rows.push(`  ${versions.slice(i, i + 6).map((v) => `'${v}'`).join(', ')},`);
  return `// Generated by \`npm run db:edge-migrations\` from supabase/migrations: do not edit (tests/api/edge-migrations.test.ts).
/**
 * Versions of supabase/migrations/*.sql this function expects applied (GET /api/health answers 503
 * while any is missing). The hosted function bundle has no .sql files to list, so the list is written
 * here by the generator.
 */
export const MIGRATION_VERSIONS: readonly string[] = [
${rows.join('\n')}
];
`;
}
