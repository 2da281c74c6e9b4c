import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiApp } from '../../src/server/http/app-deps.ts';
import { listenForChanges, type ChangeListener } from '../../src/server/db/change-listener.ts';
import { createPublicCaches } from '../../src/server/public-caches.ts';
import type { ResponseCache } from '../../src/server/http/response-cache.ts';
import { testApp } from '../helpers/api.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

// Decision 031: the map's clustering indexes are kept in memory (as the Node server wires them) and
// rebuilt after any change of the public data — also one made directly in the database.
let db: ScratchDatabase;
let cache: ResponseCache;
let listener: ChangeListener;
let app: ApiApp;
const BBOX = '46,24,47,25';

const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 8000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Markers in the view at street zoom (every place alone), bypassing the response cache (not the index). */
async function placesInView(): Promise<string[]> {
  const res = await app.request(`/api/public/map/markers?bbox=${BBOX}&zoom=17`, { headers: { 'Cache-Control': 'no-cache' } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { places: { slug: string }[] } }).data.places.map((p) => p.slug).sort();
}

beforeAll(async () => {
  db = await createScratchDatabase();
  await db.sql`insert into public.categories (slug, name) values ('cafes', 'Cafes')`;
  await db.sql`insert into public.places (slug, name, category_id, latitude, longitude)
               select 'place-' || i, 'Place ' || i, (select id from public.categories where slug = 'cafes'), 24.5 + i * 0.01, 46.5
               from generate_series(1, 3) i`;
  const caches = createPublicCaches({ maxEntries: 100, maxBytes: 1 << 20 });
  cache = caches.responseCache;
  listener = listenForChanges(db.url, { onChange: () => cache.invalidate(), onLiveChange: (live) => cache.setLive(live), retryMs: 100 });
  app = testApp(db.sql, { responseCache: cache, markerIndexes: caches.markerIndexes });
  await until('the LISTEN', () => cache.live);
});

afterAll(async () => {
  await listener?.stop();
  await db?.drop();
});

describe('map clustering index cache against real Postgres', () => {
  it('answers views from the kept index, and from a rebuilt one after a direct SQL change', async () => {
    expect(await placesInView()).toEqual(['place-1', 'place-2', 'place-3']);
    // a change the API did not make: only the notification can tell
    await db.sql`insert into public.places (slug, name, category_id, latitude, longitude)
                 values ('place-new', 'New', (select id from public.categories where slug = 'cafes'), 24.9, 46.9)`;
    await until('the new place on the map', async () => (await placesInView()).includes('place-new'));
    await db.sql`delete from public.places where slug = 'place-1'`;
    await until('the deleted place gone', async () => !(await placesInView()).includes('place-1'));
    expect(await placesInView()).toEqual(['place-2', 'place-3', 'place-new']);
  });
});
