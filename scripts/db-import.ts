/**
 * Imports a directory file (categories, zones, buildings, places; shape of data/riyadh-osm.json):
 *
 *   npm run db:import -- <file.json>
 *
 * Upserts every record by slug in ONE transaction (src/server/db/import-directory.ts): running it
 * twice changes nothing and duplicates nothing. Database: DATABASE_URL (any Postgres, e.g. a
 * Supabase project's connection string), else the embedded database of DATA_DIR — the running
 * server's when `npm start` is up, otherwise started here (migrated, not seeded) and stopped after.
 *
 * Exit codes: 0 imported (prints per-list counts), 1 rejected (malformed records listed as
 * `list[index]: reason`, nothing written) or failed, 2 usage error.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Sql } from 'postgres';
import { createSql } from '../src/server/db/client.ts';
import { ImportError, importDirectory, type ImportCounts } from '../src/server/db/import-directory.ts';
import { parseServerEnv } from '../src/server/env.ts';
import { startStack, type Stack } from '../src/server/stack.ts';

const LISTS = ['categories', 'zones', 'buildings', 'places'] as const;
const USAGE = 'Usage: npm run db:import -- <file.json>';

async function tableCounts(sql: Sql): Promise<ImportCounts> {
  const [row] = await sql<ImportCounts[]>`
    select (select count(*) from public.categories)::int as categories, (select count(*) from public.zones)::int as zones,
           (select count(*) from public.buildings)::int as buildings, (select count(*) from public.places)::int as places`;
  return row;
}

/** Port of the embedded server already running on `dataDir` (from its postmaster.pid), or null. */
function runningEmbeddedPort(dataDir: string): number | null {
  const pidFile = path.resolve(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
  return Number.isInteger(port) && port > 0 ? port : null;
}

/** The database to import into: DATABASE_URL, the running embedded server, or one started here. */
async function connect(env: ReturnType<typeof parseServerEnv>): Promise<{ sql: Sql; stack: Stack | null; where: string }> {
  if (env.DATABASE_URL) {
    const stack = await startStack({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, embeddedPort: env.EMBEDDED_PG_PORT, dataset: null });
    return { sql: stack.sql, stack, where: 'DATABASE_URL' };
  }
  const port = runningEmbeddedPort(env.DATA_DIR);
  if (port) {
    const sql = createSql(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`, { max: 2 });
    try {
      await sql`select 1`;
      return { sql, stack: null, where: `the running embedded database (port ${port})` };
    } catch {
      await sql.end({ timeout: 1 }); // stale postmaster.pid: start the database below
    }
  }
  const stack = await startStack({ dataDir: env.DATA_DIR, embeddedPort: env.EMBEDDED_PG_PORT, dataset: null, log: (l) => console.log(l) });
  return { sql: stack.sql, stack, where: `the embedded database in ${path.resolve(env.DATA_DIR, 'postgres')}` };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0].startsWith('-')) {
    console.error(USAGE);
    return args[0] === '--help' || args[0] === '-h' ? 0 : 2;
  }
  const file = path.resolve(args[0]);
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }

  const env = parseServerEnv(process.env);
  const { sql, stack, where } = await connect(env);
  try {
    const before = await tableCounts(sql);
    const started = performance.now();
    const imported = await importDirectory(sql, input);
    const after = await tableCounts(sql);
    console.log(`Imported ${path.relative(process.cwd(), file) || file} into ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s (one transaction, upserted by slug):`);
    for (const list of LISTS) {
      console.log(`  ${list.padEnd(10)} ${String(imported[list]).padStart(5)} in file; table ${before[list]} → ${after[list]} (+${after[list] - before[list]} new)`);
    }
    return 0;
  } catch (error) {
    if (error instanceof ImportError) {
      console.error(`${error.message}\n${error.problems.length} malformed record(s) in ${file}.`);
      return 1;
    }
    throw error;
  } finally {
    if (stack) await stack.stop();
    else await sql.end({ timeout: 2 });
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
