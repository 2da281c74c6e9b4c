import type { Readable, Writable } from 'node:stream';
import type { ISql } from 'postgres';

/**
 * The statements of logical backups and restores (db/backup.ts, docs/decisions/009-backups.md): the
 * catalog reads (tables, columns, foreign keys, sequences, migrations, connections, the target's roles),
 * checksums, and the COPY streams. Run on the owner (superuser) connection or inside one of its
 * transactions; db/backup.ts decides the transactions, the files and the refusals.
 */

/** The owner connection or one of its transactions. */
type Db = ISql;

/** Schemas whose tables are backed up: Supabase's auth and storage metadata, the app's own. */
export const BACKUP_SCHEMAS = ['auth', 'storage', 'public', 'private', 'supabase_migrations'] as const;
/** Schema state, not data: compared with the target instead of restored. */
const SKIPPED_TABLES = new Set(['supabase_migrations.schema_migrations']);
/** The application_name of the API's pools (src/server/db/client.ts). */
export const APP_APPLICATION_NAME = 'city-directory-api';

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
/** `"schema"."name"`, quoted. */
export const qualified = (t: { schema: string; name: string }) => `${ident(t.schema)}.${ident(t.name)}`;

/** A table to copy: where it is and its columns, in order. */
export interface TableInfo { oid: number; schema: string; name: string; columns: string[] }

/** Ordinary tables of BACKUP_SCHEMAS with their non-generated columns, parents first (foreign keys). */
export async function listTables(db: Db): Promise<TableInfo[]> {
  const tables = await db<{ oid: number; schema: string; name: string; columns: string[] }[]>`
    select c.oid::int as oid, n.nspname as schema, c.relname as name,
           array(select a.attname::text from pg_attribute a
                 where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                 order by a.attnum) as columns
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = any(${[...BACKUP_SCHEMAS]})
     order by n.nspname, c.relname`;
  const kept = tables.filter((t) => !SKIPPED_TABLES.has(`${t.schema}.${t.name}`));
  const edges = await db<{ child: number; parent: number }[]>`
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
export async function tableChecksum(db: Db, t: { schema: string; name: string; columns: string[] }): Promise<{ rows: number; checksum: string }> {
  const row = t.columns.length ? `row(${t.columns.map((c) => `t.${ident(c)}`).join(', ')})::text` : `''`;
  const [r] = await db.unsafe<{ rows: number; checksum: string }[]>(
    `select count(*)::int as rows, md5(coalesce(string_agg(md5(${row}), '' order by md5(${row})), '')) as checksum from ${qualified(t)} t`,
  );
  return { rows: r!.rows, checksum: r!.checksum };
}

/** supabase_migrations.schema_migrations versions, oldest first ([] when the table does not exist). */
export async function migrationVersions(db: Db): Promise<string[]> {
  const [exists] = await db`select to_regclass('supabase_migrations.schema_migrations') is not null as yes`;
  if (!exists?.yes) return [];
  return (await db<{ version: string }[]>`select version from supabase_migrations.schema_migrations order by version`).map((r) => r.version);
}

/** Sessions of the API (application_name city-directory-api…) on this database, other than ours. */
export async function appConnections(db: Db): Promise<number> {
  const [r] = await db<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and application_name like ${`${APP_APPLICATION_NAME}%`}`;
  return r!.n;
}

/**
 * Sets, for the current transaction, the settings under which COPY text and checksums are the same on
 * backup and restore (UTC, ISO dates, exact floats); with `triggersOff`, also session_replication_role
 * = replica (triggers and foreign-key checks off, as pg_dump's --disable-triggers).
 */
export async function setCopySettings(tx: Db, options: { triggersOff?: boolean } = {}): Promise<void> {
  if (options.triggersOff) {
    await tx`select set_config('timezone', 'UTC', true), set_config('datestyle', 'ISO, YMD', true), set_config('extra_float_digits', '3', true),
                    set_config('session_replication_role', 'replica', true)`;
  } else {
    await tx`select set_config('timezone', 'UTC', true), set_config('datestyle', 'ISO, YMD', true), set_config('extra_float_digits', '3', true)`;
  }
}

/** The server's version string and the database's name. */
export async function serverIdentity(db: Db): Promise<{ server: string; database: string }> {
  const [row] = await db<{ server: string; database: string }[]>`select version() as server, current_database() as database`;
  return row!;
}

/** A table's rows in COPY text format, as a stream. */
export async function copyOut(tx: Db, t: { schema: string; name: string; columns: string[] }): Promise<Readable> {
  return tx.unsafe(`copy ${qualified(t)} (${t.columns.map(ident).join(', ')}) to stdout`).readable();
}

/** A stream into which a table's rows in COPY text format are written. */
export async function copyIn(tx: Db, t: { schema: string; name: string; columns: string[] }): Promise<Writable> {
  return tx.unsafe(`copy ${qualified(t)} (${t.columns.map(ident).join(', ')}) from stdin`).writable();
}

/** Sequences of BACKUP_SCHEMAS with their state. */
export async function listSequences(db: Db): Promise<{ schema: string; name: string; lastValue: string; isCalled: boolean }[]> {
  const sequences = [];
  for (const s of await db<{ schema: string; name: string }[]>`
    select schemaname as schema, sequencename as name from pg_sequences where schemaname = any(${[...BACKUP_SCHEMAS]}) order by 1, 2`) {
    const [v] = await db.unsafe<{ last_value: string; is_called: boolean }[]>(`select last_value::text, is_called from ${qualified(s)}`);
    sequences.push({ schema: s.schema, name: s.name, lastValue: v!.last_value, isCalled: v!.is_called });
  }
  return sequences;
}

/** Sets a sequence's state (not undone by a rollback). */
export async function setSequence(tx: Db, s: { schema: string; name: string; lastValue: string; isCalled: boolean }): Promise<void> {
  await tx`select setval(${qualified(s)}::regclass, ${s.lastValue}::bigint, ${s.isCalled})`;
}

/** Empties the tables, in one statement. */
export async function truncateTables(tx: Db, tables: { schema: string; name: string }[]): Promise<void> {
  if (tables.length) await tx.unsafe(`truncate ${tables.map(qualified).join(', ')}`);
}

/**
 * What decides whether the database can take a restore: is it a Supabase project (Supabase Auth's
 * `auth.schema_migrations` table or the `supabase_admin` role), is the current user a superuser, and its name.
 */
export async function restoreTarget(db: Db): Promise<{ supabase: boolean; superuser: boolean; role: string }> {
  const [target] = await db<{ supabase: boolean; superuser: boolean; role: string }[]>`
    select exists (select from pg_class c join pg_namespace n on n.oid = c.relnamespace
                   where n.nspname = 'auth' and c.relname = 'schema_migrations')
           or exists (select from pg_roles where rolname = 'supabase_admin') as supabase,
           (select rolsuper from pg_roles where rolname = current_user) as superuser, current_user::text as role`;
  return target!;
}
