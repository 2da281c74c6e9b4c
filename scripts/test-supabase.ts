/**
 * The Supabase part of `npm test` (`npm run test:supabase`): proves the migrations, the seed, the database
 * suite and the Edge Function on a database that Supabase itself built, not only on the embedded stack's
 * imitation of it (src/server/db/local-bootstrap.sql). Decision 038.
 *
 *   TEST_SUPABASE_DB_URL=postgresql://postgres:postgres@127.0.0.1:54322/postgres npm run test:supabase
 *
 * `TEST_SUPABASE_DB_URL`: a Supabase database the run may write to — `supabase start`'s on a developer's
 * machine (port 54322), or in CI the Docker-free build of ../shared/supabase-faithful (`.ci/run` builds it).
 * Never a hosted project's: the suite writes test rows. Steps, each stopping the run on failure:
 *  1. `supabase db push --db-url … --include-seed --yes` (the CLI pinned in package.json): every migration
 *     and supabase/seed.sql, as a user deploys them. On a database without the `supautils` extension (the
 *     faithful build) a migration whose storage policies fail with "must be owner of table objects|buckets"
 *     is applied alone with `grant supabase_storage_admin to postgres` (the stand-in for supautils'
 *     policy_grants that ../shared/supabase-faithful/apply-migrations.sh uses), revoked right after, and the
 *     push resumes without it.
 *  2. The project's own runner (src/server/stack.ts, as `npm start` with DATABASE_URL) finds nothing to apply.
 *  3. `vitest run tests/db tests/deno` with TEST_DATABASE_URL = that database: RLS matrix, hidden columns,
 *     constraints, history, Supabase's own privileges… and the Edge Function under Deno (EMBEDDED_ONLY below
 *     lists the two files left out, and why).
 *
 * Without the variable: prints one line saying this part did not run and how to run it, exits 0 — except
 * with CI=true, where it exits 1 (CI must prove Supabase). Exit 1 on any failure.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSql } from '../src/server/db/client.ts';
import { MIGRATIONS_DIR, listMigrations } from '../src/server/db/migrate.ts';
import { startStack } from '../src/server/stack.ts';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Files of tests/db that test what exists only on the embedded stack, left out of the Supabase run. Each
 * says why; nothing else is left out.
 */
export const EMBEDDED_ONLY: Record<string, string> = {
  'tests/db/backup.test.ts': '`npm run db:restore` is the embedded stack\'s: on Supabase it is refused by design (backups/PITR instead; decision 014)',
  'tests/db/restore-supabase.test.ts': 'simulates Supabase\'s marks on an embedded database to test that refusal; on a Supabase cluster every scratch database has them',
};
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

/** Runs a command, echoing its output; resolves with the exit code and the output. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const echo = (stream: NodeJS.WriteStream) => (d: Buffer) => { output += d; stream.write(d); };
    child.stdout.on('data', echo(process.stdout));
    child.stderr.on('data', echo(process.stderr));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** The URL the CLI gets: a loopback server without TLS needs `sslmode=disable` (the CLI insists on TLS otherwise). */
export function cliDatabaseUrl(url: string): string {
  const u = new URL(url);
  if (!u.searchParams.has('sslmode') && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) u.searchParams.set('sslmode', 'disable');
  return u.toString();
}

/** Same server and password, as Supabase's superuser role (only the supautils stand-in uses it). */
function asSupabaseAdmin(url: string): string {
  const u = new URL(url);
  u.username = 'supabase_admin';
  return u.toString();
}

/** The supautils stand-in: applies one migration file alone, recorded as the CLI records it, with the grant. */
async function applyWithPolicyGrants(url: string, file: string): Promise<void> {
  const migration = listMigrations().find((m) => path.basename(m.file) === file);
  if (!migration) throw new Error(`db push failed in ${file}, which is not a file of supabase/migrations`);
  const admin = createSql(asSupabaseAdmin(url), { max: 1 });
  const owner = createSql(url, { max: 1 });
  try {
    await admin.unsafe('grant supabase_storage_admin to postgres');
    const text = readFileSync(migration.file, 'utf8');
    await owner.begin(async (tx) => {
      await tx.unsafe(text);
      await tx`insert into supabase_migrations.schema_migrations (version, statements, name) values (${migration.version}, ${[text]}, ${migration.name})`;
    });
  } finally {
    await admin.unsafe('revoke supabase_storage_admin from postgres').catch(() => {});
    await admin.end({ timeout: 2 });
    await owner.end({ timeout: 2 });
  }
}

async function main(): Promise<number> {
  const url = process.env.TEST_SUPABASE_DB_URL;
  if (!url) {
    if (process.env.CI === 'true') {
      console.error('test:supabase: TEST_SUPABASE_DB_URL is not set, and CI must prove the Supabase database (.ci/run builds ../shared/supabase-faithful and passes its URL). FAILED.');
      return 1;
    }
    console.log('Supabase database suite NOT run: set TEST_SUPABASE_DB_URL to a Supabase database (e.g. `npx supabase start`, then TEST_SUPABASE_DB_URL=postgresql://postgres:postgres@127.0.0.1:54322/postgres npm run test:supabase; README "The Supabase database suite").');
    return 0;
  }

  console.log(`== 1/3 supabase db push --include-seed (${listMigrations().length} migrations in ${path.relative(root, MIGRATIONS_DIR)})`);
  const stoodIn: string[] = [];
  for (;;) {
    const push = await run(bin('supabase'), ['db', 'push', '--db-url', cliDatabaseUrl(url), '--include-seed', '--yes']);
    if (push.code === 0) break;
    const file = [...push.output.matchAll(/Applying migration (\S+\.sql)/g)].at(-1)?.[1];
    if (!/must be owner of table (objects|buckets)/.test(push.output) || !file || stoodIn.includes(file)) {
      console.error('test:supabase: supabase db push FAILED');
      return 1;
    }
    console.log(`== ${file}: storage policies need supautils, which this database lacks; applying it alone with the stand-in (grant supabase_storage_admin to postgres, revoked after)`);
    await applyWithPolicyGrants(url, file);
    stoodIn.push(file);
  }

  console.log('== 2/3 the project\'s migration runner on the pushed database');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'test-supabase-'));
  try {
    const stack = await startStack({ dataDir, databaseUrl: url, embeddedPort: 0, dataset: null, poolSize: 1 });
    const [{ places }] = await stack.sql<{ places: number }[]>`select count(*)::int as places from public.places`;
    await stack.stop();
    if (stack.migrationsApplied.length) {
      console.error(`test:supabase: after db push the project's runner still applied ${stack.migrationsApplied.join(', ')}: FAILED`);
      return 1;
    }
    console.log(`   nothing to apply (database current); ${places} places`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log('== 3/3 vitest run tests/db tests/deno on the Supabase database');
  const exclude = Object.keys(EMBEDDED_ONLY).flatMap((file) => ['--exclude', file]);
  const tests = await run(bin('vitest'), ['run', 'tests/db', 'tests/deno', ...exclude], { ...process.env, TEST_DATABASE_URL: url });
  if (tests.code !== 0) {
    console.error('test:supabase: the database suite FAILED on the Supabase database');
    return 1;
  }
  console.log(`Supabase database suite passed${stoodIn.length ? ` (supautils stand-in for ${stoodIn.join(', ')})` : ''}.`);
  return 0;
}

process.exitCode = await main();
