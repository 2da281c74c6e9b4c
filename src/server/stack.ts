import type { Sql } from 'postgres';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSql } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { backfillSourceIdentity, importDirectory, type ImportCounts } from './db/import-directory.ts';
import { applyLocalBootstrap, migrate } from './db/migrate.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The real dataset shipped with the project (© OpenStreetMap contributors, ODbL 1.0). */
export const DEFAULT_DATASET = path.resolve(here, '../../data/riyadh-osm.json');

export interface Stack {
  sql: Sql;
  databaseUrl: string;
  embedded: EmbeddedDatabase | null;
  migrationsApplied: string[];
  seeded: ImportCounts | null;
  stop(): Promise<void>;
}

/** True on a Supabase database (its image ships the supabase_admin role and auth schema). */
async function isSupabaseDatabase(sql: Sql): Promise<boolean> {
  const [r] = await sql`select exists (select from pg_roles where rolname = 'supabase_admin') as yes`;
  return Boolean(r?.yes);
}

/**
 * Brings the database up to date: starts embedded Postgres unless `databaseUrl` is given, applies
 * the local bootstrap (not on Supabase), runs pending migrations, and seeds `dataset` once — the
 * first time only, recorded in supabase_migrations.seeds, so restarts never re-seed or duplicate.
 */
export async function startStack(options: {
  dataDir: string;
  databaseUrl?: string;
  embeddedPort: number;
  dataset?: string | null;
  log?: (line: string) => void;
  poolSize?: number;
}): Promise<Stack> {
  const log = options.log ?? (() => {});
  let embedded: EmbeddedDatabase | null = null;
  let url = options.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: options.dataDir, port: options.embeddedPort });
    url = embedded.url;
  }
  const sql = createSql(url, { max: options.poolSize });
  try {
    if (!(await isSupabaseDatabase(sql))) await applyLocalBootstrap(sql);
    const migrationsApplied = await migrate(sql);
    if (migrationsApplied.length) log(`Applied ${migrationsApplied.length} migration(s).`);
    await sql.unsafe(`create table if not exists supabase_migrations.seeds (name text primary key, applied_at timestamptz not null default now())`);
    let seeded: ImportCounts | null = null;
    const dataset = options.dataset === undefined ? DEFAULT_DATASET : options.dataset;
    if (dataset) {
      const [done] = await sql`select 1 from supabase_migrations.seeds where name = 'initial-dataset'`;
      if (!done) {
        log(`Seeding ${path.basename(dataset)} (first start)…`);
        seeded = (await importDirectory(sql, JSON.parse(readFileSync(dataset, 'utf8')))).counts;
        await sql`insert into supabase_migrations.seeds (name) values ('initial-dataset'), ('initial-dataset-source-ids') on conflict do nothing`;
        log(`Seeded ${seeded.places} places, ${seeded.categories} categories, ${seeded.zones} zones, ${seeded.buildings} buildings.`);
      } else {
        // seeded before rows carried source ids (docs/decisions/013-import-identity.md): match them to the file once
        const [backfilled] = await sql`select 1 from supabase_migrations.seeds where name = 'initial-dataset-source-ids'`;
        if (!backfilled) {
          const adopted = await backfillSourceIdentity(sql, JSON.parse(readFileSync(dataset, 'utf8')));
          await sql`insert into supabase_migrations.seeds (name) values ('initial-dataset-source-ids') on conflict do nothing`;
          log(`Gave ${adopted.places} seeded places (and ${adopted.categories + adopted.zones + adopted.buildings} categories, zones, buildings) their source ids.`);
        }
      }
    }
    return {
      sql, databaseUrl: url, embedded, migrationsApplied, seeded,
      async stop() {
        await sql.end({ timeout: 5 });
        await embedded?.stop();
      },
    };
  } catch (error) {
    await sql.end({ timeout: 1 }).catch(() => {});
    await embedded?.stop().catch(() => {});
    throw error;
  }
}
