import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres, { type Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_SCHEMAS, BackupError, backupDatabase, restoreDatabase } from '../../src/server/db/backup.ts';
import { importDirectory } from '../../src/server/db/import-directory.ts';
import { DEFAULT_DATASET } from '../../src/server/stack.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * Backup round trip (docs/decisions/009-backups.md): a scratch database with the real dataset, a user, a place
 * request, a place with an uploaded logo and its storage.objects row; backed up; then rows changed, deleted and
 * added, the file removed and another added; restored — every table's rows (every column, generated ones
 * included) and every sequence are back exactly, and the uploads folder holds exactly the backed-up files.
 */
let db: ScratchDatabase;
/** Arranging and checking rows: not named like the app's pools (src/server/db/client.ts), which restore refuses to run beside. */
let sql: Sql;
let maintenance: Sql;
const work = mkdtempSync(path.join(tmpdir(), 'city-directory-backup-'));
const uploads = path.join(work, 'uploads');

/** Every table of the backed-up schemas (supabase_migrations too) → row count + digest of whole rows; every sequence's state. */
async function snapshot(sql: Sql) {
  const out: Record<string, string> = {};
  const tables = await sql<{ schema: string; name: string }[]>`
    select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname = any(${[...BACKUP_SCHEMAS]}) order by 1, 2`;
  for (const t of tables) {
    const [r] = await sql.unsafe(`select count(*)::int as rows, md5(coalesce(string_agg(x.t, '|' order by x.t), '')) as digest
                                    from (select t::text as t from "${t.schema}"."${t.name}" t) x`);
    out[`${t.schema}.${t.name}`] = `${r!.rows}:${r!.digest}`;
  }
  for (const s of await sql<{ schema: string; name: string }[]>`select schemaname as schema, sequencename as name from pg_sequences where schemaname = any(${[...BACKUP_SCHEMAS]})`) {
    const [v] = await sql.unsafe(`select last_value::text || ':' || is_called::text as v from "${s.schema}"."${s.name}"`);
    out[`sequence ${s.schema}.${s.name}`] = v!.v;
  }
  return out;
}

function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out[path.relative(dir, full)] = readFileSync(full).toString('base64');
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

beforeAll(async () => {
  db = await createScratchDatabase();
  await db.sql.end(); // its pool is named like the app's
  sql = postgres(db.url, { max: 2, onnotice: () => {}, connection: { application_name: 'city-directory-test' } });
  await importDirectory(sql, JSON.parse(readFileSync(DEFAULT_DATASET, 'utf8')));
  // the maintenance connection of the CLI: not named like the app's, so it does not count as the app
  maintenance = postgres(db.url, { max: 1, onnotice: () => {}, connection: { application_name: 'city-directory-maintenance' } });
  const [user] = await sql`insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
                           values ('backup@example.test', '$2a$10$abcdefghijklmnopqrstuu', now(), ${sql.json({ provider: 'email' })}, ${sql.json({ name: 'Backup Ümlaut مستخدم' })}) returning id`;
  await sql`insert into public.place_requests (type, payload, user_id) values ('create', ${sql.json({ name: 'Requested "quoted"\ttab\nline', categoryId: 1 })}, ${user!.id})`;
  const logo = `${randomUUID()}.png`;
  mkdirSync(path.join(uploads, 'places'), { recursive: true });
  writeFileSync(path.join(uploads, 'places', logo), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
  const [category] = await sql`select id from public.categories order by id limit 1`;
  await sql`insert into public.places (slug, name, name_ar, category_id, owner_id, logo_url, latitude, longitude)
            values ('backup-place', 'Backup place', 'مكان النسخ', ${category!.id}, ${user!.id}, ${`/uploads/places/${logo}`}, 24.7136, 46.6753)`;
  await sql`insert into storage.objects (bucket_id, name, owner, metadata) values ('places', ${logo}, ${user!.id}, ${sql.json({ size: 11, mimetype: 'image/png' })})`;
}, 180_000);

afterAll(async () => {
  await maintenance?.end({ timeout: 2 });
  await sql?.end({ timeout: 2 });
  await db?.drop();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('db backup and restore', () => {
  it('restores every row, sequence and uploaded file exactly after rows were changed, deleted and added', async () => {
    const before = await snapshot(sql);
    const filesBefore = files(uploads);
    expect(Number(before['public.places']!.split(':')[0])).toBe(3290);
    expect(Number(before['storage.objects']!.split(':')[0])).toBeGreaterThanOrEqual(1);

    const folder = path.join(work, 'backups', 'one');
    const manifest = await backupDatabase(maintenance, folder, { uploadsDir: uploads });
    expect(existsSync(`${folder}.partial`)).toBe(false);
    expect(manifest.uploads).toEqual({ files: 1, bytes: 11 });
    expect(manifest.tables.find((t) => t.schema === 'public' && t.name === 'places')?.rows).toBe(3290);
    const order = manifest.tables.map((t) => `${t.schema}.${t.name}`);
    expect(order.indexOf('auth.users')).toBeLessThan(order.indexOf('public.place_requests'));
    expect(order.indexOf('public.categories')).toBeLessThan(order.indexOf('public.places'));
    expect(order).not.toContain('supabase_migrations.schema_migrations');

    // damage: edits (with triggers that stamp updated_at), deletes cascading from a user, inserts, files
    await sql`update public.places set name = 'Changed', phone = '+966 1 2345' where slug in (select slug from public.places order by id limit 50)`;
    await sql`delete from auth.users where email = 'backup@example.test'`;
    await sql`delete from public.places where id in (select id from public.places order by id desc limit 100)`;
    await sql`insert into public.categories (slug, name) values ('added-after-backup', 'Added after backup')`;
    await sql`update public.website_settings set site_name = 'Changed site'`;
    rmSync(path.join(uploads, 'places'), { recursive: true });
    mkdirSync(path.join(uploads, 'website'), { recursive: true });
    writeFileSync(path.join(uploads, 'website', 'new.png'), 'new');
    expect(await snapshot(sql)).not.toEqual(before);

    const report = await restoreDatabase(maintenance, folder, { uploadsDir: uploads });
    expect(report.tables).toBe(manifest.tables.length);
    expect(await snapshot(sql)).toEqual(before);
    expect(files(uploads)).toEqual(filesBefore);
    expect(report.uploads?.previousMovedTo).toBeTruthy();
    expect(files(report.uploads!.previousMovedTo!)).toEqual({ 'website/new.png': Buffer.from('new').toString('base64') });

    // the identity sequences continue where they were: a new category gets the next id, not a taken one
    const [{ id }] = await sql<{ id: number }[]>`insert into public.categories (slug, name) values ('after-restore', 'After restore') returning id::int`;
    const [{ max }] = await sql<{ max: number }[]>`select max(id)::int as max from public.categories where slug <> 'after-restore'`;
    expect(id).toBeGreaterThan(max);
  }, 180_000);

  it('refuses, changing nothing, while the app is connected, when migrations differ, or when the backup is damaged', async () => {
    const folder = path.join(work, 'backups', 'two');
    await backupDatabase(maintenance, folder, { uploadsDir: null });
    await expect(backupDatabase(maintenance, folder)).rejects.toBeInstanceOf(BackupError); // never overwrites
    await sql`insert into public.categories (slug, name) values ('kept-when-refused', 'Kept')`;
    const current = await snapshot(sql);

    const app = postgres(db.url, { max: 1, connection: { application_name: 'city-directory-api' } });
    try {
      await app`select 1`;
      await expect(restoreDatabase(maintenance, folder)).rejects.toThrow(/The app is connected to this database \(1 session/);
    } finally {
      await app.end();
    }

    const manifestFile = path.join(folder, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, migrations: manifest.migrations.slice(0, -1) }));
    await expect(restoreDatabase(maintenance, folder)).rejects.toThrow(/migrations differ from the backup's/);

    // a table file that does not match its checksum: the whole restore rolls back
    const places = manifest.tables.find((t: { name: string }) => t.name === 'categories');
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, tables: manifest.tables.map((t: { name: string }) => (t === places ? { ...t, checksum: '0'.repeat(32) } : t)) }));
    await expect(restoreDatabase(maintenance, folder)).rejects.toThrow(/public\.categories does not match the backup/);
    expect(await snapshot(sql)).toEqual(current);
  }, 120_000);
});
