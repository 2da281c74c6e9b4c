import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as entry from '../../src/entry-server.tsx';
import { ResponseCache } from '../../src/server/http/response-cache.ts';
import { clearSearchCaches } from '../../src/server/queries/search-queries.ts';
import { createPageRenderer } from '../../src/server/render/renderer.ts';
import { testApp } from '../helpers/api.ts';
import { createScratchDatabase, seedOlayaCafes, type ScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * Issue #28: a server-rendered page asks for all its data as its render starts (each route's `handle.queries`,
 * src/app/route-data.ts), not one read after another as its components reach them — the layout's settings, then
 * the page's category, then the filters' zones, then the list: four waits in a row on a category's page. Every
 * answer here is held back 30 ms; a page whose reads are all asked before the first answer arrives waits once.
 * The reads are exactly those its components make (a read started but never used, or one the components still
 * ask later under another key, would show here) — but on a page of an unknown category or zone, whose list and
 * filter are asked for together with it and then not shown.
 */
const HOLD_MS = 30;
const template = readFileSync('index.html', 'utf8');
let db: ScratchDatabase;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  db = await createScratchDatabase();
  await seedOlayaCafes(db.sql, 3);
  app = testApp(db.sql);
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

interface Read { path: string; askedAt: number; answeredAt: number }

/** Renders `path` (uncached) with every API answer held back `HOLD_MS`; the page and the reads it made. */
async function renderWithReads(path: string) {
  const reads: Read[] = [];
  const cache = new ResponseCache({ maxEntries: 10, maxBytes: 1 << 20, onInvalidate: clearSearchCaches });
  const render = createPageRenderer({
    template, noncePlaceholder: 'DALIL_CSP_NONCE', manifest: null, entry, cache, publicUrl: 'https://dalil.test',
    api: async (apiPath, init) => {
      const read: Read = { path: apiPath, askedAt: performance.now(), answeredAt: Number.POSITIVE_INFINITY };
      reads.push(read);
      const res = await app.request(apiPath, init);
      await new Promise((r) => setTimeout(r, HOLD_MS));
      read.answeredAt = performance.now();
      return res;
    },
  });
  const res = (await render(new Request(`https://dalil.test${path}`, { headers: { 'cache-control': 'no-cache' } }), { nonce: 'n' }))!;
  return { status: res.status, html: await res.text(), reads };
}

const SETTINGS = '/api/website-settings';

describe("a page's data is asked for at once (route handles)", () => {
  /** The page, its status, the reads of its render, what it shows, and the reads the renderer makes after the render. */
  const pages: [path: string, status: number, reads: string[], shows: string, after?: string[]][] = [
    ['/p/place-2', 200, [SETTINGS, '/api/public/places/place-2'], 'Place 2'],
    ['/p/place-2/ar', 200, [SETTINGS, '/api/public/places/place-2'], 'مكان 2'],
    ['/', 200, [SETTINGS, '/api/public/categories', '/api/public/places?limit=6&sort=newest', '/api/public/zones'], 'Olaya'],
    ['/places?sort=name-desc&page=1', 200, [SETTINGS, '/api/public/categories', '/api/public/zones', '/api/public/places?page=1&limit=12&sort=name-desc'], 'Place 3'],
    ['/places/ar?q=place&zone=olaya', 200,
      [SETTINGS, '/api/public/categories', '/api/public/zones', '/api/public/places?page=1&limit=12&search=place&zoneSlug=olaya&lang=ar'], 'مكان 1'],
    ['/categories/cafes', 200,
      [SETTINGS, '/api/public/categories/cafes', '/api/public/zones', '/api/public/categories/cafes/places?page=1&limit=12&sort=name-asc'], 'Place 1'],
    ['/zones/olaya?open=1', 200,
      [SETTINGS, '/api/public/categories', '/api/public/zones/olaya', '/api/public/zones/olaya/places?page=1&limit=12&sort=name-asc&openNow=true'], 'Olaya'],
    // the map's markers are the browser's (CLIENT_ONLY_QUERIES)
    ['/map', 200, [SETTINGS, '/api/public/categories', '/api/public/zones'], '<h1'],
    ['/map/zones/olaya/ar', 200,
      [SETTINGS, '/api/public/categories', '/api/public/zones/olaya', '/api/public/zones/olaya/places?page=1&limit=12&sort=name-asc&lang=ar'], 'مكان 3'],
    ['/categories?q=caf', 200, [SETTINGS, '/api/public/categories?search=caf'], 'Cafes'],
    ['/search?q=place', 200, [SETTINGS, '/api/public/search?q=place&limit=24'], 'Place 1'],
    // a blank search asks for nothing (its query is disabled), as the page's component does
    ['/search', 200, [SETTINGS], '<h1'],
    // an unknown slug: after the render, the renderer asks whether it was merged into another place (decision 023)
    ['/p/no-such-place', 404, [SETTINGS, '/api/public/places/no-such-place'], '<h1', ['/api/public/places/no-such-place']],
    ['/categories/no-such-category', 404,
      [SETTINGS, '/api/public/categories/no-such-category', '/api/public/zones', '/api/public/categories/no-such-category/places?page=1&limit=12&sort=name-asc'], '<h1'],
  ];

  it.each(pages)('%s: every read is asked before the first answer, and only the reads the page uses', async (path, status, expected, shows, after = []) => {
    const { status: got, html, reads } = await renderWithReads(path);
    expect(got).toBe(status);
    expect(html).toContain(shows);
    expect(reads.map((r) => r.path).sort()).toEqual([...expected, ...after].sort());
    const firstAnswer = Math.min(...reads.map((r) => r.answeredAt));
    const late = reads.filter((r) => r.askedAt >= firstAnswer).map((r) => r.path);
    expect(late, 'reads asked only after an earlier answer arrived (a waterfall)').toEqual(after);
  });
});
