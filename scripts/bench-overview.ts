/**
 * The admin overview at scale (GET /api/admin/overview; docs/decisions/032-admin-overview.md):
 * `npm run bench:overview` makes its own embedded database with BENCH_OVERVIEW_PLACES places (default
 * 100 000: the real 3 289 plus generated ones, scripts/bench/dataset.ts), then times, as the database
 * owner, each figure's query (queries/overview.ts, history.ts; 3 runs: min and max) and the whole
 * overview as the route runs it. The likely duplicates figure is null above DUPLICATES_COUNT_MAX_PLACES
 * places or past its time budget (DUPLICATES_COUNT_BUDGET_MS); its unbudgeted cost is timed once too.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Tx } from '../src/server/db/client.ts';
import { startStack } from '../src/server/stack.ts';
import { countDuplicatePairs } from '../src/server/queries/duplicates.ts';
import { listLatestChanges } from '../src/server/queries/history.ts';
import {
  DUPLICATES_COUNT_BUDGET_MS, DUPLICATES_COUNT_MAX_PLACES, likelyDuplicatesCount, pendingAges, placeGaps, placesPerCategory, placesPerZone,
} from '../src/server/queries/overview.ts';
import { OVERVIEW_LATEST_CHANGES } from '../src/shared/schemas/overview.ts';
import { fillPlaces } from './bench/dataset.ts';
import { freePort } from './bench/server.ts';

const log = (line: string) => console.log(line);

async function main() {
  const places = Number(process.env.BENCH_OVERVIEW_PLACES ?? 100_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'city-directory-bench-overview-'));
  chmodSync(dir, 0o755);
  const stack = await startStack({ dataDir: dir, embeddedPort: await freePort(), log });
  try {
    await fillPlaces(stack.sql, places);
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
    await time(`likely duplicates (budget ${DUPLICATES_COUNT_BUDGET_MS} ms, up to ${DUPLICATES_COUNT_MAX_PLACES} places)`, (tx) => likelyDuplicatesCount(tx, count));
    await time('likely duplicates, unbudgeted', (tx) => countDuplicatePairs(tx), 1);
    await time('whole overview (as the route runs it)', async (tx) => {
      const { total } = await placeGaps(tx); await placesPerCategory(tx); await placesPerZone(tx); await pendingAges(tx);
      await likelyDuplicatesCount(tx, total); await listLatestChanges(tx, OVERVIEW_LATEST_CHANGES);
      return 'done';
    });
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });
