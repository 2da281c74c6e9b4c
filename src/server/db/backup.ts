import { cpSync, createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Sql } from 'postgres';

/**
 * Logical backups of the directory database (docs/decisions/009-backups.md): one gzip'd `COPY … TO STDOUT`
 * file per table of the schemas below, all read in ONE repeatable-read snapshot (as pg_dump does), with a
 * manifest of the applied migrations, each table's columns, row count and checksum, and the sequences;
 * plus a copy of the local uploads folder. Restore loads them into a database migrated to the same
 * versions, in one transaction with triggers off (`session_replication_role = replica`, as pg_dump's
 * --disable-triggers), checks every table's checksum before committing, and only then swaps the uploads.
 * Node only; needs the owner (superuser) connection of the embedded stack.
 */

/** Schemas whose tables are backed up: Supabase's auth and storage metadata, the app's own. */
export const BACKUP_SCHEMAS = ['auth', 'storage', 'public', 'private', 'supabase_migrations'] as const;
/** Schema state, not data: compared with the target instead of restored. */
const SKIPPED_TABLES = new Set(['supabase_migrations.schema_migrations']);
/** The application_name of the API's pools (src/server/db/client.ts). */
export const APP_APPLICATION_NAME = 'city-directory-api';

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

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
const qualified = (t: { schema: string; name: string }) => `${ident(t.schema)}.${ident(t.name)}`;

interface TableInfo { oid: number; schema: string; name: string; columns: string[] }

/** Ordinary tables of BACKUP_SCHEMAS with their non-generated columns, parents first (foreign keys). */
async function listTables(sql: Sql): Promise<TableInfo[]> {
  const tables = await sql<{ oid: number; schema: string; name: string; columns: string[] }[]>`
    select c.oid::int as oid, n.nspname as schema, c.relname as name,
           array(select a.attname::text from pg_attribute a
                 where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                 order by a.attnum) as columns
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = any(${[...BACKUP_SCHEMAS]})
     order by n.nspname, c.relname`;
  const kept = tables.filter((t) => !SKIPPED_TABLES.has(`${t.schema}.${t.name}`));
  const edges = await sql<{ child: number; parent: number }[]>`
    select conrelid::int as child, confrelid::int as parent from pg_constraint where contype = 'f' and conrelid <> confrelid`;
  const parents = new Map<number, Set<number>>();
  for (const e of edges) (parents.get(e.child) ?? parents.set(e.child, new Set()).get(e.child)!).add(e.parent);
  const ordered: TableInfo[] = [];
  const state = new Map<number, 'visiting' | 'done'>();
  const byOid = new Map(kept.map((t) => [t.oid, t]));
  const visit = (t: TableInfo) => {
    if (state.get(t.oid) === 'done' || state.get(t.oid) === 'visiting') return; // a cycle: order does not matter with triggers off
    state.set(t.oid, 'visiting');
    for (const p of parents.get(t.oid) ?? []) if (byOid.has(p)) visit(byOid.get(p)!);
    state.set(t.oid, 'done');
    ordered.push(t);
  };
  for (const t of kept) visit(t);
  return ordered;
}

/** Row count and checksum of `columns` of a table, in the current transaction. */
async function tableChecksum(tx: Sql, t: { schema: string; name: string; columns: string[] }): Promise<{ rows: number; checksum: string }> {
  const row = t.columns.length ? `row(${t.columns.map((c) => `t.${ident(c)}`).join(', ')})::text` : `''`;
  const [r] = await tx.unsafe<{ rows: number; checksum: string }[]>(
    `select count(*)::int as rows, md5(coalesce(string_agg(md5(${row}), '' order by md5(${row})), '')) as checksum from ${qualified(t)} t`,
  );
  return { rows: r!.rows, checksum: r!.checksum };
}

async function migrationVersions(sql: Sql): Promise<string[]> {
  const [exists] = await sql`select to_regclass('supabase_migrations.schema_migrations') is not null as yes`;
  if (!exists?.yes) return [];
  return (await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations order by version`).map((r) => r.version);
}

/** Sessions of the API (application_name city-directory-api…) on this database, other than ours. */
export async function appConnections(sql: Sql): Promise<number> {
  const [r] = await sql<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and application_name like ${`${APP_APPLICATION_NAME}%`}`;
  return r!.n;
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
      await tx`select set_config('timezone', 'UTC', true), set_config('datestyle', 'ISO, YMD', true), set_config('extra_float_digits', '3', true)`;
      const [{ server, database }] = await tx<{ server: string; database: string }[]>`select version() as server, current_database() as database`;
      const tables: BackupTable[] = [];
      for (const t of await listTables(tx as unknown as Sql)) {
        const file = `${t.schema}.${t.name}.copy.gz`
        const { rows, checksum } = await tableChecksum(tx as unknown as Sql, t);
        const source = await tx.unsafe(`copy ${qualified(t)} (${t.columns.map(ident).join(', ')}) to stdout`).readable();
        await pipeline(source, createGzip(), createWriteStream(path.join(partial, file)));
        tables.push({ schema: t.schema, name: t.name, columns: t.columns, rows, checksum, file });
      }
      const sequences = [];
      for (const s of await tx<{ schema: string; name: string }[]>`
        select schemaname as schema, sequencename as name from pg_sequences where schemaname = any(${[...BACKUP_SCHEMAS]}) order by 1, 2`) {
        const [v] = await tx.unsafe<{ last_value: string; is_called: boolean }[]>(`select last_value::text, is_called from ${qualified(s)}`);
        sequences.push({ schema: s.schema, name: s.name, lastValue: v!.last_value, isCalled: v!.is_called });
      }
      return {
        format: 'city-directory-backup' as const, version: 1 as const, createdAt: new Date().toISOString(), server, database,
        migrations: await migrationVersions(tx as unknown as Sql), tables, sequences, uploads: null as BackupManifest['uploads'],
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
  const [target] = await sql<{ supabase: boolean; superuser: boolean; role: string }[]>`
    select exists (select from pg_class c join pg_namespace n on n.oid = c.relnamespace
                   where n.nspname = 'auth' and c.relname = 'schema_migrations')
           or exists (select from pg_roles where rolname = 'supabase_admin') as supabase,
           (select rolsuper from pg_roles where rolname = current_user) as superuser, current_user::text as role`;
  if (target!.supabase) {
    return 'This is a Supabase database (Supabase Auth\'s auth.schema_migrations / the supabase_admin role): its auth and storage '
      + 'schemas are Supabase\'s, and a restore needs a superuser, which a Supabase project does not give. Nothing was changed. '
      + 'Use Supabase\'s own backups or point-in-time recovery (Dashboard → Database → Backups) to go back in time, '
      + 'or `supabase db dump --data-only` with psql to copy data between projects (docs/decisions/014-faithful-to-supabase.md).';
  }
  if (!target!.superuser) {
    return `The restore needs a superuser connection (it turns triggers off with session_replication_role); ${target!.role} is not one. Nothing was changed.`;
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
    await tx`select set_config('timezone', 'UTC', true), set_config('datestyle', 'ISO, YMD', true), set_config('extra_float_digits', '3', true),
                    set_config('session_replication_role', 'replica', true)`;
    const current = await listTables(tx as unknown as Sql);
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
    if (manifest.tables.length) await tx.unsafe(`truncate ${manifest.tables.map(qualified).join(', ')}`);
    let rows = 0;
    for (const t of manifest.tables) {
      const sink = await tx.unsafe(`copy ${qualified(t)} (${t.columns.map(ident).join(', ')}) from stdin`).writable();
      await pipeline(createReadStream(path.join(fromDir, t.file)), createGunzip(), sink);
      rows += t.rows;
    }
    for (const t of manifest.tables) {
      const got = await tableChecksum(tx as unknown as Sql, t);
      if (got.rows !== t.rows || got.checksum !== t.checksum) {
        throw new BackupError(`${t.schema}.${t.name} does not match the backup after loading (rows ${got.rows} of ${t.rows}, checksum ${got.checksum} vs ${t.checksum}); nothing was changed.`);
      }
    }
    // last: setval is not undone by a rollback, so only once every table matched
    for (const s of manifest.sequences) {
      await tx`select setval(${qualified(s)}::regclass, ${s.lastValue}::bigint, ${s.isCalled})`;
    }
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
