/**
 * Likely duplicates at scale (docs/decisions/023-duplicates.md): `tsx scripts/bench-duplicates.ts`
 * makes its own embedded database with BENCH_DUP_PLACES places (default 100 000: the real 3 289 plus
 * generated ones, scripts/bench/dataset.ts — coordinates within ~1.5 km of their zone, 10 % with a
 * phone), then times, as the database owner: the first page of GET /api/admin/duplicates'
 * query (queries/duplicates-queries.ts listDuplicatePairs — a page of the pairs table kept by triggers, decision
 * 033; 3 runs: min and max) and 50 public checks
 * (findDuplicateCandidates with a real name and its coordinates: p50 and max). Prints the figures.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStack } from '../src/server/stack.ts';
import { findDuplicateCandidates, listDuplicatePairs } from '../src/server/queries/duplicates-queries.ts';
import { fillPlaces } from './bench/dataset.ts';
import { freePort, percentile } from './bench/server.ts';

const log = (line: string) => console.log(line);

async function main() {
  const places = Number(process.env.BENCH_DUP_PLACES ?? 100_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'city-directory-bench-dup-'));
  chmodSync(dir, 0o755);
  const stack = await startStack({ dataDir: dir, embeddedPort: await freePort(), log });
  try {
    await fillPlaces(stack.sql, places);
    await stack.sql`analyze public.places`;
    const [{ count }] = await stack.sql`select count(*)::int as count from public.places`;
    const pairRuns: number[] = [];
    let total = 0;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      total = (await stack.sql.begin((tx) => listDuplicatePairs(tx, { page: 1, limit: 50 }))).total;
      pairRuns.push(performance.now() - t);
    }
    const samples = await stack.sql`select name, name_ar, latitude, longitude, phone from public.places where latitude is not null order by random() limit 50`;
    const checks: number[] = [];
    for (const s of samples) {
      const t = performance.now();
      await stack.sql.begin((tx) => findDuplicateCandidates(tx, {
        name: String(s.name), nameAr: (s.name_ar as string | null) ?? undefined, latitude: Number(s.latitude), longitude: Number(s.longitude),
        phone: (s.phone as string | null) ?? undefined,
      }));
      checks.push(performance.now() - t);
    }
    log(`places: ${count}; likely duplicate pairs: ${total}`);
    log(`admin pairs, first page: min ${Math.round(Math.min(...pairRuns))} ms, max ${Math.round(Math.max(...pairRuns))} ms`);
    log(`public check: p50 ${percentile([...checks].sort((a, b) => a - b), 50).toFixed(1)} ms, max ${Math.max(...checks).toFixed(1)} ms`);
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });
