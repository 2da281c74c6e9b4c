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
