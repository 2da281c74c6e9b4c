import { inject } from 'vitest';
import type { Sql } from 'postgres';
import { randomUUID } from 'node:crypto';
import { createSql } from '../../src/server/db/client.ts';
import { applyLocalBootstrap, migrate } from '../../src/server/db/migrate.ts';

export interface ScratchDatabase {
  /** Owner pool on the scratch database. */
  sql: Sql;
  url: string;
  /** Versions the initial migrate() applied, in order ([] when created with `migrated: false`). */
  applied: string[];
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/**
 * A fresh, empty database in the run's Postgres cluster (roles are cluster-wide and already
 * exist): local bootstrap applied and, unless `migrated: false`, every migration. For tests that
 * need a database nobody else writes to (migration runs, exact counts, idempotent imports).
 */
export async function createScratchDatabase(options: { migrated?: boolean } = {}): Promise<ScratchDatabase> {
  const baseUrl = inject('databaseUrl');
  const name = `scratch_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = createSql(baseUrl, { max: 1 });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const sql = createSql(url.toString(), { max: 4 });
  await applyLocalBootstrap(sql);
  const applied = options.migrated === false ? [] : await migrate(sql);
  return {
    sql, url: url.toString(), applied,
    async drop() {
      await sql.end({ timeout: 2 });
      const owner = createSql(baseUrl, { max: 1 });
      try {
        await owner.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await owner.end();
      }
    },
  };
}

/**
 * The renderer tests' small directory on a scratch database: the category `cafes` (مقاهي), the zone `olaya`
 * (العليا) and `count` cafes in it, `place-1` … `place-<count>` («مكان 1» …), at 24.7, 46.6.
 */
export async function seedOlayaCafes(sql: Sql, count: number): Promise<void> {
  await sql`insert into public.categories (slug, name, name_ar) values ('cafes', 'Cafes', 'مقاهي')`;
  await sql`insert into public.zones (slug, title, title_ar) values ('olaya', 'Olaya', 'العليا')`;
  await sql`insert into public.places (slug, name, name_ar, category_id, zone_id, latitude, longitude)
            select 'place-' || i, 'Place ' || i, 'مكان ' || i, (select id from public.categories where slug = 'cafes'),
                   (select id from public.zones where slug = 'olaya'), 24.7, 46.6
            from generate_series(1, ${count}) i`;
}
