/**
 * `npm run bench`: how fast is the directory at 100 000 places?
 *
 * 1. Builds its own embedded Postgres in a temp folder on a free port: migrations, the real dataset,
 *    then generated places up to BENCH_PLACES (default 100 000; deterministic, bilingual names
 *    from the real names' vocabulary, scripts/bench/dataset.ts), VACUUM ANALYZE.
 * 2. Starts the server (src/server/node.ts) as a child process on that data folder twice and
 *    reports the second start-up (an existing data folder): spawn → first 200 from the API.
 * 3. Per scenario (place lists: first page, filtered page, page 500 by `page` and by `cursor`;
 *    place details; grouped search in English and Arabic, prefix and typo): warm-up, then
 *    autocannon at BENCH_CONNECTIONS (50) for BENCH_DURATION s (10) against the API, then the
 *    same query functions called directly with postgres.js at the same concurrency and pool size
 *    (in the same claims transaction as the API), so API overhead is a ratio. Latency p50/p95/p99.
 * 4. EXPLAIN (ANALYZE) of every statement each scenario runs: node types, sequential scans flagged.
 * 5. Peak RSS of the API process (VmHWM) under load.
 * 6. The SPA's shipped JavaScript from dist/ (total and per route, gzip), when built.
 * 7. The map page with every place of this database as a marker, in headless Chromium (load until
 *    the clusters are drawn, long tasks, frame times during a scripted pan/zoom; scripts/bench-map.ts),
 *    when dist/ is built; BENCH_SKIP_MAP=1 skips it.
 * Prints a table; writes everything to bench-results/bench-<time>.json. Targets are reported,
 * not asserted: search p95 ≤ 30 ms, list p95 ≤ 20 ms, API ≥ 50 % of direct SQL throughput.
 *
 * Env: BENCH_PLACES, BENCH_DURATION (s), BENCH_CONNECTIONS, BENCH_WARMUP (s), BENCH_ONLY
 * (comma-separated scenario name prefixes), BENCH_KEEP=1 (keep the temp folder),
 * BENCH_PLANS_URL=postgres://… (only print the scenarios' query plans on that database), BENCH_SKIP_MAP=1.
 */
import autocannon from 'autocannon';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Sql } from 'postgres';
import { ANON_CLAIMS, createSql, withClaims, type Tx } from '../src/server/db/client.ts';
import { getPlaceBySlug, listPlaces, relatedPlaces } from '../src/server/queries/places.ts';
import { searchAll } from '../src/server/queries/search.ts';
import { startStack } from '../src/server/stack.ts';
import { benchMap, printMapBench, type MapBenchResult } from './bench-map.ts';
import { fillPlaces } from './bench/dataset.ts';
import { freePort, percentile, root, startServer, stopServer, type Server } from './bench/server.ts';

const env = process.env;
const PLACES = Number(env.BENCH_PLACES ?? 100_000);
const DURATION = Number(env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const WARMUP = Number(env.BENCH_WARMUP ?? 2);
const POOL = 10; // the server's pool (createSql default)
const ONLY = env.BENCH_ONLY ? new Set(env.BENCH_ONLY.split(',').map((s) => s.trim())) : null;

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

interface Scenario {
  name: string;
  kind: 'list' | 'detail' | 'search';
  /** API path of request number i. */
  path: (i: number) => string;
  /** The same database work as the handler, given the request's transaction. */
  direct: (tx: Tx, i: number) => Promise<unknown>;
}

function scenarios(slugs: string[], cursor500: string): Scenario[] {
  const slug = (i: number) => slugs[i % slugs.length]!;
  const search = (name: string, q: string): Scenario => ({
    name, kind: 'search', path: () => `/api/public/search?limit=5&q=${encodeURIComponent(q)}`, direct: (tx) => searchAll(tx, q, 5),
  });
  const all: Scenario[] = [
    { name: 'list: first page', kind: 'list', path: () => '/api/public/places', direct: (tx) => listPlaces(tx, {}, { page: 1, limit: 12 }) },
    {
      name: 'list: filtered (category+zone)', kind: 'list', path: () => '/api/public/places?categorySlug=restaurants&zoneSlug=al-ulayya',
      direct: (tx) => listPlaces(tx, { categorySlug: 'restaurants', zoneSlug: 'al-ulayya' }, { page: 1, limit: 12 }),
    },
    {
      name: 'list: newest in category p.20', kind: 'list', path: () => '/api/public/places?categorySlug=cafes&sort=newest&page=20',
      direct: (tx) => listPlaces(tx, { categorySlug: 'cafes' }, { page: 20, limit: 12, sort: 'newest' }),
    },
    { name: 'list: page 500', kind: 'list', path: () => '/api/public/places?page=500', direct: (tx) => listPlaces(tx, {}, { page: 500, limit: 12 }) },
    {
      name: 'list: page 500 by cursor', kind: 'list', path: () => `/api/public/places?cursor=${cursor500}`,
      direct: (tx) => listPlaces(tx, {}, { page: 1, limit: 12, cursor: cursor500 }),
    },
    {
      name: 'list: search "cafe" p.2', kind: 'list', path: () => '/api/public/places?search=cafe&page=2',
      direct: (tx) => listPlaces(tx, { search: 'cafe' }, { page: 2, limit: 12 }),
    },
    {
      name: 'detail (1000 slugs)', kind: 'detail', path: (i) => `/api/public/places/${slug(i)}`,
      direct: (tx, i) => Promise.all([getPlaceBySlug(tx, slug(i)), relatedPlaces(tx, slug(i))]),
    },
    search('search: EN prefix "starb"', 'starb'),
    search('search: EN typo "resturant"', 'resturant'),
    search('search: EN 2 words "cafe olaya"', 'cafe olaya'),
    search('search: AR prefix "مطع"', 'مطع'),
    search('search: AR typo "صيدلبة"', 'صيدلبة'),
  ];
  return all.filter((s) => !ONLY || [...ONLY].some((o) => s.name.startsWith(o)));
}

// ───────────────────────────── load ─────────────────────────────

async function loadApi(base: string, s: Scenario, seconds: number, connections: number): Promise<LoadResult> {
  let i = 0;
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url: base, connections, duration: seconds, pipelining: 1,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: s.path(i++) }) }],
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
    if (status === 200) latencies.push(time);
    else errors++;
  });
  const result = await instance;
  return summarise(latencies, errors + (result.errors ?? 0) + (result.timeouts ?? 0), seconds);
}

async function loadDirect(sql: Sql, s: Scenario, seconds: number, concurrency: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let i = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const n = i++;
      const t = performance.now();
      try {
        await withClaims(sql, ANON_CLAIMS, (tx) => s.direct(tx, n));
        latencies.push(performance.now() - t);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return summarise(latencies, errors, seconds);
}

// ───────────────────────────── plans ─────────────────────────────

/** Tables that do not grow with the number of places (a seq scan there is the cheapest plan). */
const SMALL_TABLES = new Set(['categories', 'zones', 'buildings', 'place_counts', 'search_terms']);

interface PlanNode { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Actual Loops'?: number; 'Actual Rows'?: number; Plans?: PlanNode[] }

/** A parameter as an SQL literal (for EXECUTE of a prepared statement). */
const literal = (v: unknown) => (v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

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
    return s.direct(recorder as Tx, 0);
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
    const slugs = (await sql<{ slug: string }[]>`select slug from public.places order by md5(slug) limit 1000`).map((r) => r.slug);
    const page499 = await listPlaces(sql as unknown as Tx, {}, { page: 499, limit: 12 });
    for (const s of scenarios(slugs, page499.nextCursor ?? '')) {
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
    settings: { places: PLACES, durationS: DURATION, connections: CONNECTIONS, warmupS: WARMUP, serverPool: POOL },
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
    log(`Generated ${added} places in ${Math.round(performance.now() - t)} ms; VACUUM ANALYZE…`);
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

    const slugs = (await sql<{ slug: string }[]>`select slug from public.places order by md5(slug) limit 1000`).map((r) => r.slug);
    const page499 = await listPlaces(sql as unknown as Tx, {}, { page: 499, limit: 12 });
    if (!page499.nextCursor) throw new Error('BENCH_PLACES too small for page 500 (needs > 6 000 places)');
    const list = scenarios(slugs, page499.nextCursor);
    const rssBefore = rssOf(server.child.pid!);

    const rows: Record<string, unknown>[] = [];
    for (const s of list) {
      log(`\n▶ ${s.name}`);
      await loadApi(base, s, WARMUP, CONNECTIONS);
      const api = await loadApi(base, s, DURATION, CONNECTIONS);
      log(`  API    ${api.rps} req/s  p50 ${api.p50}  p95 ${api.p95}  p99 ${api.p99} ms  errors ${api.errors}`);
      await loadDirect(sql, s, WARMUP, CONNECTIONS);
      const direct = await loadDirect(sql, s, DURATION, CONNECTIONS);
      log(`  SQL    ${direct.rps} req/s  p50 ${direct.p50}  p95 ${direct.p95}  p99 ${direct.p99} ms  errors ${direct.errors}`);
      const plans = await explainScenario(sql, s);
      const seq = plans.flatMap((p) => p.seqScans);
      log(`  plans  ${plans.map((p) => p.nodes.filter((x) => !x.endsWith('(not run)')).join(', ')).join(' | ')}`);
      if (seq.length) log(`  ⚠ sequential scans: ${seq.join('; ')}`);
      const target = s.kind === 'search' ? 30 : 20;
      rows.push({ scenario: s.name, kind: s.kind, api, direct, apiVsSqlPct: Math.round((api.rps / direct.rps) * 100), targetP95Ms: target, meetsP95: api.p95 <= target, plans, seqScans: seq });
    }
    const rssAfter = rssOf(server.child.pid!);
    results.scenarios = rows;
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
    log(`${n} places, ${CONNECTIONS} connections × ${DURATION} s, server pool ${POOL}, ${cpus().length} CPUs (load ${loadavg().map((x) => x.toFixed(1)).join(' ')})`);
    console.table(rows.map((r: any) => ({
      scenario: r.scenario,
      'API req/s': r.api.rps, 'API p50': r.api.p50, 'API p95': r.api.p95, 'API p99': r.api.p99, 'API err': r.api.errors,
      'SQL req/s': r.direct.rps, 'SQL p95': r.direct.p95,
      'API/SQL %': r.apiVsSqlPct,
      [`p95 target`]: `${r.api.p95 <= r.targetP95Ms ? 'ok' : 'over'} (${r.targetP95Ms})`,
      'seq scans': r.seqScans.length ? r.seqScans.join('; ') : '-',
    })));
    log(`Start-up on an existing data folder: ${server.startupMs} ms. API process RSS: ${rssBefore.rssMb} MB before load, peak ${rssAfter.peakMb} MB.`);
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
