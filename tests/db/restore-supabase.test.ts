import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres, { type Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, BackupError, restoreDatabase } from '../../src/server/db/backup.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * `npm run db:restore` against a Supabase project would fail part-way (its postgres role is no superuser,
 * session_replication_role and Supabase Auth's own tables are not the project's to set): it is refused before
 * anything is written, naming what to use instead. "Supabase" is simulated by the marks the detection reads:
 * Supabase Auth's auth.schema_migrations table, and a restoring role without superuser.
 */
const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'city-directory-restore-supabase-'));
let db: ScratchDatabase;
let sql: Sql;
const backupFolder = path.join(work, 'backup');

/** Every table of the backed-up schemas and the database's catalogue, for "nothing changed". */
async function state(s: Sql) {
  const [r] = await s`
    select (select count(*) from public.categories)::int as categories, (select max(name) from public.categories) as last_category,
           (select count(*) from pg_class where relnamespace in ('public'::regnamespace, 'auth'::regnamespace))::int as relations,
           (select count(*) from supabase_migrations.schema_migrations)::int as migrations`;
  return r;
}

beforeAll(async () => {
  db = await createScratchDatabase();
  await db.sql.end();
  sql = postgres(db.url, { max: 2, onnotice: () => {}, connection: { application_name: 'city-directory-test' } });
  await sql`insert into public.categories (slug, name) values ('in-backup', 'In backup')`;
  await backupDatabase(sql, backupFolder, { uploadsDir: null });
  await sql`insert into public.categories (slug, name) values ('after-backup', 'After backup')`;
}, 120_000);

afterAll(async () => {
  await sql.end();
  await db.drop();
  rmSync(work, { recursive: true, force: true });
});

describe('db:restore on a Supabase database', () => {
  it('is refused before anything is written when Supabase Auth\'s auth.schema_migrations is there, saying what to use instead', async () => {
    await sql`create table auth.schema_migrations (version varchar(255) primary key)`;
    try {
      const before = await state(sql);
      const error = await restoreDatabase(sql, backupFolder).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toMatch(/This is a Supabase database/);
      expect((error as Error).message).toMatch(/point-in-time recovery/);
      expect((error as Error).message).toMatch(/supabase db dump/);
      expect(await state(sql)).toEqual(before);
      expect(before.last_category).toBe('In backup'); // 'After backup' sorts first: still there means not restored
    } finally {
      await sql`drop table auth.schema_migrations`;
    }
  });

  it('npm run db:restore with DATABASE_URL exits 1 with the same advice and writes nothing (not even the bootstrap)', async () => {
    await sql`create table auth.schema_migrations (version varchar(255) primary key)`;
    try {
      const before = await state(sql);
      const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
        const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: db.url, DATA_DIR: path.join(work, 'data') };
        execFile(path.join(root, 'node_modules/.bin/tsx'), ['scripts/db-restore.ts', backupFolder], { cwd: root, env }, (e, _out, stderr) =>
          resolve({ code: e ? Number(e.code ?? 1) : 0, stderr }));
      });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/Refused: This is a Supabase database.*supabase db dump/s);
      expect(await state(sql)).toEqual(before);
    } finally {
      await sql`drop table auth.schema_migrations`;
    }
  }, 60_000);

  it('is refused before anything is written when the restoring role is not a superuser (as postgres on Supabase)', async () => {
    const role = `restore_probe_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
    await sql.unsafe(`create role ${role} login password 'probe' nosuperuser; grant ${'all'} on database "${new URL(db.url).pathname.slice(1)}" to ${role}`);
    const url = new URL(db.url);
    url.username = role;
    url.password = 'probe';
    const asRole = postgres(url.toString(), { max: 1, onnotice: () => {}, connection: { application_name: 'city-directory-maintenance' } });
    try {
      const before = await state(sql);
      await expect(restoreDatabase(asRole, backupFolder)).rejects.toThrow(new RegExp(`needs a superuser connection.*${role} is not one`));
      expect(await state(sql)).toEqual(before);
    } finally {
      await asRole.end();
      await sql.unsafe(`revoke all on database "${new URL(db.url).pathname.slice(1)}" from ${role}; drop role ${role}`);
    }
  });

  it('still restores on the embedded stack (superuser, no Supabase marks)', async () => {
    const report = await restoreDatabase(sql, backupFolder);
    expect(report.tables).toBeGreaterThan(5);
    expect((await sql`select slug from public.categories where slug in ('in-backup', 'after-backup')`).map((r) => r.slug)).toEqual(['in-backup']);
  });
});
