import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/server/http/response-cache.ts';
import { clearSearchCaches } from '../../src/server/queries/search-queries.ts';
import { createPageRenderer, type ServerEntry } from '../../src/server/render/renderer.ts';
import { createRenderThreads, type RenderThreads } from '../../src/server/render/render-threads.ts';
import { warmPages } from '../../src/server/render/warm-pages.ts';
import { testApp } from '../helpers/api.ts';
import { createScratchDatabase, seedOlayaCafes, type ScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * Decision 066: the server renders its pages on worker threads (the server bundle of `npm run build`), and the main
 * thread keeps HTTP, the API and the caches. A page rendered on a thread is the page rendered on the main thread —
 * same status, markup, hydration state and cache tags — and while pages render, the main thread's event loop is free
 * for the API (the crawler of issue #28 no longer holds up every other answer).
 */
const ENTRY_FILE = path.resolve('dist-server', 'entry-server.js');
const template = readFileSync('index.html', 'utf8');
let db: ScratchDatabase;
let threads: RenderThreads;
let mainThreadEntry: ServerEntry;

beforeAll(async () => {
  db = await createScratchDatabase();
  await seedOlayaCafes(db.sql, 6);
  // the same bundle on both sides: the build's (the threads load it, not Vite's transform of the source)
  mainThreadEntry = (await import(pathToFileURL(ENTRY_FILE).href)) as ServerEntry;
  threads = createRenderThreads({ entryFile: ENTRY_FILE, threads: 2, rendersPerThread: 2 });
}, 60_000);

afterAll(async () => {
  await threads?.close();
  await db?.drop();
});

/** A page renderer over the test app, on `entry`, with a cache of its own (serving) and the API paths it asked for. */
function rendererOn(entry: ServerEntry, api?: (path: string, init?: RequestInit) => Promise<Response>) {
  // a clock that stays in one minute: a run across a minute's end would otherwise drop every entry (entries are kept
  // within the minute they were made in), and the hit asked for below would be a miss
  const cache = new ResponseCache({ maxEntries: 200, maxBytes: 16 << 20, onInvalidate: clearSearchCaches, now: () => 0 });
  cache.setLive(true);
  const app = testApp(db.sql, { responseCache: cache });
  const render = createPageRenderer({
    template, noncePlaceholder: 'DALIL_CSP_NONCE', manifest: null, entry, cache, publicUrl: 'https://dalil.test',
    api: api ?? ((apiPath, init) => Promise.resolve(app.request(apiPath, init))),
  });
  return { render, cache };
}

/** The cache key of a rendered page (renderer.ts): path + sorted query, language, theme. */
const pageKey = (pathAndQuery: string, lang: string) => {
  const url = new URL(`https://dalil.test${pathAndQuery}`);
  const params = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : 1));
  return `HTML ${url.pathname}?${new URLSearchParams(params).toString()}\n${lang}\nlight`;
};

/**
 * A document without what differs between two renders of the same data: React Query's timestamps, and the page's
 * Emotion rules (two JavaScript realms may write one rule's declarations in another order, decision 064: compared
 * apart, by class name).
 */
const comparable = (html: string) => html
  .replace(/"(dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g, '"$1":0')
  .replace(/(<style[^>]*data-emotion="css-page[^"]*"[^>]*>)[\s\S]*?<\/style>/, '$1</style>');
const pageClassNames = (html: string) => new Set(/<style[^>]*data-emotion="css-page ([^"]*)"/.exec(html)?.[1]?.split(' ') ?? []);

describe('pages rendered on threads (decision 066)', () => {
  it('are the pages the main thread renders: status, markup, hydration state, style rules and cache tags', async () => {
    const onMain = rendererOn(mainThreadEntry);
    const onThreads = rendererOn(threads);
    const pages = [['/p/place-1', 'en'], ['/p/place-2/ar', 'ar'], ['/places?sort=name-desc', 'en'], ['/ar', 'ar'], ['/p/no-such-place', 'en']] as const;
    for (const [page, lang] of pages) {
      const [a, b] = await Promise.all([onMain.render, onThreads.render].map((render) => render(new Request(`https://dalil.test${page}`), { nonce: 'n' })));
      expect(b!.status, page).toBe(a!.status);
      const [htmlA, htmlB] = await Promise.all([a!.text(), b!.text()]);
      expect(comparable(htmlB), page).toBe(comparable(htmlA));
      expect([...pageClassNames(htmlB)].sort(), page).toEqual([...pageClassNames(htmlA)].sort());
      expect(pageClassNames(htmlB).size, page).toBeGreaterThan(10);
      // the reads a thread asked the main thread for joined the page's tags, as a render on the main thread's do
      const tagsB = onThreads.cache.tagsOf(pageKey(page, lang));
      expect(tagsB, page).toBeDefined();
      expect([...tagsB!].sort(), page).toEqual([...onMain.cache.tagsOf(pageKey(page, lang))!].sort());
    }
    expect((await onThreads.render(new Request('https://dalil.test/p/place-1'), { nonce: 'n' }))!.headers.get('x-cache')).toBe('hit');
  });

  it('leave the main thread\'s event loop free while they render', async () => {
    /** The share of the time the main thread's event loop was busy while 16 uncached pages rendered, 4 at once. */
    const busyWhileRendering = async (entry: ServerEntry) => {
      const { render } = rendererOn(entry);
      await render(new Request('https://dalil.test/p/place-1?warm=1'), { nonce: 'n' });
      const before = performance.eventLoopUtilization();
      for (let round = 0; round < 4; round++) {
        await Promise.all([1, 2, 3, 4].map(async (i) => {
          const res = (await render(new Request(`https://dalil.test/p/place-${i}${i % 2 ? '/ar' : ''}?round=${round}`), { nonce: 'n' }))!;
          expect(res.status).toBe(200);
          await res.arrayBuffer();
        }));
      }
      return performance.eventLoopUtilization(before).utilization;
    };
    const onMain = await busyWhileRendering(mainThreadEntry);
    const onThreads = await busyWhileRendering(threads);
    expect(onThreads, `event loop busy ${Math.round(onThreads * 100)} % with threads, ${Math.round(onMain * 100)} % without`).toBeLessThan(0.5);
    expect(onThreads).toBeLessThan(onMain);
  });

  it('render the page\'s error state (503, not stored) when the main thread cannot read its data', async () => {
    const app = testApp(db.sql);
    const { render, cache } = rendererOn(threads, (apiPath, init) => (apiPath.startsWith('/api/public/places/')
      ? Promise.reject(new Error('connection refused'))
      : Promise.resolve(app.request(apiPath, init))));
    const res = (await render(new Request('https://dalil.test/p/place-3'), { nonce: 'n' }))!;
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toContain('id="root"');
    expect(cache.tagsOf(pageKey('/p/place-3', 'en'))).toBeUndefined();
  });

  it('are all started by a warm-up before the first request: every thread has rendered (warmPages)', async () => {
    // a fresh pool, as a server's at start-up: its threads have rendered nothing yet
    const fresh = createRenderThreads({ entryFile: ENTRY_FILE, threads: 2, rendersPerThread: 2 });
    try {
      const { render, cache } = rendererOn(fresh);
      expect(fresh.rendersByThread().size).toBe(0);
      const warmed = await warmPages(render, { origin: 'https://dalil.test', count: 2 * 2 });
      expect(warmed).toMatchObject({ rendered: 4, failed: 0 });
      const byThread = fresh.rendersByThread();
      expect(byThread.size, 'threads that rendered a page').toBe(2);
      expect([...byThread.values()].reduce((a, b) => a + b)).toBe(4);
      // rendered, not stored: the warm-up leaves the page cache as it was
      expect(cache.tagsOf(pageKey('/', 'en'))).toBeUndefined();
    } finally {
      await fresh.close();
    }
  }, 60_000);
});
