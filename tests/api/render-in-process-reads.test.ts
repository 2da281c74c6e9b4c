import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/server/http/response-cache.ts';
import { clearSearchCaches } from '../../src/server/queries/search-queries.ts';
import { createPageRenderer } from '../../src/server/render/renderer.ts';
import * as entry from '../../src/entry-server.tsx';
import { testApp } from '../helpers/api.ts';
import { createScratchDatabase, seedOlayaCafes, type ScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * Decision 064: a page's data already in the response cache is read from there by the renderer, without a request
 * through the API in process (no `Request`, middleware, `Response` or stream read per answer) — the same bytes the
 * API would answer, so the same document, the same hydration state and the same cache tags.
 */
let db: ScratchDatabase;
const template = readFileSync('index.html', 'utf8');

beforeAll(async () => {
  db = await createScratchDatabase();
  await seedOlayaCafes(db.sql, 4);
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

/** A rendered document with its request-time values blanked: React Query's timestamps. */
const timeless = (html: string) => html.replace(/"(dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g, '"$1":0');

/** A page renderer over the test app with `cache`, and the API paths it asked for (in order). */
function recordingRenderer(cache: ResponseCache) {
  const app = testApp(db.sql, { responseCache: cache });
  const asked: string[] = [];
  const render = createPageRenderer({
    template, noncePlaceholder: 'DALIL_CSP_NONCE', manifest: null, entry, cache, publicUrl: 'https://dalil.test',
    api: (path, init) => {
      asked.push(path);
      return Promise.resolve(app.request(path, init));
    },
  });
  return { render, asked };
}

describe('the renderer reads cached answers in process (decision 064)', () => {
  it('a page whose answers are cached asks the API for none of them, and renders the same document with the same tags', async () => {
    // one minute throughout (entries last the minute they were made in): a run across a minute's end is no miss
    const cache = new ResponseCache({ maxEntries: 100, maxBytes: 8 << 20, onInvalidate: clearSearchCaches, now: () => 0 });
    cache.setLive(true);
    const { render, asked } = recordingRenderer(cache);
    // two addresses of one page (an unknown query parameter): two stored pages, the same API answers
    for (const [path, lang] of [['/p/place-1', 'en'], ['/p/place-2/ar', 'ar'], ['/places?sort=name-desc', 'en'], ['/ar', 'ar']] as const) {
      const sep = path.includes('?') ? '&' : '?';
      asked.length = 0;
      const first = (await render(new Request(`https://dalil.test${path}${sep}v=1`), { nonce: 'n' }))!;
      expect(first.status, path).toBe(200);
      const firstHtml = await first.text();
      expect(asked.length, `${path}: the first render reads its answers through the API`).toBeGreaterThan(0);
      asked.length = 0;
      const second = (await render(new Request(`https://dalil.test${path}${sep}v=2`), { nonce: 'n' }))!;
      expect(second.status, path).toBe(200);
      expect(second.headers.get('x-cache'), path).toBe('miss');
      expect(asked, `${path}: every answer was in the cache`).toEqual([]);
      expect(timeless(await second.text()), path).toBe(timeless(firstHtml));
      const key = (v: number) => {
        const url = new URL(`https://dalil.test${path}${sep}v=${v}`);
        const params = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : 1));
        return `HTML ${url.pathname}?${new URLSearchParams(params).toString()}\n${lang}\nlight`;
      };
      const tags = cache.tagsOf(key(2));
      expect(tags, path).toBeDefined();
      expect(tags!.length, path).toBeGreaterThan(0);
      expect([...tags!].sort(), path).toEqual([...cache.tagsOf(key(1))!].sort());
    }
  });

  it('reads through the API while the cache is not serving, and for what it does not keep', async () => {
    // one minute throughout (entries last the minute they were made in): a run across a minute's end is no miss
    const cache = new ResponseCache({ maxEntries: 100, maxBytes: 8 << 20, onInvalidate: clearSearchCaches, now: () => 0 });
    const { render, asked } = recordingRenderer(cache);
    // not live (the change notifications are not flowing): nothing is served from the cache
    for (let i = 0; i < 2; i++) {
      asked.length = 0;
      const res = (await render(new Request(`https://dalil.test/p/place-3?v=${i}`), { nonce: 'n' }))!;
      expect(res.status).toBe(200);
      expect(asked).toContain('/api/public/places/place-3');
    }
  });
});
