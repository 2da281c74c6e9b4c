/**
 * Imports a directory file (categories, zones, buildings, places; shape of data/riyadh-osm.json):
 *
 *   npm run db:import -- <file.json> [--dry-run] [--source <label>]
 *
 * Matches every record by its source identity (OSM id, `sourceId`, or a name + ~10 m position key;
 * never by slug) in ONE transaction (src/server/db/import-directory.ts, decision 013): running it
 * twice changes nothing, a record whose source data changed updates only its row, and a new record
 * whose slug another place already holds gets another slug — every such collision is printed.
 * `--dry-run` prints what would be inserted, updated and left alone, with the slug changes, and
 * writes nothing. `--source` labels records without an id of their own (default: the file's
 * `source.name` / `source.repo`, else 'import'). Database: DATABASE_URL (any Postgres, e.g. a
 * Supabase project's connection string), else the embedded database of DATA_DIR — the running
 * server's when `npm start` is up, otherwise started here (migrated, not seeded) and stopped after.
 *
 * Exit codes: 0 imported / planned (prints per-list counts), 1 rejected (malformed records listed
 * as `list[index]: reason`, nothing written) or failed, 2 usage error.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Sql } from 'postgres';
import { createSql } from '../src/server/db/client.ts';
import { IMPORT_LISTS, ImportError, importDirectory, type ImportCounts, type ImportReport } from '../src/server/db/import-directory.ts';
import { parseServerEnv } from '../src/server/env.ts';
import { startStack, type Stack } from '../src/server/stack.ts';

const USAGE = 'Usage: npm run db:import -- <file.json> [--dry-run] [--source <label>]';

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

/** Command-line arguments, or null when they do not fit USAGE. */
function parseArgs(args: string[]): { file: string; dryRun: boolean; source?: string } | null {
  let file: string | undefined;
  let dryRun = false;
  let source: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--dry-run') dryRun = true;
    else if (args[i] === '--source' && args[i + 1] && !args[i + 1].startsWith('-')) source = args[++i];
    else if (!args[i].startsWith('-') && !file) file = args[i];
    else return null;
  }
  return file ? { file, dryRun, source } : null;
}

/** The report's lines: one per insert/update/adopt/reuse (inserts of a long list summarised) and every collision. */
function printReport(report: ImportReport, verb: { insert: string; update: string; adopt: string; reuse: string }): void {
  const inserts = report.changes.filter((c) => c.action === 'insert');
  const shown = new Set(inserts.slice(0, 20));
  for (const c of report.changes) {
    if (c.action === 'insert' && !shown.has(c)) continue;
    const fields = c.fields?.length ? ` (${c.fields.join(', ')})` : '';
    console.log(`  ${verb[c.action]} ${c.list}[${c.index}] ${JSON.stringify(c.name)} → ${c.slug}${fields}`);
  }
  if (inserts.length > shown.size) console.log(`  … and ${inserts.length - shown.size} more ${verb.insert}`);
  if (report.collisions.length) {
    console.log(`Slug collisions resolved (${report.collisions.length}): a different record already had the slug, this one gets another:`);
    for (const c of report.collisions) {
      console.log(`  ${c.list}[${c.index}] ${JSON.stringify(c.name)}: ${c.wantedSlug} → ${c.slug} (${c.wantedSlug} is ${JSON.stringify(c.existing.name)}${c.existing.source ? `, ${c.existing.source} ${c.existing.sourceId}` : ''})`);
    }
  } else {
    console.log('No slug collisions.');
  }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    return process.argv[2] === '--help' || process.argv[2] === '-h' ? 0 : 2;
  }
  const file = path.resolve(args.file);
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
    const report = await importDirectory(sql, input, { dryRun: args.dryRun, source: args.source });
    const after = await tableCounts(sql);
    const name = path.relative(process.cwd(), file) || file;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (args.dryRun) {
      console.log(`Dry run of ${name} against ${where} (${seconds} s): nothing written. Records without an id are labelled '${report.source}'.`);
      for (const list of IMPORT_LISTS) {
        const l = report.lists[list];
        console.log(`  ${list.padEnd(10)} ${String(l.inFile).padStart(5)} in file: would insert ${l.inserted}, update ${l.updated}, leave ${l.unchanged} alone`);
      }
      printReport(report, { insert: 'would insert', update: 'would update', adopt: 'would adopt', reuse: 'would reuse' });
      return 0;
    }
    console.log(`Imported ${name} into ${where} in ${seconds} s (one transaction, matched by source identity; records without an id labelled '${report.source}'):`);
    for (const list of IMPORT_LISTS) {
      const l = report.lists[list];
      console.log(`  ${list.padEnd(10)} ${String(l.inFile).padStart(5)} in file; table ${before[list]} → ${after[list]} (+${after[list] - before[list]} new); inserted ${l.inserted}, updated ${l.updated}, left alone ${l.unchanged}`);
    }
    printReport(report, { insert: 'inserted', update: 'updated', adopt: 'adopted', reuse: 'reused' });
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
