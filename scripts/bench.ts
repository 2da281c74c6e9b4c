/**
 * `npm run bench`: how fast is the directory at 100 000 places?
 *
 * 1. Builds its own embedded Postgres in a temp folder on a free port: migrations, the real dataset,
 *    then generated places up to BENCH_PLACES (default 100 000; deterministic, bilingual names
 *    from the real names' vocabulary, scripts/bench/dataset.ts), VACUUM ANALYZE.
 * 2. Starts the server (src/server/node.ts) as a child process on that data folder twice and
 *    reports the second start-up (an existing data folder): spawn → first 200 from the API.
 *    Then the export of every place (GET /api/public/export, CSV and GeoJSON): time to the last
 *    byte, size, and the API process's RSS before and its peak during each download.
 * 3. Per scenario (place lists: first page in 4 sorts, nearest first (alone, in a category), open now (alone, in
 *    categories, nearest first; in zones, searched; decision 028), 32 category+zone filters, newest pages 18–22 of 6
 *    categories, pages 495–505 by `page` and by `cursor`, searched lists; 5 000 place details; grouped
 *    search with dozens of English and Arabic prefixes, typos and two-word texts; server-rendered HTML of
 *    home, the places list and place pages, decision 019; brand names in both scripts, decision 043): a deterministic
 *    sequence of the scenario's distinct requests, Zipf-skewed (a few popular, many rare), then
 *    autocannon at BENCH_CONNECTIONS (50) for BENCH_DURATION s (10) three times:
 *    - API uncached: `Cache-Control: no-cache`, so every answer is computed (after a warm-up that
 *      also bypasses the cache);
 *    - API cached: the same sequence from an empty response cache (docs/decisions/011-response-cache.md),
 *      with its hit rate (X-Cache);
 *    - direct SQL: the same query functions called with postgres.js at the same concurrency and pool
 *      size, read as the API reads them (anonymous sessions, decision 060; BENCH_DIRECT=claims: in a claims
 *      transaction, as before), so API overhead is a ratio;
 *    - API cached with one write per second (decision 042; BENCH_WRITES=0 skips it): the cached run again while
 *      the admin, signed in through the API, alternately edits a place's phone (PUT /api/admin/places/{id}, a
 *      random place) and creates one (POST /api/admin/places, as an approval does), once a second; its
 *      throughput as a share of the cached run without writes (target ≥ 80 %).
 *    Latency p50/p95/p99.
 * 4. EXPLAIN (ANALYZE) of every statement each scenario runs: node types, sequential scans flagged.
 * 5. Peak RSS of the API process (VmHWM) under load; cross-script recall of the brand pairs (scripts/bench/brand-pairs.ts):
 *    the share of each brand's places (names with either word as typed) that each script's query finds, and the
 *    overlap of the two result sets (decision 043).
 * 6. The SPA's shipped JavaScript from dist/ (total and per route, gzip), when built.
 * 7. The map page with every place of this database as a marker, in headless Chromium (load until
 *    the clusters are drawn, long tasks, frame times during a scripted pan/zoom; scripts/bench-map.ts),
 *    when dist/ is built; BENCH_SKIP_MAP=1 skips it.
 * Prints a table; writes everything to bench-results/bench-<time>.json. Targets are reported,
 * not asserted: search p95 ≤ 30 ms, list p95 ≤ 20 ms, HTML p95 ≤ 100 ms, API ≥ 50 % of direct SQL throughput.
 *
 * Env: BENCH_PLACES, BENCH_DURATION (s), BENCH_CONNECTIONS, BENCH_WARMUP (s), BENCH_ONLY
 * (comma-separated scenario name prefixes), BENCH_KEEP=1 (keep the temp folder), BENCH_WRITES=0 (no run with writes),
 * BENCH_SKIP_EXPORT=1 (no export download), BENCH_DIRECT=claims (direct SQL in claims transactions),
 * BENCH_PLANS_URL=postgres://… (only print the scenarios' query plans on that database), BENCH_SKIP_MAP=1.
 */
import autocannon from 'autocannon';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Sql } from 'postgres';
import { ANON_CLAIMS, createSql, withAnonRead, withClaims, type Tx } from '../src/server/db/client.ts';
import { getPlaceBySlug, listPlaces, relatedPlaces } from '../src/server/queries/places-queries.ts';
import { planSearch, searchAll, searchPlaces, SEARCH_WINDOW } from '../src/server/queries/search-queries.ts';
import { BRAND_PAIRS } from './bench/brand-pairs.ts';
import { reindexOpeningHours } from '../src/server/queries/open-intervals.ts';
import { startStack } from '../src/server/stack.ts';
import { benchMap, printMapBench, type MapBenchResult } from './bench-map.ts';
import { fillPlaces, prng } from './bench/dataset.ts';
import { freePort, percentile, root, startServer, stopServer, type Server } from './bench/server.ts';

const env = process.env;
const PLACES = Number(env.BENCH_PLACES ?? 100_000);
const DURATION = Number(env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const WARMUP = Number(env.BENCH_WARMUP ?? 2);
const POOL = 10; // the server's pool (createSql default)
const ONLY = env.BENCH_ONLY ? new Set(env.BENCH_ONLY.split(',').map((s) => s.trim())) : null;
const WRITES = env.BENCH_WRITES !== '0';
/**
 * How the direct-SQL runs read: `anon` (default) as the API's anonymous reads do (withAnonRead: anonymous sessions,
 * no transaction, decision 060), `claims` in a claims transaction (withClaims: BEGIN, settings, the statements, COMMIT),
 * as the API read before decision 060 and as issue #28's figures were measured.
 */
const DIRECT = env.BENCH_DIRECT === 'claims' ? 'claims' : 'anon';

const log = (line: string) => console.log(line);

interface LoadResult { requests: number; rps: number; p50: number; p95: number; p99: number; max: number; errors: number }

function summarise(latencies: number[], errors: number, seconds: number): LoadResult {
  const sorted = latencies.sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 100) / 100;
  return {
    requests: sorted.length, rps: r(sorted.length / seconds),
    p50: r(percentile(sorted, 50)), p95: r(percentile(sorted, 95)), p99: r(percentile(sorted, 99)), max: r(sorted.at(-1) ?? NaN),
    errors,
  };
}

// ───────────────────────────── scenarios ─────────────────────────────

/** One distinct request of a scenario: its API path, and the same database work as the handler. */
interface Variant { path: string; direct: (tx: Tx) => Promise<unknown> }

interface Scenario {
  name: string;
  kind: 'list' | 'detail' | 'search' | 'html';
  /** The scenario's distinct requests; request i asks for variants[pick(i)] (Zipf-skewed, deterministic). */
  variants: Variant[];
  pick: (i: number) => number;
}

/** What the scenarios are built from (read from the benchmark's database). */
interface ScenarioData {
  /** Place slugs in a fixed pseudo-random order. */
  slugs: string[];
  /** `nextCursor` of pages 494…504 (the cursors of pages 495…505). */
  cursors: string[];
  /** Category slugs, and zone slugs with the most places first. */
  categories: string[];
  zones: string[];
}

// Search texts as people type them: prefixes, typos, two words, both scripts (dozens per scenario).
const EN_PREFIXES = ['starb', 'pizz', 'phar', 'burg', 'coff', 'hosp', 'mcdo', 'kudu', 'albai', 'supe', 'bake', 'jari', 'nahd', 'dunk', 'shaw', 'hote'];
const EN_TYPOS = ['resturant', 'pharmcy', 'hospitl', 'cofee', 'bakary', 'supermarkt', 'starbuks', 'piza hut', 'macdonalds', 'shawarama', 'jewelery', 'libary', 'barber shopp', 'laundary'];
const EN_TWO_WORDS = ['cafe olaya', 'pharmacy malaz', 'restaurant yasmin', 'bank olaya', 'hotel olaya', 'mosque rabi', 'school nakhil', 'mall sulaimaniyah', 'bakery wurud', 'gym ghadir', 'pizza yasmin', 'coffee malqa'];
const AR_PREFIXES = ['مطع', 'صيد', 'مقه', 'مخب', 'مست', 'مدر', 'جام', 'فند', 'سوب', 'حلو', 'كاف', 'بنك', 'محط', 'صال'];
const AR_TYPOS = ['صيدلبة', 'مطعن', 'مستشفئ', 'مقهي', 'مخبر', 'فندف', 'جامغ', 'مدرسه', 'سوبرماركيت', 'حلوبات', 'كوفي شوب', 'صالون نسائئ'];
const LIST_SEARCHES = ['cafe', 'pizza', 'pharmacy', 'coffee', 'burger', 'مطعم', 'صيدلية', 'hotel', 'bakery', 'shawarma', 'مقهى', 'sushi'];

/**
 * Request i of a scenario → variant index: Zipf-distributed (weight 1/(rank+1)), so a few URLs are
 * popular and many are rare, as in real traffic; the same sequence in every run of the scenario.
 */
function zipfPicker(n: number, seed: number): (i: number) => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (let k = 0; k < n; k++) cumulative.push((sum += 1 / (k + 1)));
  const rand = prng(seed);
  const sequence = Array.from({ length: 1 << 16 }, () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  });
  return (i) => sequence[i % sequence.length]!;
}

/** Points of the near-me scenarios: a 4 × 3 grid over Riyadh (where the seed places are), 4 decimals as a phone sends. */
const NEAR_POINTS = Array.from({ length: 12 }, (_, k) => ({
  lat: Number((24.55 + (k % 4) * 0.1).toFixed(4)), lng: Number((46.55 + Math.floor(k / 4) * 0.15).toFixed(4)),
}));

function scenarios(data: ScenarioData): Scenario[] {
  const q = encodeURIComponent;
  const pairs = data.categories.slice(0, 8).flatMap((c) => data.zones.slice(0, 4).map((z) => [c, z] as const));
  const search = (name: string, terms: string[]): [string, Scenario['kind'], Variant[]] => [
    name, 'search', terms.map((t) => ({ path: `/api/public/search?limit=5&q=${q(t)}`, direct: (tx) => searchAll(tx, t, 5) })),
  ];
  const defs: [string, Scenario['kind'], Variant[]][] = [
    ['list: first page (4 sorts)', 'list', ([undefined, 'name-desc', 'newest', 'oldest'] as const).map((sort) => ({
      path: `/api/public/places${sort ? `?sort=${sort}` : ''}`, direct: (tx) => listPlaces(tx, {}, { page: 1, limit: 12, sort }),
    }))],
    // near me (decision 022): nearest first from points spread over the city, alone and within a category
    [`list: nearest first (${NEAR_POINTS.length} points)`, 'list', NEAR_POINTS.map((near) => ({
      path: `/api/public/places?sort=distance&near=${near.lat},${near.lng}`,
      direct: (tx) => listPlaces(tx, {}, { page: 1, limit: 12, sort: 'distance', near }),
    }))],
    [`list: nearest first in category (${NEAR_POINTS.length} points)`, 'list', NEAR_POINTS.map((near, k) => ({
      path: `/api/public/places?categorySlug=${data.categories[k % Math.max(1, Math.min(8, data.categories.length))]}&sort=distance&near=${near.lat},${near.lng}`,
      direct: (tx) => listPlaces(tx, { categorySlug: data.categories[k % Math.max(1, Math.min(8, data.categories.length))] }, { page: 1, limit: 12, sort: 'distance', near }),
    }))],
    // open now (decision 028): the weekly-interval index, alone, in a category, nearest first
    ['list: open now (plain, 8 categories, nearest first)', 'list', [
      { path: '/api/public/places?openNow=true', direct: (tx: Tx) => listPlaces(tx, { openNow: true }, { page: 1, limit: 12 }) },
      ...data.categories.slice(0, 8).map((c) => ({
        path: `/api/public/places?categorySlug=${c}&openNow=true`, direct: (tx: Tx) => listPlaces(tx, { categorySlug: c, openNow: true }, { page: 1, limit: 12 }),
      })),
      ...NEAR_POINTS.slice(0, 4).map((near) => ({
        path: `/api/public/places?openNow=true&sort=distance&near=${near.lat},${near.lng}`,
        direct: (tx: Tx) => listPlaces(tx, { openNow: true }, { page: 1, limit: 12, sort: 'distance', near }),
      })),
    ]],
    // open now where the page walk differs: a zone's places, searched lists (decision 028, amended 2026-11-26)
    [`list: open now (${data.zones.length} zones, ${LIST_SEARCHES.length} searches)`, 'list', [
      ...data.zones.map((z) => ({
        path: `/api/public/places?zoneSlug=${z}&openNow=true`, direct: (tx: Tx) => listPlaces(tx, { zoneSlug: z, openNow: true }, { page: 1, limit: 12 }),
      })),
      ...LIST_SEARCHES.map((t) => ({
        path: `/api/public/places?search=${q(t)}&openNow=true`, direct: (tx: Tx) => listPlaces(tx, { search: t, openNow: true }, { page: 1, limit: 12 }),
      })),
    ]],
    [`list: filtered (${pairs.length} category+zone)`, 'list', pairs.map(([c, z]) => ({
      path: `/api/public/places?categorySlug=${c}&zoneSlug=${z}`, direct: (tx) => listPlaces(tx, { categorySlug: c, zoneSlug: z }, { page: 1, limit: 12 }),
    }))],
    ['list: newest in category p.18-22', 'list', data.categories.slice(0, 6).flatMap((c) => [18, 19, 20, 21, 22].map((page) => ({
      path: `/api/public/places?categorySlug=${c}&sort=newest&page=${page}`, direct: (tx) => listPlaces(tx, { categorySlug: c }, { page, limit: 12, sort: 'newest' }),
    })))],
    ['list: page 495-505', 'list', Array.from({ length: 11 }, (_, k) => 495 + k).map((page) => ({
      path: `/api/public/places?page=${page}`, direct: (tx) => listPlaces(tx, {}, { page, limit: 12 }),
    }))],
    ['list: page 495-505 by cursor', 'list', data.cursors.map((cursor) => ({
      path: `/api/public/places?cursor=${cursor}`, direct: (tx) => listPlaces(tx, {}, { page: 1, limit: 12, cursor }),
    }))],
    [`list: search p.2-3 (${LIST_SEARCHES.length} words)`, 'list', LIST_SEARCHES.flatMap((t) => [2, 3].map((page) => ({
      path: `/api/public/places?search=${q(t)}&page=${page}`, direct: (tx) => listPlaces(tx, { search: t }, { page, limit: 12 }),
    })))],
    [`detail (${data.slugs.length} slugs)`, 'detail', data.slugs.map((slug) => ({
      path: `/api/public/places/${slug}`, direct: (tx) => Promise.all([getPlaceBySlug(tx, slug), relatedPlaces(tx, slug)]),
    }))],
    // server-rendered pages (decision 019) beside the JSON they are built from; `direct` is the SQL of the page's main query
    ['html: home (en, ar)', 'html', (['/', '/ar'] as const).map((path) => ({
      path, direct: (tx) => listPlaces(tx, {}, { page: 1, limit: 6, sort: 'newest' }),
    }))],
    ['html: places list (4 sorts × en, ar)', 'html', ([undefined, 'name-desc', 'newest', 'oldest'] as const).flatMap((sort) => ['/places', '/places/ar'].map((p) => ({
      path: `${p}${sort ? `?sort=${sort}` : ''}`, direct: (tx) => listPlaces(tx, {}, { page: 1, limit: 12, sort }),
    })))],
    [`html: place (${data.slugs.length} slugs)`, 'html', data.slugs.map((slug) => ({
      path: `/p/${slug}`, direct: (tx) => Promise.all([getPlaceBySlug(tx, slug), relatedPlaces(tx, slug)]),
    }))],
    search(`search: EN prefix (${EN_PREFIXES.length})`, EN_PREFIXES),
    search(`search: EN typo (${EN_TYPOS.length})`, EN_TYPOS),
    search(`search: EN 2 words (${EN_TWO_WORDS.length})`, EN_TWO_WORDS),
    search(`search: AR prefix (${AR_PREFIXES.length})`, AR_PREFIXES),
    search(`search: AR typo (${AR_TYPOS.length})`, AR_TYPOS),
    search(`search: brands, both scripts (${BRAND_PAIRS.length * 2})`, BRAND_PAIRS.flat()),
  ];
  return defs
    .map(([name, kind, variants], n) => ({ name, kind, variants, pick: zipfPicker(variants.length, 1000 + n) }))
    .filter((s) => s.variants.length > 0)
    .filter((s) => !ONLY || [...ONLY].some((o) => s.name.startsWith(o)));
}

/** Reads what the scenarios need from the benchmark's database. */
async function scenarioData(sql: Sql): Promise<ScenarioData> {
  const slugs = (await sql<{ slug: string }[]>`select slug from public.places order by md5(slug) limit 5000`).map((r) => r.slug);
  const categories = (await sql<{ slug: string }[]>`select slug from public.categories order by slug`).map((r) => r.slug);
  const zones = (await sql<{ slug: string }[]>`
    select z.slug from public.zones z order by (select count(*) from public.places p where p.zone_id = z.id) desc, z.slug limit 8`).map((r) => r.slug);
  const cursors: string[] = [];
  for (let page = 494; page <= 504; page++) {
    const { nextCursor } = await listPlaces(sql as unknown as Tx, {}, { page, limit: 12 });
    // fewer than 6 060 places (e.g. the 3 289 shipped ones): no pages 495–505, those scenarios are left out
    if (!nextCursor) return { slugs, cursors: [], categories, zones };
    cursors.push(nextCursor);
  }
  return { slugs, cursors, categories, zones };
}

// ───────────────────────────── load ─────────────────────────────

/** Latencies and throughput of one run; `hitRatePct` when the answers said X-Cache. */
type ApiLoadResult = LoadResult & { hitRatePct?: number };

/**
 * autocannon against the API: request i is the scenario's variant pick(i). `fresh` sends
 * `Cache-Control: no-cache`, so the server computes every answer (the uncached path).
 */
async function loadApi(base: string, s: Scenario, seconds: number, connections: number, fresh: boolean): Promise<ApiLoadResult> {
  let i = 0;
  const latencies: number[] = [];
  let errors = 0;
  let hits = 0;
  let answered = 0;
  const headers: Record<string, string> = fresh ? { 'cache-control': 'no-cache' } : {};
  const instance = autocannon({
    url: base, connections, duration: seconds, pipelining: 1,
    requests: [{
      method: 'GET', headers,
      setupRequest: (req) => ({ ...req, path: s.variants[s.pick(i++)]!.path }),
      onResponse: (_status, _body, _context, h) => {
        answered++;
        if ((h['x-cache'] ?? h['X-Cache']) === 'hit') hits++;
      },
    }],
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
    if (status === 200) latencies.push(time);
    else errors++;
  });
  const result = await instance;
  const summary = summarise(latencies, errors + (result.errors ?? 0) + (result.timeouts ?? 0), seconds);
  return fresh ? summary : { ...summary, hitRatePct: answered ? Math.round((hits / answered) * 1000) / 10 : 0 };
}

async function loadDirect(sql: Sql, s: Scenario, seconds: number, concurrency: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const variant = s.variants[s.pick(i++)]!;
      const t = performance.now();
      try {
        await (DIRECT === 'anon' ? withAnonRead(sql, (tx) => variant.direct(tx)) : withClaims(sql, ANON_CLAIMS, (tx) => variant.direct(tx)));
        latencies.push(performance.now() - t);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return summarise(latencies, errors, seconds);
}

/** The admin's writes of the "one write per second" runs: what it did, and a stop that waits for the last one. */
interface Writer { stop: () => Promise<{ writes: number; failed: number; meanMs: number }> }

/**
 * Once a second, as the admin through the API: an edit of a random place's phone, then the creation of a
 * place in a random category and zone (what an approval writes), alternately. Each write's change
 * notification reaches the server's cache as a Studio edit or another instance's would.
 */
function startWriter(base: string, token: string, placeIds: number[], categoryIds: number[], zoneIds: number[], seed: number): Writer {
  const rand = prng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  let n = 0;
  let failed = 0;
  let totalMs = 0;
  let running: Promise<void> = Promise.resolve();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const write = async () => {
    const k = n++;
    const t = performance.now();
    const res = k % 2 === 0
      ? await fetch(`${base}/api/admin/places/${pick(placeIds)}`, { method: 'PUT', headers, body: JSON.stringify({ phone: `+9665${String(10_000_000 + k).slice(-8)}` }) })
      : await fetch(`${base}/api/admin/places`, { method: 'POST', headers, body: JSON.stringify({ name: `Bench write ${seed}-${k}`, categoryId: pick(categoryIds), zoneId: pick(zoneIds) }) });
    await res.arrayBuffer();
    totalMs += performance.now() - t;
    if (!res.ok) failed++;
  };
  const timer = setInterval(() => { running = running.then(write).catch(() => { failed++; }); }, 1000);
  return {
    async stop() {
      clearInterval(timer);
      await running;
      return { writes: n, failed, meanMs: n ? Math.round(totalMs / n) : 0 };
    },
  };
}

// ───────────────────────────── plans ─────────────────────────────

/** Tables that do not grow with the number of places (a seq scan there is the cheapest plan). */
const SMALL_TABLES = new Set(['categories', 'zones', 'buildings', 'place_counts', 'search_terms', 'website_settings']);

interface PlanNode { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Actual Loops'?: number; 'Actual Rows'?: number; Plans?: PlanNode[] }

/** A parameter as an SQL literal (for EXECUTE of a prepared statement). */
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const literal = (v: unknown): string => (v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v)
  // an array (e.g. the open-now filter's ids) as an array literal: {"1","2"}
  : Array.isArray(v) ? quote(`{${v.map((x) => `"${String(x).replace(/["\\]/g, '\\$&')}"`).join(',')}}`)
  : quote(String(v)));

/**
 * Runs `s.direct` once, recording every statement, then EXPLAINs each as it runs in the server:
 * statements sent prepared are explained with their generic plan (what Postgres settles on after
 * five runs), the others with the actual values. Node types, sequential scans on growing tables.
 */
async function explainScenario(sql: Sql, s: Scenario) {
  const statements: { text: string; params: unknown[]; prepared: boolean }[] = [];
  await withClaims(sql, ANON_CLAIMS, (tx) => {
    const recorder = new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop === 'unsafe') {
          return (text: string, params: unknown[] = [], options?: { prepare?: boolean }) => {
            statements.push({ text, params, prepared: Boolean(options?.prepare) });
            return (target as any).unsafe(text, params, options);
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    return s.variants[0]!.direct(recorder as Tx);
  });
  const out = [];
  for (const st of statements) {
    if (!/^\s*(with|select)\b/i.test(st.text)) continue;
    const plan = await sql.begin(async (tx) => {
      if (!st.prepared) {
        const [row] = await tx.unsafe(`explain (analyze, timing off, format json) ${st.text}`, st.params as never[]);
        return (row!['QUERY PLAN'] as any)[0];
      }
      await tx.unsafe(`set local plan_cache_mode = force_generic_plan`);
      await tx.unsafe(`prepare bench_stmt as ${st.text}`);
      const args = st.params.length ? `(${st.params.map(literal).join(', ')})` : '';
      const [row] = await tx.unsafe(`explain (analyze, timing off, format json) execute bench_stmt${args}`);
      await tx.unsafe(`deallocate bench_stmt`);
      return (row!['QUERY PLAN'] as any)[0];
    });
    const nodes: string[] = [];
    const seqScans: string[] = [];
    const smallSeqScans: string[] = [];
    const walk = (n: PlanNode) => {
      const ran = n['Actual Loops'] !== 0;
      const label = `${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : n['Relation Name'] ? ` ${n['Relation Name']}` : ''}${ran ? '' : ' (not run)'}`;
      if (!nodes.includes(label)) nodes.push(label);
      if (n['Node Type'] === 'Seq Scan' && ran) {
        const rel = n['Relation Name']!;
        // a sequential scan matters on a table that grows with the directory; categories, zones,
        // buildings and the (category × zone) counters stay small
        (SMALL_TABLES.has(rel) ? smallSeqScans : seqScans).push(`${rel} (${n['Actual Rows']} rows)`);
      }
      for (const c of n.Plans ?? []) walk(c);
    };
    walk(plan.Plan);
    out.push({
      statement: st.text.replace(/\s+/g, ' ').slice(0, 160), plan: st.prepared ? 'generic' : 'custom',
      executionMs: plan['Execution Time'], nodes, seqScans, smallSeqScans,
    });
  }
  return out;
}

// ───────────────────────────── server ─────────────────────────────

function rssOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
}

/**
 * GET /api/public/export of every place, CSV then GeoJSON: time to the last byte, size, rows read
 * back (CSV lines after the comment and header; GeoJSON features = lines between the header and
 * the end), and the API process's RSS before and its peak during the download (the kernel's peak
 * counter is reset first through /proc/<pid>/clear_refs, so earlier work does not count).
 */
async function benchExport(base: string, pid: number) {
  const out: Record<string, unknown>[] = [];
  for (const format of ['csv', 'geojson'] as const) {
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch { /* not allowed: the peak then includes earlier work */ }
    const before = rssOf(pid);
    const t = performance.now();
    const res = await fetch(`${base}/api/public/export?format=${format}`);
    const reader = res.body!.getReader();
    let bytes = 0;
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 10) lines++;
    }
    const ms = Math.round(performance.now() - t);
    const after = rssOf(pid);
    // CSV: minus the comment and header lines (a value with a line break would count twice); GeoJSON: minus the header and closing lines
    const rows = lines - 2;
    out.push({ format, status: res.status, ms, mb: Math.round((bytes / 2 ** 20) * 10) / 10, rows, rssBeforeMb: before.rssMb, peakRssMb: after.peakMb });
    log(`  export ${format}: ${rows} places, ${(bytes / 2 ** 20).toFixed(1)} MB in ${ms} ms; API RSS ${before.rssMb} MB before, peak ${after.peakMb} MB during`);
  }
  return out;
}

// ───────────────────────────── cross-script recall ─────────────────────────────

/** One brand pair: the brand's places, what each query finds of them, and how the two result sets overlap. */
interface PairRecall {
  arabic: string; latin: string; brandPlaces: number; arabicFinds: number; latinFinds: number;
  arRecallPct: number; enRecallPct: number; arOfEnPct: number; enOfArPct: number;
}

/**
 * Cross-script recall (issue 30, decision 043), per brand pair: the brand's places are those whose
 * name (English or Arabic) has the Arabic or the Latin word as typed or a derived form, as a whole
 * word (the `typed` query of public.search_query without prefixes); each query's recall is the share of them it finds
 * (of at most SEARCH_WINDOW: a query shows no more). Also the overlap of the two whole result sets (typo alternatives included,
 * which differ per script: 'baik' ~ bank, البيك ~ البيت). Target ≥ 90 % recall both ways.
 */
async function crossScriptRecall(sql: Sql): Promise<PairRecall[]> {
  const found = (q: string) => withClaims(sql, ANON_CLAIMS, async (tx) => {
    const plan = await planSearch(tx, q);
    return new Set(plan ? (await searchPlaces(tx, plan, { limit: SEARCH_WINDOW })).map((r) => String(r.id)) : []);
  });
  const pct = (part: Set<string>, whole: Set<string>) => (whole.size ? Math.round(([...whole].filter((x) => part.has(x)).length / whole.size) * 1000) / 10 : 100);
  // of a brand with more places than the window, a query can show at most SEARCH_WINDOW
  const recall = (part: Set<string>, brand: Set<string>) => (brand.size
    ? Math.round(([...brand].filter((x) => part.has(x)).length / Math.min(brand.size, SEARCH_WINDOW)) * 1000) / 10 : 100);
  const out: PairRecall[] = [];
  for (const [arabic, latin] of BRAND_PAIRS) {
    const brand = new Set((await sql<{ id: string }[]>`
      select p.id::text as id from public.places p
      where p.name_vector @@ (select replace(typed::text, ':*', '')::tsquery from public.search_query(${arabic}))
         or p.name_vector @@ (select replace(typed::text, ':*', '')::tsquery from public.search_query(${latin}))`).map((r) => r.id));
    const ar = await found(arabic);
    const en = await found(latin);
    out.push({
      arabic, latin, brandPlaces: brand.size, arabicFinds: ar.size, latinFinds: en.size,
      arRecallPct: recall(ar, brand), enRecallPct: recall(en, brand), arOfEnPct: pct(ar, en), enOfArPct: pct(en, ar),
    });
  }
  return out;
}

// ───────────────────────────── SPA ─────────────────────────────

interface ManifestChunk { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }

/** JS shipped in dist/: total, the entry, and each lazy route (its own chunks beyond the entry), gzip. */
function spaSizes() {
  const manifestPath = path.join(root, 'dist/.vite/manifest.json');
  if (!existsSync(manifestPath)) return { skipped: 'dist/.vite/manifest.json not found: run `npm run build` first' };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const sizeCache = new Map<string, { raw: number; gzip: number; text: string }>();
  const size = (file: string) => {
    let s = sizeCache.get(file);
    if (!s) {
      const buf = readFileSync(path.join(root, 'dist', file));
      s = { raw: buf.length, gzip: gzipSync(buf).length, text: buf.toString('utf8') };
      sizeCache.set(file, s);
    }
    return s;
  };
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const i of manifest[key]!.imports ?? []) closure(i, seen);
    return seen;
  };
  const sum = (keys: Iterable<string>) => {
    let raw = 0;
    let gzip = 0;
    for (const k of keys) {
      const f = manifest[k]!.file;
      if (!f.endsWith('.js')) continue;
      const s = size(f);
      raw += s.raw;
      gzip += s.gzip;
    }
    return { rawKb: Math.round(raw / 102.4) / 10, gzipKb: Math.round(gzip / 102.4) / 10 };
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const entry = closure(entryKey);
  const allJs = Object.keys(manifest).filter((k) => manifest[k]!.file.endsWith('.js'));
  const contains = (keys: Iterable<string>, pattern: RegExp) => [...keys].some((k) => manifest[k]!.file.endsWith('.js') && pattern.test(size(manifest[k]!.file).text));
  const routes = Object.keys(manifest)
    .filter((k) => manifest[k]!.isDynamicEntry && /\.(t|j)sx?$/.test(k))
    .map((k) => {
      const own = [...closure(k)].filter((c) => !entry.has(c));
      const all = new Set([...entry, ...own]);
      return {
        route: k.replace(/^src\/app\/routes\//, ''),
        ownJs: sum(own),
        withEntryJs: sum(all),
        // what a route must not pull in statically: the map library, admin screens, locale files
        // (those load on demand, one language at a time)
        leaflet: contains(all, /leaflet-container/i),
        adminChunks: k.includes('/admin') ? [] : [...all].filter((c) => /(^|\/|_)admin[-/]/.test(c)),
        staticLocales: [...all].filter((c) => /locales\//.test(c)),
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
  const locales = Object.keys(manifest).filter((k) => /locales\//.test(k)).map((k) => ({ file: k, ...sum([k]) }));
  return {
    totalJs: sum(allJs),
    entry: { file: manifest[entryKey]!.file, ...sum(entry), leaflet: contains(entry, /leaflet-container/i), staticLocales: [...entry].filter((c) => /locales\//.test(c)) },
    routes,
    locales,
  };
}

// ───────────────────────────── main ─────────────────────────────

/** BENCH_PLANS_URL=postgres://…: only print the query plans of every scenario on that database. */
async function plansOnly(url: string) {
  const sql = createSql(url, { max: 2 });
  try {
    for (const s of scenarios(await scenarioData(sql))) {
      log(`\n▶ ${s.name}`);
      for (const p of await explainScenario(sql, s)) {
        log(`  [${p.plan}, ${p.executionMs} ms] ${p.nodes.filter((x) => !x.endsWith('(not run)')).join(', ')}`);
        if (p.seqScans.length) log(`  ⚠ sequential scans: ${p.seqScans.join('; ')}`);
      }
    }
  } finally {
    await sql.end();
  }
}

async function main() {
  if (env.BENCH_PLANS_URL) return plansOnly(env.BENCH_PLANS_URL);
  const started = Date.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'city-directory-bench-'));
  chmodSync(dir, 0o755);
  const pgPort = await freePort();
  const results: Record<string, unknown> = {
    when: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memGb: Math.round(totalmem() / 2 ** 30), node: process.version, loadAvgAtStart: loadavg() },
    settings: { places: PLACES, durationS: DURATION, connections: CONNECTIONS, warmupS: WARMUP, serverPool: POOL, directSql: DIRECT },
  };
  let server: Server | null = null;
  let sql: Sql | null = null;
  try {
    log(`Data folder ${dir}, Postgres port ${pgPort}`);
    let t = performance.now();
    const stack = await startStack({ dataDir: dir, embeddedPort: pgPort, log });
    log(`Stack up (migrations + real dataset) in ${Math.round(performance.now() - t)} ms`);
    t = performance.now();
    const added = await fillPlaces(stack.sql, PLACES);
    log(`Generated ${added} places in ${Math.round(performance.now() - t)} ms`);
    t = performance.now();
    const indexed = await reindexOpeningHours(stack.sql);
    log(`Open-now index: ${indexed} places' hours computed in ${Math.round(performance.now() - t)} ms; VACUUM ANALYZE…`);
    await stack.sql.unsafe('vacuum analyze');
    const [{ n, version }] = await stack.sql<{ n: number; version: string }[]>`select (select count(*)::int from public.places) as n, version() as version`;
    results.database = { places: n, version, setupMs: Math.round(performance.now() - t) };
    await stack.stop();

    // start-up on an existing data folder: the first start creates the admin and JWT secret
    const port = await freePort();
    const first = await startServer(dir, pgPort, port);
    await stopServer(first);
    server = await startServer(dir, pgPort, port);
    results.startup = { firstStartMs: first.startupMs, existingDataFolderMs: server.startupMs };
    log(`Server start-up on the existing data folder: ${server.startupMs} ms (first start ${first.startupMs} ms)`);
    const base = `http://127.0.0.1:${port}`;
    sql = createSql(`postgres://postgres:postgres@127.0.0.1:${pgPort}/postgres`, { max: POOL });

    if (env.BENCH_SKIP_EXPORT) results.export = { skipped: 'BENCH_SKIP_EXPORT is set' };
    else {
      log('\n▶ export of every place (GET /api/public/export), before the load runs');
      results.export = await benchExport(base, server.child.pid!);
    }
    // the admin of the write runs, signed in through the API
    let adminToken = '';
    if (WRITES) {
      const res = await fetch(`${base}/api/admin/auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bench-admin@example.test', password: 'bench-admin-password-1' }),
      });
      adminToken = ((await res.json()) as { data: { token: string } }).data.token;
    }
    const writeTargets = WRITES
      ? {
        placeIds: (await sql<{ id: number }[]>`select id::int from public.places order by md5(id::text) limit 20000`).map((r) => r.id),
        categoryIds: (await sql<{ id: number }[]>`select id::int from public.categories`).map((r) => r.id),
        zoneIds: (await sql<{ id: number }[]>`select id::int from public.zones`).map((r) => r.id),
      }
      : null;

    const list = scenarios(await scenarioData(sql));
    const rssBefore = rssOf(server.child.pid!);

    const rows: Record<string, unknown>[] = [];
    for (const s of list) {
      log(`\n▶ ${s.name} — ${s.variants.length} distinct requests`);
      // warm-up without the cache (JIT, pools, plans), so the cached run starts with nothing cached
      await loadApi(base, s, WARMUP, CONNECTIONS, true);
      const uncached = await loadApi(base, s, DURATION, CONNECTIONS, true);
      log(`  API uncached  ${uncached.rps} req/s  p50 ${uncached.p50}  p95 ${uncached.p95}  p99 ${uncached.p99} ms  errors ${uncached.errors}`);
      const cached = await loadApi(base, s, DURATION, CONNECTIONS, false);
      log(`  API cached    ${cached.rps} req/s  p50 ${cached.p50}  p95 ${cached.p95}  p99 ${cached.p99} ms  errors ${cached.errors}  hits ${cached.hitRatePct} %`);
      let withWrites: (ApiLoadResult & { writes: number; failedWrites: number; writeMeanMs: number; ofCachedPct: number }) | undefined;
      if (writeTargets) {
        // the same cached run from an empty cache (an `*` notification empties it), with one write per second
        await sql`select pg_notify('public_data_changed', '*')`;
        await new Promise((r) => setTimeout(r, 200));
        const writer = startWriter(base, adminToken, writeTargets.placeIds, writeTargets.categoryIds, writeTargets.zoneIds, rows.length + 1);
        const load = await loadApi(base, s, DURATION, CONNECTIONS, false);
        const w = await writer.stop();
        withWrites = { ...load, writes: w.writes, failedWrites: w.failed, writeMeanMs: w.meanMs, ofCachedPct: Math.round((load.rps / cached.rps) * 1000) / 10 };
        log(`  cached+writes ${load.rps} req/s  p50 ${load.p50}  p95 ${load.p95}  p99 ${load.p99} ms  errors ${load.errors}  hits ${load.hitRatePct} %  `
          + `(${w.writes} writes, ${w.failed} failed, ${w.meanMs} ms each): ${withWrites.ofCachedPct} % of cached`);
      }
      await loadDirect(sql, s, WARMUP, CONNECTIONS);
      const direct = await loadDirect(sql, s, DURATION, CONNECTIONS);
      log(`  SQL           ${direct.rps} req/s  p50 ${direct.p50}  p95 ${direct.p95}  p99 ${direct.p99} ms  errors ${direct.errors}`);
      const plans = await explainScenario(sql, s);
      const seq = plans.flatMap((p) => p.seqScans);
      log(`  plans  ${plans.map((p) => p.nodes.filter((x) => !x.endsWith('(not run)')).join(', ')).join(' | ')}`);
      if (seq.length) log(`  ⚠ sequential scans: ${seq.join('; ')}`);
      const target = s.kind === 'html' ? 100 : s.kind === 'search' ? 30 : 20;
      rows.push({
        scenario: s.name, kind: s.kind, distinctRequests: s.variants.length, cached, uncached, direct, withWrites,
        cachedVsSqlPct: Math.round((cached.rps / direct.rps) * 100), uncachedVsSqlPct: Math.round((uncached.rps / direct.rps) * 100),
        targetP95Ms: target, meetsP95: { cached: cached.p95 <= target, uncached: uncached.p95 <= target }, plans, seqScans: seq,
      });
    }
    const rssAfter = rssOf(server.child.pid!);
    results.scenarios = rows;
    log('\n▶ cross-script recall of brand pairs');
    const recall = await crossScriptRecall(sql);
    results.crossScriptRecall = recall;
    results.apiProcessMemory = { beforeLoadRssMb: rssBefore.rssMb, afterLoadRssMb: rssAfter.rssMb, peakRssMb: rssAfter.peakMb };
    results.spa = spaSizes();
    let map: MapBenchResult | null = null;
    if (env.BENCH_SKIP_MAP) results.map = { skipped: 'BENCH_SKIP_MAP is set' };
    else if (!existsSync(path.join(root, 'dist/index.html'))) results.map = { skipped: 'dist/ not built: run `npm run build` first' };
    else {
      log('\n▶ map page in headless Chromium');
      results.map = map = await benchMap(base);
    }
    results.machine = { ...(results.machine as object), loadAvgAtEnd: loadavg() };
    results.totalMs = Date.now() - started;

    // ── report
    log('\n════════ Results ════════');
    log(`${n} places, ${CONNECTIONS} connections × ${DURATION} s, server pool ${POOL}, direct SQL as ${DIRECT === 'anon' ? 'anonymous sessions' : 'claims transactions'}, ${cpus().length} CPUs (load ${loadavg().map((x) => x.toFixed(1)).join(' ')})`);
    const ok = (p95: number, target: number) => `${p95}${p95 <= target ? '' : ' ✗'}`;
    console.table(rows.map((r: any) => ({
      scenario: r.scenario,
      'cached req/s': r.cached.rps, 'cached p95': ok(r.cached.p95, r.targetP95Ms), 'hit %': r.cached.hitRatePct,
      'uncached req/s': r.uncached.rps, 'uncached p95': ok(r.uncached.p95, r.targetP95Ms),
      'SQL req/s': r.direct.rps, 'SQL p95': r.direct.p95,
      'cached/SQL %': r.cachedVsSqlPct, 'uncached/SQL %': r.uncachedVsSqlPct,
      ...(r.withWrites ? { 'cached, 1 write/s req/s': r.withWrites.rps, 'of cached %': r.withWrites.ofCachedPct, 'hit % (writes)': r.withWrites.hitRatePct } : {}),
      errors: r.cached.errors + r.uncached.errors + r.direct.errors + (r.withWrites?.errors ?? 0),
    })));
    log('p95 in ms; ✗ = over the target (lists 20 ms, search 30 ms). API throughput target: ≥ 50 % of direct SQL.'
      + (WRITES ? ' With one write per second (an edit or a new place, through the API), cached throughput target: ≥ 80 % of the cached run without writes.' : ''));
    const seqScans = rows.filter((r: any) => r.seqScans.length).map((r: any) => `${r.scenario}: ${r.seqScans.join('; ')}`);
    if (seqScans.length) log(`⚠ sequential scans: ${seqScans.join(' | ')}`);
    console.table(recall.map((r) => ({
      pair: `${r.arabic} / ${r.latin}`, 'brand places': r.brandPlaces, 'AR recall %': r.arRecallPct, 'EN recall %': r.enRecallPct,
      'AR finds': r.arabicFinds, 'EN finds': r.latinFinds, 'AR has EN\'s %': r.arOfEnPct, 'EN has AR\'s %': r.enOfArPct,
    })));
    log('Cross-script recall: brand places = names with either word as typed; recall = share of them each query finds (target ≥ 90 % both ways). "has" = overlap of the whole result sets.');
    log(`Start-up on an existing data folder: ${server.startupMs} ms. API process RSS: ${rssBefore.rssMb} MB before load, peak ${rssAfter.peakMb} MB.`);
    for (const e of Array.isArray(results.export) ? results.export : []) log(`Export ${e.format}: ${e.rows} places, ${e.mb} MB in ${e.ms} ms; API RSS ${e.rssBeforeMb} MB before, peak ${e.peakRssMb} MB during.`);
    const spa = results.spa as any;
    if (spa.skipped) log(`SPA: skipped (${spa.skipped})`);
    else {
      log(`SPA JS: total ${spa.totalJs.gzipKb} KB gzip (${spa.totalJs.rawKb} KB raw); entry ${spa.entry.gzipKb} KB gzip${spa.entry.leaflet ? ' ⚠ contains Leaflet' : ''}`);
      console.table(spa.routes.map((r: any) => ({
        route: r.route, 'own KB gz': r.ownJs.gzipKb, 'with entry KB gz': r.withEntryJs.gzipKb,
        leaflet: r.leaflet ? 'yes' : '', 'admin-named chunks': r.adminChunks.join(' '), 'static locales': r.staticLocales.join(' '),
      })));
      const home = spa.routes.find((r: any) => r.route === 'public/home.tsx');
      if (home) log(`Home route: ${home.withEntryJs.gzipKb} KB gzip (target ≤ 200)${home.leaflet ? ', ⚠ loads Leaflet' : ''}${home.adminChunks.length ? `, ⚠ loads ${home.adminChunks.join(', ')}` : ''}${home.staticLocales.length ? `, ⚠ bundles ${home.staticLocales.join(', ')}` : ''}.`);
    }
    if (map) printMapBench(map);
    else log(`Map: skipped (${(results.map as { skipped: string }).skipped})`);
    const outDir = path.join(root, 'bench-results');
    mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(results, null, 2));
    log(`\nWrote ${path.relative(root, file)}`);
  } finally {
    await sql?.end({ timeout: 2 }).catch(() => {});
    if (server) await stopServer(server);
    if (!env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
