/**
 * The admin overview at scale (GET /api/admin/overview; docs/decisions/032-admin-overview.md):
 * `npm run bench:overview` makes its own embedded database with BENCH_OVERVIEW_PLACES places (default
 * 100 000: the real 3 289 plus generated ones, scripts/bench/dataset.ts), then times, as the database
 * owner, each figure's query (queries/overview-queries.ts, history.ts; 3 runs: min and max) and the whole
 * overview as the route runs it. Likely duplicates are a count of the pairs table kept by triggers on
 * places (decision 033); the bench also prints how long filling the places took (the triggers run on
 * every batch of 1 000 inserted rows), the first and last pages of GET /admin/duplicates, and one
 * place's rename (its pairs recomputed by the trigger; committed, 3 runs).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Tx } from '../src/server/db/client.ts';
import { startStack } from '../src/server/stack.ts';
import { listDuplicatePairs } from '../src/server/queries/duplicates-queries.ts';
import { listLatestChanges } from '../src/server/queries/history-queries.ts';
import { likelyDuplicatesCount, pendingAges, placeGaps, placesPerCategory, placesPerZone } from '../src/server/queries/overview-queries.ts';
import { OVERVIEW_LATEST_CHANGES } from '../src/shared/schemas/overview-schemas.ts';
import { fillPlaces } from './bench/dataset.ts';
import { freePort } from './bench/server.ts';

const log = (line: string) => console.log(line);

async function main() {
  const places = Number(process.env.BENCH_OVERVIEW_PLACES ?? 100_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'city-directory-bench-overview-'));
  chmodSync(dir, 0o755);
  const stack = await startStack({ dataDir: dir, embeddedPort: await freePort(), log });
  try {
    const fillStart = performance.now();
    const added = await fillPlaces(stack.sql, places);
    log(`filled ${added} generated places (duplicate pairs kept by the triggers) in ${Math.round(performance.now() - fillStart)} ms`);
    await stack.sql`analyze`;
    const [{ count }] = await stack.sql`select count(*)::int as count from public.places`;
    log(`places: ${count}`);
    const time = async (label: string, work: (tx: Tx) => Promise<unknown>, runs = 3) => {
      const ms: number[] = [];
      let result: unknown;
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        result = await stack.sql.begin((tx) => work(tx));
        ms.push(performance.now() - t);
      }
      const shown = typeof result === 'object' && result !== null ? JSON.stringify(result).slice(0, 80) : String(result);
      log(`${label}: min ${Math.round(Math.min(...ms))} ms, max ${Math.round(Math.max(...ms))} ms → ${shown}`);
    };
    await time('gaps (one pass over places)', placeGaps);
    await time('places per category', (tx) => placesPerCategory(tx).then((r) => `${r.length} categories`));
    await time('places per zone', (tx) => placesPerZone(tx).then((r) => `${r.length} zones`));
    await time('pending ages', pendingAges);
    await time('latest changes', (tx) => listLatestChanges(tx, OVERVIEW_LATEST_CHANGES).then((r) => `${r.length} entries`));
    await time('likely duplicates (count of the pairs table)', likelyDuplicatesCount);
    await time('GET /admin/duplicates, first page of 20', (tx) => listDuplicatePairs(tx, { page: 1, limit: 20 }).then((r) => `${r.total} pairs`));
    await time('GET /admin/duplicates, last page of 20', async (tx) => {
      const total = await likelyDuplicatesCount(tx);
      return listDuplicatePairs(tx, { page: Math.max(1, Math.ceil(total / 20)), limit: 20 }).then((r) => `${r.rows.length} pairs`);
    });
    const [sample] = await stack.sql<{ id: number }[]>`select id::int from public.places where latitude is not null order by id desc limit 1`;
    await time('one place renamed (its pairs recomputed by the trigger)', async (tx) => {
      await tx`update public.places set name = name || ' x' where id = ${sample!.id}`;
      return 'renamed';
    });
    await time('whole overview (as the route runs it)', async (tx) => {
      await placeGaps(tx); await placesPerCategory(tx); await placesPerZone(tx); await pendingAges(tx);
      await likelyDuplicatesCount(tx); await listLatestChanges(tx, OVERVIEW_LATEST_CHANGES);
      return 'done';
    });
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });
