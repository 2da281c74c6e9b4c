import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/server/http/response-cache.ts';
import { BUSY_RETRY_AFTER_S, createPageRenderer, PAGE_NONCE_HEADER, type ServerEntry } from '../../src/server/render/renderer.ts';
import { RenderQueue } from '../../src/server/render/render-queue.ts';
import * as entry from '../../src/entry-server.tsx';
import { testApp } from '../helpers/api.ts';
import { createScratchDatabase, seedOlayaCafes, type ScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * Decision 061: server renders go through a queue — at most its `concurrency` at once, the others in arrival order;
 * a page that waited past the queue's limit answers 503 with Retry-After (the client-rendered document, not stored).
 */
let db: ScratchDatabase;
let app: ReturnType<typeof testApp>;
const template = readFileSync('index.html', 'utf8');
const PLACES = 12;

beforeAll(async () => {
  db = await createScratchDatabase();
  await seedOlayaCafes(db.sql, PLACES);
  app = testApp(db.sql);
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

/** The app's server entry, counting the renders running at once and holding the renders of `held` paths until released. */
function countingEntry() {
  const counts = { running: 0, most: 0, started: [] as string[] };
  const held = new Map<string, Promise<void>>();
  const wrapped: ServerEntry = {
    configureApi: entry.configureApi,
    renderApp: async (options) => {
      const path = new URL(options.request.url).pathname;
      counts.started.push(path);
      counts.most = Math.max(counts.most, ++counts.running);
      try {
        await held.get(path);
        return await entry.renderApp(options);
      } finally {
        counts.running--;
      }
    },
  };
  const hold = (path: string) => {
    let release!: () => void;
    held.set(path, new Promise<void>((resolve) => (release = resolve)));
    return release;
  };
  return { wrapped, counts, hold };
}

describe('render admission (decision 061)', () => {
  it('a burst of concurrent uncached pages beyond the limit all answer 200 with their own content, at most `concurrency` rendering at once', async () => {
    const { wrapped, counts } = countingEntry();
    const render = createPageRenderer({
      template, noncePlaceholder: 'DALIL_CSP_NONCE', manifest: null, entry: wrapped, publicUrl: 'https://dalil.test',
      api: (path, init) => Promise.resolve(app.request(path, init)),
      queue: new RenderQueue({ concurrency: 2, maxWaitMs: 60_000 }),
    });
    const paths = Array.from({ length: PLACES }, (_, i) => `/p/place-${i + 1}${i % 2 ? '/ar' : ''}`);
    const answers = await Promise.all(paths.map(async (path) => {
      const res = (await render(new Request(`https://dalil.test${path}`, { headers: { 'cache-control': 'no-cache' } }), { nonce: 'n' }))!;
      return { status: res.status, html: await res.text() };
    }));
    answers.forEach(({ status, html }, i) => {
      expect(status, paths[i]).toBe(200);
      expect(html, paths[i]).toContain(i % 2 ? `<bdi>مكان ${i + 1}</bdi>` : `<bdi>Place ${i + 1}</bdi>`);
    });
    expect(counts.most).toBe(2);
    // first come, first served
    expect(counts.started).toEqual(paths);
  });

  it('a page that waited for a free renderer past the limit answers 503 with Retry-After, is not stored, and the next request renders it', async () => {
    const { wrapped, counts, hold } = countingEntry();
    // one minute throughout (entries last the minute they were made in): a run across a minute's end is no miss
    const cache = new ResponseCache({ maxEntries: 100, maxBytes: 8 << 20, now: () => 0 });
    cache.setLive(true);
    const cachedApp = testApp(db.sql, { responseCache: cache });
    const render = createPageRenderer({
      template, noncePlaceholder: 'DALIL_CSP_NONCE', manifest: null, entry: wrapped, cache, publicUrl: 'https://dalil.test',
      api: (path, init) => Promise.resolve(cachedApp.request(path, init)),
      queue: new RenderQueue({ concurrency: 1, maxWaitMs: 150 }),
    });
    const get = async (path: string, nonce: string) => {
      const res = (await render(new Request(`https://dalil.test${path}`), { nonce }))!;
      return { status: res.status, headers: res.headers, html: await res.text() };
    };
    const release = hold('/p/place-1');
    const first = get('/p/place-1', 'first');
    const busy = await get('/p/place-2', 'busy');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_S));
    expect(busy.headers.get('cache-control')).toBe('no-store');
    expect(busy.headers.get(PAGE_NONCE_HEADER)).toBe('busy');
    // the client-rendered document (the page still works in a browser), with the answer's nonce
    expect(busy.html).toContain('<div id="root"></div>');
    expect(busy.html).not.toContain('DALIL_CSP_NONCE');
    // its render was never started
    expect(counts.started).toEqual(['/p/place-1']);
    release();
    expect((await first).status).toBe(200);
    const next = await get('/p/place-2', 'next');
    expect(next.status).toBe(200);
    expect(next.headers.get('x-cache')).toBe('miss');
    expect(next.html).toContain('<bdi>Place 2</bdi>');
    expect((await get('/p/place-2', 'again')).headers.get('x-cache')).toBe('hit');
  });

  it('a request given up by its client while it waits is dropped, not rendered', async () => {
    const { wrapped, counts, hold } = countingEntry();
    const render = createPageRenderer({
      template, noncePlaceholder: 'DALIL_CSP_NONCE', manifest: null, entry: wrapped, publicUrl: 'https://dalil.test',
      api: (path, init) => Promise.resolve(app.request(path, init)),
      queue: new RenderQueue({ concurrency: 1, maxWaitMs: 60_000 }),
    });
    const release = hold('/p/place-3');
    const first = render(new Request('https://dalil.test/p/place-3'), { nonce: 'n' });
    const client = new AbortController();
    const gone = render(new Request('https://dalil.test/p/place-4', { signal: client.signal }), { nonce: 'n' });
    const third = render(new Request('https://dalil.test/p/place-5'), { nonce: 'n' });
    client.abort();
    expect((await gone)!.status).toBe(503);
    release();
    expect((await first)!.status).toBe(200);
    expect((await third)!.status).toBe(200);
    expect(counts.started).toEqual(['/p/place-3', '/p/place-5']);
  });
});
