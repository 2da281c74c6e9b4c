import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiApp } from '../../src/server/http/app-deps.ts';
import { listenForChanges, type ChangeListener } from '../../src/server/db/change-listener.ts';
import { ResponseCache } from '../../src/server/http/response-cache.ts';
import { clearSearchCaches } from '../../src/server/queries/search-queries.ts';
import { createUser, testApp } from '../helpers/api.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

// A database of its own: notifications are per database, so other test files' writes cannot
// empty this cache between two requests of a test.
let db: ScratchDatabase;
let cache: ResponseCache;
let listener: ChangeListener;
let app: ApiApp;
let admin: Awaited<ReturnType<typeof createUser>>;
const liveChanges: boolean[] = [];

const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 8000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await app.request(`/api${path}`, { headers });
  return { status: res.status, cache: res.headers.get('X-Cache'), headers: res.headers, body: (await res.json()) as any };
}

beforeAll(async () => {
  db = await createScratchDatabase();
  await db.sql`insert into public.categories (slug, name) values ('cafes', 'Cafes'), ('banks', 'Banks')`;
  await db.sql`insert into public.zones (slug, title) values ('olaya', 'Olaya')`;
  await db.sql`insert into public.places (slug, name, category_id, zone_id)
               select 'place-' || i, 'Place ' || i, (select id from public.categories where slug = 'cafes'), (select id from public.zones where slug = 'olaya')
               from generate_series(1, 5) i`;
  // one minute throughout (entries last the minute they were made in): a run across a minute's end is no miss
  cache = new ResponseCache({ maxEntries: 100, maxBytes: 1 << 20, onInvalidate: clearSearchCaches, now: () => 0 });
  listener = listenForChanges(db.url, {
    onChange: () => cache.invalidate(),
    onLiveChange: (live) => {
      liveChanges.push(live);
      cache.setLive(live);
    },
    retryMs: 100,
  });
  app = testApp(db.sql, { responseCache: cache });
  admin = await createUser(db.sql, { role: 'admin' });
  await until('the LISTEN', () => cache.live);
});

afterAll(async () => {
  await listener?.stop();
  await db?.drop();
});

describe('response cache against real Postgres', () => {
  it('serves a repeat from memory with the same status, body and headers (apart from request id and CSP nonce)', async () => {
    const miss = await get('/public/categories');
    const hit = await get('/public/categories');
    expect([miss.cache, hit.cache]).toEqual(['miss', 'hit']);
    expect(hit.status).toBe(200);
    expect(hit.body).toEqual(miss.body);
    const comparable = (h: Headers) => Object.fromEntries([...h].filter(([n]) => !['x-request-id', 'x-cache'].includes(n))
      .map(([n, v]) => [n, n === 'content-security-policy' ? v.replace(/'nonce-[^']+'/, "'nonce-…'") : v]));
    expect(comparable(hit.headers)).toEqual(comparable(miss.headers));
    expect(hit.headers.get('access-control-allow-origin')).toBe('*');
    expect(hit.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers the same body in English and Arabic (no public answer cached depends on the language)', async () => {
    const en = await get('/public/places/place-1', { 'Accept-Language': 'en' });
    const ar = await get('/public/places/place-1', { 'Accept-Language': 'ar' });
    expect(ar.cache).toBe('hit');
    expect(ar.body).toEqual(en.body);
    const fresh = await get('/public/places/place-1', { 'Accept-Language': 'ar', 'Cache-Control': 'no-cache' });
    expect(fresh.cache).toBe('bypass');
    expect(fresh.body).toEqual(en.body);
  });

  it('a write through the API empties the cache before its answer: the writer reads its own change', async () => {
    await get('/public/categories');
    expect((await get('/public/categories')).cache).toBe('hit');
    const res = await app.request('/api/admin/categories', {
      method: 'POST', headers: { ...admin.authHeader, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Pharmacies' }),
    });
    expect(res.status).toBe(201);
    const after = await get('/public/categories');
    expect(after.cache).toBe('miss');
    expect(after.body.data.map((c: any) => c.slug)).toContain('pharmacies');
  });

  it('a write made directly in SQL (Studio, psql) reaches the cache through the notification', async () => {
    await get('/public/places?categorySlug=cafes');
    expect((await get('/public/places?categorySlug=cafes')).cache).toBe('hit');
    await db.sql`update public.places set name = 'Renamed in Studio' where slug = 'place-2'`;
    await until('the notification', async () => (await get('/public/places?categorySlug=cafes')).body.data.some((p: any) => p.name === 'Renamed in Studio'));
    expect((await get('/public/places?categorySlug=cafes')).cache).toBe('hit');
  });

  it('after a change, search totals are fresh too (the search caches are emptied with it)', async () => {
    const before = await get('/public/places?search=zanzibar');
    expect(before.body.meta.total).toBe(0);
    await db.sql`insert into public.places (slug, name, category_id) values ('zanzibar-1', 'Zanzibar Juice', (select id from public.categories where slug = 'cafes'))`;
    await until('the notification', async () => (await get('/public/places?search=zanzibar')).body.meta.total === 1);
    const search = await get('/public/search?q=zanzibar');
    expect(search.body.data.places.map((p: any) => p.slug)).toEqual(['zanzibar-1']);
  });

  it('TRUNCATE and deletes notify too; every table a public answer reads has the trigger', async () => {
    const tables = await db.sql<{ t: string }[]>`
      select distinct c.relnamespace::regnamespace || '.' || c.relname as t
      from pg_trigger g join pg_class c on c.oid = g.tgrelid
      where g.tgname like 'notify_public_data_changed%' order by 1`;
    expect(tables.map((r) => r.t)).toEqual([
      'private.place_counts', 'private.search_terms', 'public.buildings', 'public.categories', 'public.place_slug_redirects', 'public.places',
      'public.website_settings', 'public.zones',
    ]);
    await get('/website-settings');
    expect((await get('/website-settings')).cache).toBe('hit');
    await db.sql`update public.website_settings set site_name = 'Dalil Test'`;
    await until('the notification', async () => (await get('/website-settings')).body.data.siteName === 'Dalil Test');
    await get('/public/zones');
    expect((await get('/public/zones')).cache).toBe('hit');
    await db.sql`delete from public.buildings where false`; // a statement that changes nothing still counts
    await until('the notification', async () => (await get('/public/zones')).cache === 'miss');
  });

  it('never serves an authenticated request from the cache, and never caches errors', async () => {
    await get('/public/categories');
    expect((await get('/public/categories')).cache).toBe('hit');
    const user = await createUser(db.sql);
    const authed = await get('/public/categories', user.authHeader);
    expect(authed.cache).toBe('bypass');
    const invalidToken = await get('/public/categories', { Authorization: 'Bearer nonsense' });
    expect(invalidToken.cache).toBe('bypass');
    for (let i = 0; i < 2; i++) {
      const missing = await get('/public/places/no-such-place');
      expect(missing.status).toBe(404);
      expect(missing.cache).toBe('miss');
    }
    const invalid = await get('/public/places?page=0');
    expect(invalid.status).toBe(400);
    expect((await get('/public/places?page=0')).cache).toBe('miss');
  });

  it('stops serving while the LISTEN connection is lost and starts empty once it is back', async () => {
    await get('/public/zones');
    expect((await get('/public/zones')).cache).toBe('hit');
    const dbName = new URL(db.url).pathname.slice(1);
    await db.sql`select pg_terminate_backend(pid) from pg_stat_activity
                 where application_name = 'city-directory-api-listen' and datname = ${dbName}`;
    await until('the loss to be noticed', () => !cache.live);
    expect((await get('/public/zones')).cache).toBe('bypass');
    await until('the LISTEN to come back', () => cache.live);
    expect(liveChanges.slice(-2)).toEqual([false, true]);
    expect((await get('/public/zones')).cache).toBe('miss');
    // and notifications flow again
    await get('/public/zones');
    await db.sql`update public.zones set title = 'Olaya North' where slug = 'olaya'`;
    await until('the notification', async () => (await get('/public/zones')).body.data[0].title === 'Olaya North');
  });
});
