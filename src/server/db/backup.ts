import { cpSync, createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Sql } from 'postgres';
import {
  APP_APPLICATION_NAME, appConnections, copyIn, copyOut, listSequences, listTables, migrationVersions, restoreTarget,
  serverIdentity, setCopySettings, setSequence, tableChecksum, truncateTables,
} from '../queries/backup-queries.ts';

export { BACKUP_SCHEMAS } from '../queries/backup-queries.ts';

/**
 * Logical backups of the directory database (docs/decisions/009-backups.md): one gzip'd `COPY … TO STDOUT`
 * file per table of the schemas below, all read in ONE repeatable-read snapshot (as pg_dump does), with a
 * manifest of the applied migrations, each table's columns, row count and checksum, and the sequences;
 * plus a copy of the local uploads folder. Restore loads them into a database migrated to the same
 * versions, in one transaction with triggers off (`session_replication_role = replica`, as pg_dump's
 * --disable-triggers), checks every table's checksum before committing, and only then swaps the uploads.
 * Node only; needs the owner (superuser) connection of the embedded stack. The statements are in
 * queries/backup-queries.ts.
 */

export interface BackupTable {
  schema: string;
  name: string;
  /** Copied columns, in order (generated columns are recomputed on restore, so left out). */
  columns: string[];
  rows: number;
  /** md5 over the sorted md5s of each row's copied columns as text (UTC, ISO dates). */
  checksum: string;
  /** File name inside the backup folder. */
  file: string;
}

export interface BackupManifest {
  format: 'city-directory-backup';
  version: 1;
  createdAt: string;
  server: string;
  database: string;
  /** supabase_migrations.schema_migrations versions the database had. */
  migrations: string[];
  /** Parents before children (foreign keys). */
  tables: BackupTable[];
  sequences: { schema: string; name: string; lastValue: string; isCalled: boolean }[];
  /** Files copied from the uploads folder into `uploads/`, or null when there was none. */
  uploads: { files: number; bytes: number } | null;
}

/** A backup or restore refused for a reason the operator must act on (message says what to do). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

function folderStats(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile()) { files++; bytes += statSync(full).size; }
    }
  };
  walk(dir);
  return { files, bytes };
}

/**
 * Writes a backup of the database behind `sql` (owner connection) into the folder `outDir` (must not exist;
 * written as `<outDir>.partial` and renamed when complete, so a folder named outDir is always a whole
 * backup). `uploadsDir`, when it exists, is copied to `<outDir>/uploads`. Consistent: every table is read
 * in one repeatable-read, read-only transaction, so writes running meanwhile are either wholly in or out.
 * Returns the manifest (also written as manifest.json).
 */
export async function backupDatabase(sql: Sql, outDir: string, options: { uploadsDir?: string | null } = {}): Promise<BackupManifest> {
  if (existsSync(outDir)) throw new BackupError(`${outDir} already exists: choose another folder.`);
  const partial = `${outDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    const manifest = await sql.begin('isolation level repeatable read read only', async (tx) => {
      await setCopySettings(tx);
      const { server, database } = await serverIdentity(tx);
      const tables: BackupTable[] = [];
      for (const t of await listTables(tx)) {
        const file = `${t.schema}.${t.name}.copy.gz`
        const { rows, checksum } = await tableChecksum(tx, t);
        await pipeline(await copyOut(tx, t), createGzip(), createWriteStream(path.join(partial, file)));
        tables.push({ schema: t.schema, name: t.name, columns: t.columns, rows, checksum, file });
      }
      const sequences = await listSequences(tx);
      return {
        format: 'city-directory-backup' as const, version: 1 as const, createdAt: new Date().toISOString(), server, database,
        migrations: await migrationVersions(tx), tables, sequences, uploads: null as BackupManifest['uploads'],
      };
    });
    if (options.uploadsDir && existsSync(options.uploadsDir)) {
      cpSync(options.uploadsDir, path.join(partial, 'uploads'), { recursive: true });
      manifest.uploads = folderStats(path.join(partial, 'uploads'));
    }
    writeFileSync(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(partial, outDir);
    return manifest;
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Reads and checks a backup folder's manifest; BackupError when it is not a complete backup. */
export function readManifest(fromDir: string): BackupManifest {
  const file = path.join(fromDir, 'manifest.json');
  if (!existsSync(file)) throw new BackupError(`${fromDir} is not a backup folder (no manifest.json).`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 'city-directory-backup' || manifest.version !== 1) throw new BackupError(`${file}: unknown backup format.`);
  for (const t of manifest.tables) {
    if (!existsSync(path.join(fromDir, t.file))) throw new BackupError(`${fromDir}: ${t.file} is missing; the backup is incomplete.`);
  }
  return manifest;
}

export interface RestoreReport {
  tables: number;
  rows: number;
  sequences: number;
  uploads: { files: number; bytes: number; previousMovedTo: string | null } | null;
}

/**
 * Why this database cannot take a restore, checked before anything is written, or null. A Supabase
 * project (Supabase Auth's `auth.schema_migrations` table or the `supabase_admin` role is there) owns its
 * `auth` and `storage` schemas, and its `postgres` role is no superuser: the restore could not turn
 * triggers off (`session_replication_role`) nor replace Supabase's own rows, and would fail part-way.
 * Any other database needs a superuser connection for the same reason.
 */
export async function restoreTargetRefusal(sql: Sql): Promise<string | null> {
  const target = await restoreTarget(sql);
  if (target.supabase) {
    return 'This is a Supabase database (Supabase Auth\'s auth.schema_migrations / the supabase_admin role): its auth and storage '
      + 'schemas are Supabase\'s, and a restore needs a superuser, which a Supabase project does not give. Nothing was changed. '
      + 'Use Supabase\'s own backups or point-in-time recovery (Dashboard → Database → Backups) to go back in time, '
      + 'or `supabase db dump --data-only` with psql to copy data between projects (docs/decisions/014-faithful-to-supabase.md).';
  }
  if (!target.superuser) {
    return `The restore needs a superuser connection (it turns triggers off with session_replication_role); ${target.role} is not one. Nothing was changed.`;
  }
  return null;
}

/**
 * Replaces every row of the backed-up tables of the database behind `sql` (owner connection) with the
 * backup in `fromDir`, in ONE transaction: truncate, COPY each table in, set the sequences, then compare
 * each table's row count and checksum with the manifest — any difference rolls everything back.
 * Refuses (BackupError, nothing changed) on a Supabase database or without a superuser (restoreTargetRefusal),
 * when the API is connected to the database (stop it first), when
 * the database's migrations differ from the backup's (restore with the code version that made it), or when
 * the database has a table the backup does not know. Then, with `uploadsDir`, the current uploads folder is
 * moved aside to `<uploadsDir>.before-restore-<time>` and the backup's copied in its place.
 */
export async function restoreDatabase(sql: Sql, fromDir: string, options: { uploadsDir?: string | null } = {}): Promise<RestoreReport> {
  const manifest = readManifest(fromDir);
  const refusal = await restoreTargetRefusal(sql);
  if (refusal) throw new BackupError(refusal);
  const connected = await appConnections(sql);
  if (connected > 0) {
    throw new BackupError(`The app is connected to this database (${connected} session(s) of ${APP_APPLICATION_NAME}): stop it (Ctrl-C on npm start) and run the restore again.`);
  }
  const migrations = await migrationVersions(sql);
  if (migrations.join(',') !== manifest.migrations.join(',')) {
    const missing = manifest.migrations.filter((v) => !migrations.includes(v));
    const extra = migrations.filter((v) => !manifest.migrations.includes(v));
    throw new BackupError(
      `The database's migrations differ from the backup's (database lacks ${missing.join(', ') || 'none'}; has in addition ${extra.join(', ') || 'none'}). `
        + 'Restore with the code version that made the backup (its migrations), then start the app to migrate.',
    );
  }
  const report = await sql.begin(async (tx) => {
    await setCopySettings(tx, { triggersOff: true });
    const current = await listTables(tx);
    const known = new Set(manifest.tables.map((t) => `${t.schema}.${t.name}`));
    const unknown = current.filter((t) => !known.has(`${t.schema}.${t.name}`));
    if (unknown.length) throw new BackupError(`The database has tables the backup does not know: ${unknown.map((t) => `${t.schema}.${t.name}`).join(', ')}.`);
    const byName = new Map(current.map((t) => [`${t.schema}.${t.name}`, t]));
    for (const t of manifest.tables) {
      const target = byName.get(`${t.schema}.${t.name}`);
      if (!target) throw new BackupError(`The database has no table ${t.schema}.${t.name}.`);
      const missing = t.columns.filter((c) => !target.columns.includes(c));
      if (missing.length) throw new BackupError(`${t.schema}.${t.name} has no column(s) ${missing.join(', ')}.`);
    }
    await truncateTables(tx, manifest.tables);
    let rows = 0;
    for (const t of manifest.tables) {
      await pipeline(createReadStream(path.join(fromDir, t.file)), createGunzip(), await copyIn(tx, t));
      rows += t.rows;
    }
    for (const t of manifest.tables) {
      const got = await tableChecksum(tx, t);
      if (got.rows !== t.rows || got.checksum !== t.checksum) {
        throw new BackupError(`${t.schema}.${t.name} does not match the backup after loading (rows ${got.rows} of ${t.rows}, checksum ${got.checksum} vs ${t.checksum}); nothing was changed.`);
      }
    }
    // last: setval is not undone by a rollback, so only once every table matched
    for (const s of manifest.sequences) await setSequence(tx, s);
    return { tables: manifest.tables.length, rows, sequences: manifest.sequences.length };
  });
  let uploads: RestoreReport['uploads'] = null;
  const backedUp = path.join(fromDir, 'uploads');
  if (options.uploadsDir && manifest.uploads && existsSync(backedUp)) {
    let previousMovedTo: string | null = null;
    if (existsSync(options.uploadsDir)) {
      previousMovedTo = `${options.uploadsDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(options.uploadsDir, previousMovedTo);
    }
    cpSync(backedUp, options.uploadsDir, { recursive: true });
    uploads = { ...folderStats(options.uploadsDir), previousMovedTo };
  }
  return { ...report, uploads };
}
