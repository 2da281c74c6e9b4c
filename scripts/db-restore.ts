/**
 * `npm run db:restore -- <backup folder>`: puts the database and the uploaded files back as they were in a
 * backup made by `npm run db:backup` (src/server/db/backup.ts). Everything in one transaction, checked table by
 * table against the backup's checksums before it commits; the current uploads folder is kept aside as
 * `<DATA_DIR>/uploads.before-restore-<time>`.
 *
 * Refuses while the app holds the database: on the embedded stack when its Postgres is running (stop
 * `npm start` first), with DATABASE_URL when a session of the API is connected. A fresh DATA_DIR is created
 * and migrated first. The backup's migrations must be the code's (restore with the version that made it).
 * Refuses a Supabase project's database (use Supabase's backups / PITR or `supabase db dump` there) and a
 * connection without superuser, before writing anything.
 * Exit codes: 0 restored, 1 refused or failed (nothing changed), 2 usage.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, readManifest, restoreDatabase, restoreTargetRefusal } from '../src/server/db/backup.ts';
import { applyLocalBootstrap, migrate } from '../src/server/db/migrate.ts';
import { parseServerEnv } from '../src/server/env.ts';
import { openMaintenanceDatabase, runningEmbeddedPort } from './db-maintenance.ts';

const USAGE = 'Usage: npm run db:restore -- <backup folder>   (e.g. .data/backups/2026-01-31T10-00-00Z)';

async function main(): Promise<number> {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ allowPositionals: true, options: {} }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const from = path.resolve(positionals[0]!);
  if (!existsSync(from)) {
    console.error(`${from} does not exist.\n${USAGE}`);
    return 2;
  }
  const manifest = readManifest(from);
  const env = parseServerEnv(process.env);
  if (!env.DATABASE_URL && runningEmbeddedPort(env.DATA_DIR)) {
    const db = await openMaintenanceDatabase(env);
    const running = db.alreadyRunning;
    await db.close();
    if (running) {
      console.error(`The embedded database in ${path.resolve(env.DATA_DIR, 'postgres')} is running — is \`npm start\` running? Stop it (Ctrl-C), then run the restore again.`);
      return 1;
    }
  }
  const db = await openMaintenanceDatabase(env, { createIfMissing: true });
  try {
    // before anything is written (the bootstrap below included): a Supabase project is restored with Supabase's tools
    const refusal = await restoreTargetRefusal(db.sql);
    if (refusal) throw new BackupError(refusal);
    const [{ migrated }] = await db.sql<{ migrated: boolean }[]>`select to_regclass('supabase_migrations.schema_migrations') is not null as migrated`;
    if (!migrated) {
      console.log('Empty database: applying the bootstrap and migrations first…');
      await applyLocalBootstrap(db.sql);
      await migrate(db.sql);
    }
    // the first-start seed marker of src/server/stack.ts (restored from the backup, so the dataset is not seeded again)
    await db.sql.unsafe(`create table if not exists supabase_migrations.seeds (name text primary key, applied_at timestamptz not null default now())`);
    console.log(`Restoring ${from} (made ${manifest.createdAt}) into ${db.where}…`);
    const started = performance.now();
    const report = await restoreDatabase(db.sql, from, { uploadsDir: env.DATABASE_URL ? null : path.resolve(env.DATA_DIR, 'uploads') });
    console.log(`Restored ${report.tables} tables (${report.rows} rows, every checksum matched) and ${report.sequences} sequences in ${Math.round(performance.now() - started)} ms.`);
    if (report.uploads) {
      console.log(`Uploads: ${report.uploads.files} files restored${report.uploads.previousMovedTo ? `; the previous folder is kept as ${report.uploads.previousMovedTo}` : ''}.`);
    }
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(`Refused: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

main().then((code) => process.exit(code), (error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
