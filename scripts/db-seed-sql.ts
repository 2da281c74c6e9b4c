/**
 * Writes supabase/seed.sql (the Supabase CLI's seed, applied after the migrations by `supabase start`
 * and `supabase db reset`) from the shipped dataset:
 *
 *   npm run db:seed-sql
 *
 * Starts a throw-away embedded Postgres (temporary folder, free port), applies the local bootstrap and
 * the migrations, imports data/riyadh-osm.json with the same importer as `npm start`, and writes its
 * rows as SQL (src/server/db/seed-sql.ts). Run it after changing the dataset, the importer or a seeded
 * table's columns; tests/db/seed-sql.test.ts fails until then.
 */
import { mkdtempSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderSeedSql } from '../src/server/db/seed-sql.ts';
import { startStack } from '../src/server/stack.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SEED_FILE = path.join(root, 'supabase/seed.sql');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    }).on('error', reject);
  });
}

const dir = mkdtempSync(path.join(tmpdir(), 'city-directory-seed-'));
chmodSync(dir, 0o755);
try {
  const stack = await startStack({ dataDir: dir, embeddedPort: await freePort() });
  try {
    writeFileSync(SEED_FILE, await renderSeedSql(stack.sql));
    console.log(`Wrote ${path.relative(root, SEED_FILE)} (${stack.seeded?.places ?? 0} places).`);
  } finally {
    await stack.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
