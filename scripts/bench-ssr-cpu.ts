/**
 * Server CPU per uncached rendered page, A/B (decision 064): two running servers of the same database (e.g. this
 * build and an older one), asked the same pages one at a time, alternated page by page (A then B, then B then A),
 * each page's cost read as the server process's user + system CPU time (`/proc/<pid>/stat`) before and after it.
 * Reading the process's own clock this way takes in everything a page costs the server — HTTP parsing, the render,
 * the in-process API, logs, gzip — and leaves out the load generator and Postgres; it is far less disturbed by the
 * other work of a shared machine than requests per second.
 *
 * Usage: `tsx scripts/bench-ssr-cpu.ts <baseA> <pidA> [<baseB> <pidB>]`, env ROUNDS (default 5), PLACES (100).
 * Pages: PLACES distinct place pages (`/p/{slug}`, half in Arabic), home (`/`, `/ar`) ×10, the places list (4 sorts ×
 * en/ar) ×3; every request `Cache-Control: no-cache` (rendered, not stored) and `Accept-Encoding: gzip`.
 * Prints, per round, the mean CPU ms per page of each kind and server, then the medians over the rounds and
 * `uptime`'s load average, and each kind's wall-clock time per page (request sent → last byte; median and p95 over all
 * rounds): issue #28's "renders in ≤ 20 ms on an idle server" for place pages, ≤ 30 ms for home and the list.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const TICK_MS = 1000 / 100; // USER_HZ: Linux reports process times in 1/100 s

/** The process's user + system CPU time in ms (fields 14 and 15 of /proc/<pid>/stat). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

interface Server { name: string; base: string; pid: number }

/** Wall-clock time of every page (request sent → last byte read), in ms, by kind and server: issue #28's "renders in". */
const wallTimes: Record<string, Record<string, number[]>> = {};

async function page(server: Server, path: string, kind?: string): Promise<number> {
  const before = cpuMs(server.pid);
  const started = performance.now();
  const res = await fetch(`${server.base}${path}`, { headers: { 'cache-control': 'no-cache', 'accept-encoding': 'gzip' } });
  await res.arrayBuffer();
  if (kind) ((wallTimes[kind] ??= {})[server.name] ??= []).push(performance.now() - started);
  if (res.status !== 200) throw new Error(`${server.name} ${path}: ${res.status}`);
  // the server finished its work before the last byte was sent; its clock is read once it is idle again
  await new Promise((r) => setTimeout(r, 2));
  return cpuMs(server.pid) - before;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  const args = process.argv.slice(2);
  const servers: Server[] = [];
  for (let i = 0; i + 1 < args.length; i += 2) servers.push({ name: String.fromCharCode(65 + i / 2), base: args[i]!.replace(/\/$/, ''), pid: Number(args[i + 1]) });
  if (!servers.length) throw new Error('usage: bench-ssr-cpu.ts <baseA> <pidA> [<baseB> <pidB>]');
  const rounds = Number(process.env.ROUNDS ?? 5);
  const placeCount = Number(process.env.PLACES ?? 100);
  const slugs: string[] = [];
  for (let pageNo = 1; slugs.length < placeCount; pageNo++) {
    const res = await fetch(`${servers[0]!.base}/api/public/places?page=${pageNo}&limit=50&sort=name-asc`);
    const json = (await res.json()) as { data: { slug: string }[] };
    if (!json.data.length) break;
    slugs.push(...json.data.map((p) => p.slug));
  }
  const kinds: Record<string, string[]> = {
    place: slugs.slice(0, placeCount).map((slug, i) => (i % 2 ? `/p/${encodeURIComponent(slug)}/ar` : `/p/${encodeURIComponent(slug)}`)),
    home: Array.from({ length: 10 }, () => ['/', '/ar']).flat(),
    list: Array.from({ length: 3 }, () => ['name-asc', 'name-desc', 'newest', 'oldest'].flatMap((sort) => [`/places?sort=${sort}`, `/places/ar?sort=${sort}`])).flat(),
  };
  // warm-up: JIT, the in-process API's answers, each server's caches of what does not change
  for (const server of servers) for (const paths of Object.values(kinds)) for (const path of paths.slice(0, 20)) await page(server, path);
  const perRound: Record<string, Record<string, number[]>> = {};
  for (let round = 0; round < rounds; round++) {
    const totals: Record<string, Record<string, number>> = {};
    let flip = round % 2 === 1;
    for (const [kind, paths] of Object.entries(kinds)) {
      for (const path of paths) {
        const order = flip ? [...servers].reverse() : servers;
        flip = !flip;
        for (const server of order) {
          const ms = await page(server, path, kind);
          ((totals[kind] ??= {})[server.name] ??= 0);
          totals[kind]![server.name]! += ms;
        }
      }
    }
    const line: string[] = [];
    for (const [kind, paths] of Object.entries(kinds)) {
      for (const server of servers) {
        const mean = totals[kind]![server.name]! / paths.length;
        ((perRound[kind] ??= {})[server.name] ??= []).push(mean);
        line.push(`${kind} ${server.name} ${mean.toFixed(2)}`);
      }
    }
    console.log(`round ${round + 1}: ${line.join(' · ')} (load ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  }
  for (const [kind, byServer] of Object.entries(perRound)) {
    console.log(`${kind}: ${Object.entries(byServer).map(([name, values]) => `${name} median ${median(values).toFixed(2)} ms [${values.map((v) => v.toFixed(2)).join(', ')}]`).join(' · ')}`);
  }
  // issue #28: "one uncached place page renders in ≤ 20 ms on an idle server (median of 100 distinct slugs); home and
  // places list ≤ 30 ms" — the wall-clock time of each page, all rounds together
  for (const [kind, byServer] of Object.entries(wallTimes)) {
    console.log(`${kind} wall-clock: ${Object.entries(byServer).map(([name, values]) => `${name} median ${median(values).toFixed(1)} ms, p95 ${[...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!.toFixed(1)} ms (${values.length} pages)`).join(' · ')}`);
  }
}

await main();
