/**
 * `npm run db:backup [-- --out <folder>]`: a consistent logical backup of the directory database and the
 * uploaded files (src/server/db/backup.ts, docs/decisions/009-backups.md) into `<DATA_DIR>/backups/<UTC time>/`
 * by default. Works while the app runs (one repeatable-read snapshot). Database: DATABASE_URL, else the
 * embedded database of DATA_DIR (the running one, or started here and stopped after).
 * Exit codes: 0 written (prints the folder and per-table rows), 1 failed (nothing left behind), 2 usage.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupDatabase } from '../src/server/db/backup.ts';
import { parseServerEnv } from '../src/server/env.ts';
import { openMaintenanceDatabase } from './db-maintenance.ts';

async function main(): Promise<number> {
  let out: string | undefined;
  try {
    ({ values: { out } } = parseArgs({ options: { out: { type: 'string' } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage: npm run db:backup [-- --out <folder>]`);
    return 2;
  }
  const env = parseServerEnv(process.env);
  const folder = path.resolve(out ?? path.join(env.DATA_DIR, 'backups', new Date().toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')));
  const db = await openMaintenanceDatabase(env);
  try {
    console.log(`Backing up ${db.where}…`);
    const started = performance.now();
    const manifest = await backupDatabase(db.sql, folder, { uploadsDir: env.DATABASE_URL ? null : path.resolve(env.DATA_DIR, 'uploads') });
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    console.log(`Wrote ${folder} in ${Math.round(performance.now() - started)} ms: ${manifest.tables.length} tables, ${rows} rows, `
      + `${manifest.sequences.length} sequences, ${manifest.uploads ? `${manifest.uploads.files} uploaded files` : 'no uploads folder'}.`);
    for (const t of manifest.tables.filter((t) => t.rows > 0)) console.log(`  ${`${t.schema}.${t.name}`.padEnd(40)} ${t.rows}`);
    console.log(`Restore with: npm run db:restore -- ${path.relative(process.cwd(), folder) || folder}`);
    return 0;
  } finally {
    await db.close();
  }
}

main().then((code) => process.exit(code), (error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
