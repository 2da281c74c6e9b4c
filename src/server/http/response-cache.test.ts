import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.ts';

/** A small app with the cache in front of fake public routes that count their runs. */
function setup(options: Partial<ConstructorParameters<typeof ResponseCache>[0]> = {}) {
  const cache = new ResponseCache({ maxEntries: 100, maxBytes: 1 << 20, ...options });
  const runs: Record<string, number> = {};
  const count = (name: string) => (runs[name] = (runs[name] ?? 0) + 1);
  let version = 1;
  let gate: Promise<void> | null = null;
  const app = new Hono();
  app.use('*', async (c, next) => {
    c.header('X-Request-Id', crypto.randomUUID());
    await next();
    c.header('X-Frame-Options', 'DENY');
  });
  app.use('*', cache.middleware());
  app.use('/api/public/map/markers', compress());
  app.get('/api/public/categories', async (c) => {
    count('categories');
    if (gate) await gate;
    c.header('Cache-Control', 'public, max-age=5');
    return c.json({ success: true, data: { version, query: c.req.query() } });
  });
  app.get('/api/public/places/:slug', (c) => {
    count('place');
    return c.req.param('slug') === 'missing' ? c.json({ success: false }, 404) : c.json({ success: true, data: c.req.param('slug') });
  });
  app.get('/api/public/places/:slug/share', (c) => (count('share'), c.json({ success: true })));
  app.get('/api/public/map/markers', (c) => (count('markers'), c.json({ success: true, data: 'x'.repeat(5000) })));
  app.get('/api/public/search', (c) => (count('search'), c.json({ success: true, data: 'y'.repeat(Number(c.req.query('n') ?? 10)) })));
  const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
  return {
    cache, app, runs, get,
    bump: () => version++,
    hold: () => {
      let release!: () => void;
      gate = new Promise((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

describe('ResponseCache', () => {
  it('serves nothing until the change notifications are live, then answers repeats from memory', async () => {
    const { cache, runs, get } = setup();
    const first = await get('/api/public/categories');
    expect(first.headers.get('X-Cache')).toBe('bypass');
    expect(runs.categories).toBe(1);

    cache.setLive(true);
    const miss = await get('/api/public/categories');
    const hit = await get('/api/public/categories');
    expect(miss.headers.get('X-Cache')).toBe('miss');
    expect(hit.headers.get('X-Cache')).toBe('hit');
    expect(runs.categories).toBe(2);
    expect(await hit.text()).toBe(await miss.text());
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, stores: 1, entries: 1 });
  });

  it('never serves an answer after the minute it was computed in (openNow depends on the clock)', async () => {
    let clock = Date.UTC(2026, 10, 25, 21, 30, 10);
    const { cache, runs, get } = setup({ now: () => clock });
    cache.setLive(true);
    await get('/api/public/places/blue-cafe');
    clock += 40_000; // 21:30:50, the same minute
    expect((await get('/api/public/places/blue-cafe')).headers.get('X-Cache')).toBe('hit');
    clock += 15_000; // 21:31:05, the next minute
    expect((await get('/api/public/places/blue-cafe')).headers.get('X-Cache')).toBe('miss');
    expect(runs.place).toBe(2);
    expect((await get('/api/public/places/blue-cafe')).headers.get('X-Cache')).toBe('hit');
  });

  it('does not store an answer whose request began in an earlier minute', async () => {
    let clock = Date.UTC(2026, 10, 25, 21, 30, 59);
    const { cache, get, hold } = setup({ now: () => clock });
    cache.setLive(true);
    const release = hold();
    const pending = get('/api/public/categories');
    clock += 2_000;
    release();
    await pending;
    expect(cache.stats().entries).toBe(0);
  });

  it('keeps the headers the route set and lets the outer middleware add its own to every answer', async () => {
    const { cache, get } = setup();
    cache.setLive(true);
    const miss = await get('/api/public/categories');
    const hit = await get('/api/public/categories');
    for (const res of [miss, hit]) {
      expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=5');
      expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    }
    // the request id is this request's, not the one of the request that filled the entry
    expect(hit.headers.get('X-Request-Id')).not.toBe(miss.headers.get('X-Request-Id'));
    const names = (r: Response) => [...r.headers.keys()].filter((n) => n !== 'x-cache').sort();
    expect(names(hit)).toEqual(names(miss));
  });

  it('never answers from cache a request with a token, Cache-Control: no-cache or Pragma: no-cache, and stores none of them', async () => {
    const { cache, runs, get } = setup();
    cache.setLive(true);
    await get('/api/public/categories');
    const fresh: Record<string, string>[] = [{ Authorization: 'Bearer x' }, { 'Cache-Control': 'no-cache' }, { 'Cache-Control': 'max-age=0' }, { Pragma: 'no-cache' }];
    for (const headers of fresh) {
      const res = await get('/api/public/categories?fresh=1', headers);
      expect(res.headers.get('X-Cache')).toBe('bypass');
    }
    expect(runs.categories).toBe(5);
    expect(cache.stats().entries).toBe(1);
    expect((await get('/api/public/categories?fresh=1')).headers.get('X-Cache')).toBe('miss');
  });

  it('does not cache error answers', async () => {
    const { cache, runs, get } = setup();
    cache.setLive(true);
    for (let i = 0; i < 2; i++) {
      const res = await get('/api/public/places/missing');
      expect(res.status).toBe(404);
      expect(res.headers.get('X-Cache')).toBe('miss');
    }
    expect(runs.place).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  it('leaves routes outside the list alone (share links follow the language and origin)', async () => {
    const { cache, runs, get } = setup();
    cache.setLive(true);
    await get('/api/public/places/a/share');
    const res = await get('/api/public/places/a/share');
    expect(res.headers.get('X-Cache')).toBeNull();
    expect(runs.share).toBe(2);
  });

  it('keys by path and normalised query: parameter order and encoding do not matter, values do', async () => {
    const { cache, runs, get } = setup();
    cache.setLive(true);
    await get('/api/public/categories?b=2&a=1&q=two%20words');
    expect((await get('/api/public/categories?a=1&q=two+words&b=2')).headers.get('X-Cache')).toBe('hit');
    expect((await get('/api/public/categories?a=1&b=3')).headers.get('X-Cache')).toBe('miss');
    expect(runs.categories).toBe(2);
  });

  it('keeps compressed map markers per Accept-Encoding', async () => {
    const { cache, runs, get } = setup();
    cache.setLive(true);
    const gzip = await get('/api/public/map/markers', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    const gzipHit = await get('/api/public/map/markers', { 'Accept-Encoding': 'gzip' });
    expect(gzipHit.headers.get('X-Cache')).toBe('hit');
    expect(gzipHit.headers.get('Content-Encoding')).toBe('gzip');
    expect(gzipHit.headers.get('Vary')).toBe('Accept-Encoding');
    expect(new Uint8Array(await gzipHit.arrayBuffer())).toEqual(new Uint8Array(await gzip.arrayBuffer()));
    const plain = await get('/api/public/map/markers');
    expect(plain.headers.get('X-Cache')).toBe('miss');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(((await plain.json()) as { data: string }).data).toHaveLength(5000);
    expect(runs.markers).toBe(2);
  });

  it('invalidate() empties it and calls onInvalidate; setLive(false) empties it and stops serving', async () => {
    let invalidated = 0;
    const { cache, get, bump } = setup({ onInvalidate: () => invalidated++ });
    cache.setLive(true);
    await get('/api/public/categories');
    bump();
    cache.invalidate();
    const fresh = await get('/api/public/categories');
    expect(fresh.headers.get('X-Cache')).toBe('miss');
    expect(((await fresh.json()) as { data: { version: number } }).data.version).toBe(2);
    cache.setLive(false);
    expect(cache.stats().entries).toBe(0);
    expect((await get('/api/public/categories')).headers.get('X-Cache')).toBe('bypass');
    expect(invalidated).toBe(3);
  });

  it('does not store an answer computed across an invalidation (it may hold data from before the change)', async () => {
    const { cache, get, hold, runs } = setup();
    cache.setLive(true);
    const release = hold();
    const pending = get('/api/public/categories');
    await new Promise((r) => setTimeout(r, 10));
    cache.invalidate();
    release();
    expect((await pending).headers.get('X-Cache')).toBe('miss');
    expect((await get('/api/public/categories')).headers.get('X-Cache')).toBe('miss');
    expect(runs.categories).toBe(2);
  });

  it('is bounded in entries and in bytes, dropping the least recently used first', async () => {
    const byCount = setup({ maxEntries: 2 });
    byCount.cache.setLive(true);
    await byCount.get('/api/public/search?n=1');
    await byCount.get('/api/public/search?n=2');
    await byCount.get('/api/public/search?n=1'); // n=1 now the most recent
    await byCount.get('/api/public/search?n=3'); // evicts n=2
    expect(byCount.cache.stats().entries).toBe(2);
    expect((await byCount.get('/api/public/search?n=1')).headers.get('X-Cache')).toBe('hit');
    expect((await byCount.get('/api/public/search?n=2')).headers.get('X-Cache')).toBe('miss');

    const bySize = setup({ maxBytes: 40_000 });
    bySize.cache.setLive(true);
    for (let i = 0; i < 10; i++) await bySize.get(`/api/public/search?n=${5000 + i}`);
    const { entries, bytes } = bySize.cache.stats();
    expect(bytes).toBeLessThanOrEqual(40_000);
    expect(entries).toBeGreaterThan(3);
    expect(entries).toBeLessThan(10);
    // one answer larger than a quarter of the budget is not kept at all
    await bySize.get('/api/public/search?n=12000');
    expect((await bySize.get('/api/public/search?n=12000')).headers.get('X-Cache')).toBe('miss');
  });

  it('refuses nonsensical bounds', () => {
    expect(() => new ResponseCache({ maxEntries: 0, maxBytes: 1 << 20 })).toThrow();
    expect(() => new ResponseCache({ maxEntries: 10, maxBytes: 10 })).toThrow();
  });
});

describe('ResponseCache: tags (decision 042)', () => {
  const entry = (text: string) => ({ status: 200 as const, headers: [] as [string, string][], body: new TextEncoder().encode(text) });

  it('drops only the entries sharing a tag with a change; everything for `all`', () => {
    const cache = new ResponseCache({ maxEntries: 100, maxBytes: 1 << 20 });
    cache.setLive(true);
    const g = cache.generation();
    cache.set('a', entry('a'), g, undefined, ['p:a', 'pl:*:*']);
    cache.set('b', entry('b'), g, undefined, ['p:b']);
    cache.set('c', entry('c'), g); // no tags given: `any`
    cache.invalidate(new Set(['p:a']));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([false, true, false]);
    cache.invalidate('all');
    expect(cache.get('b')).toBeUndefined();
  });

  it('refuses an answer computed before a change that touches it, keeps one the change does not touch', () => {
    const cache = new ResponseCache({ maxEntries: 100, maxBytes: 1 << 20 });
    cache.setLive(true);
    const started = cache.generation();
    cache.invalidate(new Set(['p:a']));
    expect(cache.set('a', entry('a'), started, undefined, ['p:a'])).toBe(false);
    expect(cache.set('b', entry('b'), started, undefined, ['p:b'])).toBe(true);
  });

  it('concurrent misses of one key wait for the first computation; the tags of what a render read are collected', async () => {
    const { cache, runs, get, hold } = setup();
    cache.setLive(true);
    const release = hold();
    const first = get('/api/public/categories');
    await new Promise((r) => setTimeout(r, 10));
    const second = get('/api/public/categories');
    await new Promise((r) => setTimeout(r, 10));
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(runs.categories).toBe(1);
    expect([a.headers.get('X-Cache'), b.headers.get('X-Cache')]).toEqual(['miss', 'hit']);
    const [, tags] = await cache.collectTags(async () => {
      await get('/api/public/categories');
      await get('/api/public/places/blue-cafe');
    });
    expect(tags.sort()).toEqual(['cats', 'p:blue-cafe']);
    const [, unknown] = await cache.collectTags(async () => { await get('/api/public/places/blue-cafe/share'); });
    expect(unknown).toEqual(['any']);
  });
});
