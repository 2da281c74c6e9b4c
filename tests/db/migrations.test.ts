import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, migrate } from '../../src/server/db/migrate.ts';
import { ownerSql } from '../helpers/api.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

const files = listMigrations();

describe('migration runner on a fresh database', () => {
  let db: ScratchDatabase;
  beforeAll(async () => {
    db = await createScratchDatabase({ migrated: false });
  });
  afterAll(() => db.drop());

  it('applies every file of supabase/migrations in version order and records each', async () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
    const versions = files.map((f) => f.version);
    expect([...versions].sort()).toEqual(versions);

    const applied = await migrate(db.sql);
    expect(applied).toEqual(versions);
    const recorded = await db.sql<{ version: string; name: string; statements: string[] }[]>`
      select version, name, statements from supabase_migrations.schema_migrations order by version`;
    expect(recorded.map((r) => [r.version, r.name])).toEqual(files.map((f) => [f.version, f.name]));
    for (const r of recorded) expect(r.statements[0].length).toBeGreaterThan(0);

    const tables = await db.sql<{ t: string }[]>`select tablename as t from pg_tables where schemaname = 'public' order by 1`;
    expect(tables.map((r) => r.t)).toEqual(
      expect.arrayContaining(['buildings', 'categories', 'place_requests', 'places', 'profiles', 'website_settings', 'zones']),
    );
    const [settings] = await db.sql`select count(*)::int as n from public.website_settings`;
    expect(settings.n).toBe(1);
  });

  it('applies nothing the second time', async () => {
    expect(await migrate(db.sql)).toEqual([]);
    const [row] = await db.sql`select count(*)::int as n from supabase_migrations.schema_migrations`;
    expect(row.n).toBe(files.length);
  });

  it('rolls a failing migration back alone, names its file, and keeps the ones before it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    try {
      writeFileSync(path.join(dir, '29990101000000_good.sql'), 'create table public.scratch_good (id int);');
      writeFileSync(path.join(dir, '29990101000100_bad.sql'), 'create table public.scratch_half (id int);\nselect 1/0;');
      await expect(migrate(db.sql, dir)).rejects.toThrow(/29990101000100_bad\.sql failed: division by zero/);
      const [state] = await db.sql`
        select to_regclass('public.scratch_good') is not null as good, to_regclass('public.scratch_half') is not null as half,
               array(select version from supabase_migrations.schema_migrations where version like '2999%' order by 1) as versions`;
      expect(state).toEqual({ good: true, half: false, versions: ['29990101000000'] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the run database (migrated by startStack)', () => {
  const sql = ownerSql();
  afterAll(() => sql.end());

  it('has every migration file recorded and nothing pending', async () => {
    const recorded = await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations order by version`;
    expect(recorded.map((r) => r.version)).toEqual(files.map((f) => f.version));
    expect(await migrate(sql)).toEqual([]);
  });
});
