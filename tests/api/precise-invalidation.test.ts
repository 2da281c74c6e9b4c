import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForChanges, type ChangeListener } from '../../src/server/db/change-listener.ts';
import { parseChangePayload } from '../../src/server/http/cache-tags.ts';
import type { ApiApp } from '../../src/server/http/app-deps.ts';
import { createPublicCaches } from '../../src/server/public-caches.ts';
import type { ResponseCache } from '../../src/server/http/response-cache.ts';
import { createPageRenderer } from '../../src/server/render/renderer.ts';
import * as entry from '../../src/entry-server.tsx';
import { createUser, testApp } from '../helpers/api.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * Decision 042: a change drops only the cached answers and rendered pages that show (or showed) what it
 * changed — on the instance that wrote it at once, on every other instance on the same database through
 * the change notification — whether the write comes through the API or straight from SQL (Studio, psql).
 */
let db: ScratchDatabase;
let admin: Awaited<ReturnType<typeof createUser>>;
const payloads: string[] = [];
let tap: ChangeListener;
interface Instance { cache: ResponseCache; listener: ChangeListener; app: ApiApp; render: ReturnType<typeof createPageRenderer> }
const instances: Instance[] = [];
const template = readFileSync('index.html', 'utf8');

const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 8000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

beforeAll(async () => {
  db = await createScratchDatabase();
  await db.sql`insert into public.categories (slug, name) values ('cafes', 'Cafes'), ('banks', 'Banks')`;
  await db.sql`insert into public.zones (slug, title) values ('olaya', 'Olaya'), ('malaz', 'Malaz')`;
  // nine cafes in Olaya (a cafe's related places: six other Olaya cafes by name), three banks in Malaz
  await db.sql`insert into public.places (slug, name, category_id, zone_id, phone)
               select 'cafe-' || i, 'Cafe ' || i, (select id from public.categories where slug = 'cafes'), (select id from public.zones where slug = 'olaya'), '+966500000001'
               from generate_series(1, 9) i`;
  await db.sql`insert into public.places (slug, name, category_id, zone_id, phone)
               select 'bank-' || i, 'Bank ' || i, (select id from public.categories where slug = 'banks'), (select id from public.zones where slug = 'malaz'), '+966500000002'
               from generate_series(1, 3) i`;
  // thirteen pharmacies without a zone, inserted last: the second page of every name-ordered list of all places, and
  // (but Pharmacy 01) the newest page
  await db.sql`insert into public.categories (slug, name) values ('pharmacies', 'Pharmacies')`;
  await db.sql`insert into public.places (slug, name, category_id, phone)
               select 'pharmacy-' || to_char(i, 'FM00'), 'Pharmacy ' || to_char(i, 'FM00'), (select id from public.categories where slug = 'pharmacies'), '+966500000003'
               from generate_series(1, 13) i`;
  admin = await createUser(db.sql, { role: 'admin' });
  tap = listenForChanges(db.url, { onChange: (p) => payloads.push(p), onLiveChange: () => {}, retryMs: 100 });
  // two server instances on one database, each with its own caches and LISTEN connection, wired as node.ts does
  for (let i = 0; i < 2; i++) {
    // a fixed clock: this file is about what a change drops, so an entry stored a moment before a minute
    // boundary must not be dropped for its minute (response-cache.ts, "The clock"; tested there)
    const { responseCache: cache, markerIndexes } = createPublicCaches({ maxEntries: 500, maxBytes: 16 << 20, now: () => 0 });
    // the production heartbeat (every 5 s, 2 s of free event-loop time): a heartbeat answered while a render
    // blocks the loop is late, not lost (tests/api/change-listener.test.ts)
    const listener = listenForChanges(db.url, {
      onChange: (payload) => cache.invalidate(parseChangePayload(payload)), onLiveChange: (live) => cache.setLive(live), retryMs: 100,
    });
    const app = testApp(db.sql, { responseCache: cache, markerIndexes });
    const render = createPageRenderer({
      template, noncePlaceholder: 'DALIL_CSP_NONCE', manifest: null, entry, cache, publicUrl: 'https://dalil.test',
      api: (path, init) => Promise.resolve(app.request(path, init)),
    });
    instances.push({ cache, listener, app, render });
  }
  await until('the LISTEN connections', () => instances.every((x) => x.cache.live) && tap.live);
}, 60_000);

afterAll(async () => {
  for (const x of instances) await x.listener.stop();
  await tap?.stop();
  await db?.drop();
});

async function get(i: number, path: string) {
  const res = await instances[i]!.app.request(`/api${path}`);
  return { status: res.status, cache: res.headers.get('X-Cache'), body: (await res.json()) as any };
}
async function page(i: number, path: string) {
  const res = (await instances[i]!.render(new Request(`https://dalil.test${path}`), { nonce: `n${i}${Date.now()}` }))!;
  return { status: res.status, cache: res.headers.get('x-cache'), html: await res.text() };
}
const idOf = async (slug: string) => Number((await db.sql<{ id: string }[]>`select id from public.places where slug = ${slug}`)[0]!.id);
async function putPlace(slug: string, body: Record<string, unknown>) {
  const res = await instances[0]!.app.request(`/api/admin/places/${await idOf(slug)}`, {
    method: 'PUT', headers: { ...admin.authHeader, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}
/** Waits until every notification sent so far has reached the tap (and so, most likely, the instances). */
async function settle() {
  await db.sql`select pg_notify('public_data_changed', 'p:__settle__')`;
  await until('the settle notification', () => payloads.includes('p:__settle__'));
  payloads.length = 0;
}

const JSON_PATHS = [
  '/public/places/cafe-1', '/public/places/cafe-8', '/public/places/bank-1', '/public/places?categorySlug=banks',
  '/public/places?categorySlug=cafes', '/public/places', '/public/zones/malaz/places', '/public/search?q=cafe', '/public/categories/banks',
];

describe('precise invalidation (decision 042)', () => {
  it('a change notification names what changed: old and new slugs, category, zone, and `*` for what it cannot bound', async () => {
    await settle();
    await db.sql`update public.places set zone_id = (select id from public.zones where slug = 'malaz'), slug = 'cafe-9-moved' where slug = 'cafe-9'`;
    await until('the notification', () => payloads.length > 0);
    const tags = parseChangePayload(payloads[0]!);
    expect(tags).not.toBe('all');
    expect([...(tags as Set<string>)]).toEqual(expect.arrayContaining([
      'p:cafe-9', 'p:cafe-9-moved', 'pl:*:*', 'pl:cafes:*', 'pl:*:olaya', 'pl:*:malaz', 'pl:cafes:olaya', 'pl:cafes:malaz',
      'z:olaya', 'z:malaz', 'rel:cafes:olaya', 'rel:cafes:malaz', 'mk:cafes:malaz', 'mk:cafes:olaya', 'zones', 'search',
    ]));
    expect(tags).not.toContain('pl:banks:*');
    expect(tags).not.toContain('c:cafes'); // a move within the category leaves its count
    await db.sql`update public.places set zone_id = (select id from public.zones where slug = 'olaya'), slug = 'cafe-9' where slug = 'cafe-9-moved'`;
    await settle();

    // a phone edit is not a move: neither related lists nor markers nor counts
    await db.sql`update public.places set phone = '+966500000009' where slug = 'bank-3'`;
    await until('the notification', () => payloads.length > 0);
    const edit = parseChangePayload(payloads[0]!) as Set<string>;
    // nor the lists' order or totals: the lists that show it carry its `p:` tag (decision 076)
    expect([...edit].sort()).toEqual(['p:bank-3', 'search']);
    await settle();

    // the derived tables' trigger-made changes are covered by the place's own notification: no `*`
    await db.sql`insert into public.places (slug, name, category_id) values ('kiosk-1', 'Kiosk Zephyr', (select id from public.categories where slug = 'banks'))`;
    await db.sql`delete from public.places where slug = 'kiosk-1'`;
    await settle();
    await db.sql`insert into public.places (slug, name, category_id) values ('kiosk-1', 'Kiosk Zephyr', (select id from public.categories where slug = 'banks'))`;
    await until('the notification', () => payloads.length > 0);
    await settle();
    await db.sql`delete from public.places where slug = 'kiosk-1'`;
    await until('the notification', () => payloads.length > 0);
    expect(payloads.filter((p) => p === '*')).toEqual([]);

    // unbounded reach: a category rename (on every card), a direct edit of the counts, a bulk statement
    await settle();
    await db.sql`update public.categories set name = 'Banks & ATMs' where slug = 'banks'`;
    await db.sql`update private.place_counts set n = n where false`;
    // (the rename also rewrites the search text of the category's places: their own tags come too)
    await until('two notifications', () => payloads.filter((p) => p === '*').length >= 2);
    await settle();
    await db.sql`insert into public.places (slug, name, category_id)
                 select 'bulk-' || i, 'Bulk ' || i, (select id from public.categories where slug = 'banks') from generate_series(1, 201) i`;
    await db.sql`delete from public.places where slug like 'bulk-%'`;
    await until('two notifications', () => payloads.length >= 2);
    expect(payloads).toEqual(['*', '*']);
    await settle();
  });

  it('an API write drops its place and the lists showing it on both instances, and leaves another place\'s answers in place', async () => {
    for (const i of [0, 1]) for (const path of JSON_PATHS) await get(i, path);
    for (const i of [0, 1]) for (const path of JSON_PATHS) expect([i, path, (await get(i, path)).cache]).toEqual([i, path, 'hit']);

    await putPlace('cafe-8', { phone: '+966511111111' });
    // the writing instance: at once, before any notification
    const fresh = await get(0, '/public/places/cafe-8');
    expect(fresh.cache).toBe('miss');
    expect(fresh.body.data.phone).toBe('+966511111111');
    const cafes = await get(0, '/public/places?categorySlug=cafes');
    expect(cafes.cache).toBe('miss');
    expect(cafes.body.data.find((p: any) => p.slug === 'cafe-8').phone).toBe('+966511111111');
    expect((await get(0, '/public/places')).cache).toBe('miss');
    expect((await get(0, '/public/search?q=cafe')).cache).toBe('miss');
    // untouched: another category's place, list and count; cafe-1, whose related places (cafe-2…7) do not include cafe-8
    for (const path of ['/public/places/bank-1', '/public/places?categorySlug=banks', '/public/zones/malaz/places', '/public/categories/banks', '/public/places/cafe-1']) {
      expect([path, (await get(0, path)).cache]).toEqual([path, 'hit']);
    }
    // the other instance: through the notification
    await until('instance 2 to drop cafe-8', async () => (await get(1, '/public/places/cafe-8')).body.data.phone === '+966511111111');
    expect((await get(1, '/public/places?categorySlug=cafes')).body.data.find((p: any) => p.slug === 'cafe-8').phone).toBe('+966511111111');
    for (const path of ['/public/places/bank-1', '/public/places?categorySlug=banks', '/public/zones/malaz/places', '/public/categories/banks', '/public/places/cafe-1']) {
      expect([path, (await get(1, path)).cache]).toEqual([path, 'hit']);
    }
  });

  it('a place shown among another\'s related places is fresh there too', async () => {
    await get(1, '/public/places/cafe-1');
    expect((await get(1, '/public/places/cafe-1')).cache).toBe('hit');
    await putPlace('cafe-3', { phone: '+966522222222' });
    await until('instance 2 to drop cafe-1 (it shows cafe-3)', async () =>
      (await get(1, '/public/places/cafe-1')).body.data.related.find((p: any) => p.slug === 'cafe-3')?.phone === '+966522222222');
  });

  it('a change that leaves the lists\' order alone (a phone) drops only the lists showing the place; a rename drops every list of its filters', async () => {
    const kept = ['/public/places', '/public/places?sort=newest', '/public/categories/pharmacies'];
    const showing = ['/public/places?page=2', '/public/categories/pharmacies/places'];
    for (const i of [0, 1]) for (const path of [...kept, ...showing, '/public/places/pharmacy-01']) await get(i, path);
    // rendered pages on instance 2 only: the server entry has one API per process (configureApi), here the last
    // one configured, instance 2's, whose cache collects the tags of what a render reads
    for (const path of ['/places', '/places?page=2']) await page(1, path);
    expect((await get(1, '/public/places')).body.data.map((p: any) => p.slug)).not.toContain('pharmacy-01');
    expect((await get(1, '/public/places?sort=newest')).body.data.map((p: any) => p.slug)).not.toContain('pharmacy-01');

    // Studio-style: every instance hears it through the notification
    await db.sql`update public.places set phone = '+966533333333' where slug = 'pharmacy-01'`;
    for (const i of [0, 1]) {
      await until(`instance ${i + 1} to drop pharmacy-01`, async () => (await get(i, '/public/places/pharmacy-01')).body.data.phone === '+966533333333');
      for (const path of showing) {
        const res = await get(i, path);
        expect([i, path, res.cache]).toEqual([i, path, 'miss']);
        expect(res.body.data.find((p: any) => p.slug === 'pharmacy-01').phone).toBe('+966533333333');
      }
      for (const path of kept) expect([i, path, (await get(i, path)).cache]).toEqual([i, path, 'hit']);
    }
    // rendered: the first page of the places list does not show it, the second does
    expect((await page(1, '/places')).cache).toBe('hit');
    const second = await page(1, '/places?page=2');
    expect(second.cache).toBe('miss');
    expect(second.html).toContain('Pharmacy 01');

    // a rename may move any place of its filters' lists: every such list goes, here the first page too
    await db.sql`update public.places set name = 'Pharmacy 00' where slug = 'pharmacy-13'`;
    for (const i of [0, 1]) {
      await until(`instance ${i + 1}: Pharmacy 00 first on page 2`, async () => (await get(i, '/public/places?page=2')).body.data[0].slug === 'pharmacy-13');
      expect([i, (await get(i, '/public/places')).cache]).toEqual([i, 'miss']);
      expect([i, (await get(i, '/public/categories/pharmacies')).cache]).toEqual([i, 'hit']);
    }
    expect((await page(1, '/places')).cache).toBe('miss');
    await db.sql`update public.places set name = 'Pharmacy 13' where slug = 'pharmacy-13'`;
    await settle();
  });

  it('a Studio-style SQL move from zone Olaya to Malaz refreshes the lists of both zones and leaves the other category alone', async () => {
    for (const i of [0, 1]) {
      for (const path of ['/public/zones/olaya/places', '/public/zones/malaz/places', '/public/zones', '/public/places/bank-2', '/public/places?categorySlug=banks']) await get(i, path);
    }
    await db.sql`update public.places set zone_id = (select id from public.zones where slug = 'malaz') where slug = 'cafe-7'`;
    for (const i of [0, 1]) {
      await until(`instance ${i + 1}: cafe-7 in Malaz`, async () => (await get(i, '/public/zones/malaz/places')).body.data.some((p: any) => p.slug === 'cafe-7'));
      expect((await get(i, '/public/zones/olaya/places')).body.data.some((p: any) => p.slug === 'cafe-7')).toBe(false);
      const zones = (await get(i, '/public/zones')).body.data;
      expect(zones.find((z: any) => z.slug === 'malaz').placesCount).toBe(4);
      expect((await get(i, '/public/places/bank-2')).cache).toBe('hit');
      expect((await get(i, '/public/places?categorySlug=banks')).cache).toBe('hit');
    }
  });

  it('rendered pages: a write drops its place page and the pages listing it, not another place\'s page', async () => {
    const paths = ['/p/bank-1', '/p/cafe-5', '/', '/places', '/categories/cafes', '/categories/banks'];
    for (const path of paths) expect([path, (await page(1, path)).status]).toEqual([path, 200]);
    for (const path of paths) expect([path, (await page(1, path)).cache]).toEqual([path, 'hit']);

    await putPlace('cafe-5', { name: 'Cafe Five Renamed' });
    await until('instance 2 to drop the place page', async () => (await page(1, '/p/cafe-5')).html.includes('Cafe Five Renamed'));
    const list = await page(1, '/places');
    expect(list.cache).toBe('miss');
    expect(list.html).toContain('Cafe Five Renamed');
    expect((await page(1, '/categories/cafes')).html).toContain('Cafe Five Renamed');
    expect((await page(1, '/')).cache).toBe('miss');
    expect((await page(1, '/p/bank-1')).cache).toBe('hit');
    expect((await page(1, '/categories/banks')).cache).toBe('hit');
    // and on the writing instance at once
    expect((await page(0, '/p/cafe-5')).html).toContain('Cafe Five Renamed');
  });

  it('a lost LISTEN connection empties everything (notifications sent meanwhile are lost)', async () => {
    await get(1, '/public/places/bank-1');
    expect((await get(1, '/public/places/bank-1')).cache).toBe('hit');
    const dbName = new URL(db.url).pathname.slice(1);
    const before = instances[1]!.cache.stats().invalidations;
    await db.sql`select pg_terminate_backend(pid) from pg_stat_activity
                 where application_name = 'city-directory-api-listen' and datname = ${dbName}`;
    // lost (everything dropped, nothing served), then back (dropped again: changes meanwhile were not heard)
    await until('the LISTEN to be lost and back', () => instances[1]!.cache.live && instances[1]!.cache.stats().invalidations >= before + 2);
    expect((await get(1, '/public/places/bank-1')).cache).toBe('miss');
  });
});
