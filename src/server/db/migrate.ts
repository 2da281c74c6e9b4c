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
