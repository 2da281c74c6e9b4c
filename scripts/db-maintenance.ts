/**
 * The database `npm run db:backup` / `db:restore` work on: DATABASE_URL when set, else the embedded database of
 * DATA_DIR — the running server's (found from its postmaster.pid) or one started here and stopped after.
 * Connections are named `city-directory-maintenance`, so they never count as the app's.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postgres, { type Sql } from 'postgres';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/server/db/embedded.ts';
import type { ServerEnv } from '../src/server/env.ts';

export interface MaintenanceDatabase {
  sql: Sql;
  /** Where it is, for messages. */
  where: string;
  /** The embedded server was already running (the app, most likely). */
  alreadyRunning: boolean;
  /** Closes the connection and stops the embedded server when it was started here. */
  close(): Promise<void>;
}

/** Port of the embedded server running on `dataDir` (its postmaster.pid), or null. */
export function runningEmbeddedPort(dataDir: string): number | null {
  const pidFile = path.resolve(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
  return Number.isInteger(port) && port > 0 ? port : null;
}

function connect(url: string): Sql {
  return postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5, connection: { application_name: 'city-directory-maintenance' } });
}

/** Opens the database; `start: false` refuses to start an embedded server that is not running. */
export async function openMaintenanceDatabase(env: ServerEnv, options: { createIfMissing?: boolean } = {}): Promise<MaintenanceDatabase> {
  if (env.DATABASE_URL) {
    const sql = connect(env.DATABASE_URL);
    await sql`select 1`;
    return { sql, where: 'DATABASE_URL', alreadyRunning: true, close: () => sql.end({ timeout: 5 }) };
  }
  const cluster = path.resolve(env.DATA_DIR, 'postgres');
  const port = runningEmbeddedPort(env.DATA_DIR);
  if (port) {
    const sql = connect(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`);
    try {
      await sql`select 1`;
      return { sql, where: `the running embedded database in ${cluster} (port ${port})`, alreadyRunning: true, close: () => sql.end({ timeout: 5 }) };
    } catch {
      await sql.end({ timeout: 1 }); // stale postmaster.pid: start it below
    }
  }
  if (!options.createIfMissing && !existsSync(path.join(cluster, 'PG_VERSION'))) {
    throw new Error(`No database in ${cluster}: nothing to back up (set DATA_DIR or DATABASE_URL).`);
  }
  const embedded: EmbeddedDatabase = await startEmbeddedPostgres({ dataDir: env.DATA_DIR, port: env.EMBEDDED_PG_PORT });
  const sql = connect(embedded.url);
  return {
    sql, where: `the embedded database in ${cluster} (started for this command)`, alreadyRunning: false,
    async close() {
      await sql.end({ timeout: 5 });
      await embedded.stop();
    },
  };
}
