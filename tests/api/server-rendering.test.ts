import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { LEAFLET_MAP_MODULE } from '../../src/shared/boot-data.ts';
import { listenForChanges, type ChangeListener } from '../../src/server/db/change-listener.ts';
import type { Tx } from '../../src/server/db/client.ts';
import { ResponseCache } from '../../src/server/http/response-cache.ts';
import { clearSearchCaches } from '../../src/server/queries/search-queries.ts';
import { acceptsGzip, createPageRenderer, PAGE_NONCE_HEADER, splitTemplateScripts } from '../../src/server/render/renderer.ts';
import { sitemapXml } from '../../src/server/render/sitemap.ts';
import * as entry from '../../src/entry-server.tsx';
import { createUser, testApp } from '../helpers/api.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * Decision 019: the public pages rendered by the server (src/server/render/renderer.ts with the app's own
 * routes, src/entry-server.tsx) — cached like the API's answers and emptied by the same change
 * notifications, also across two server instances on one database; ETag/304; JSON-LD every page carries;
 * the paged sitemap.
 */
let db: ScratchDatabase;
const instances: { cache: ResponseCache; listener: ChangeListener; render: ReturnType<typeof createPageRenderer>; app: ReturnType<typeof testApp> }[] = [];
let admin: Awaited<ReturnType<typeof createUser>>;
let writer: ReturnType<typeof testApp>;
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
  await db.sql`insert into public.categories (slug, name, name_ar) values ('cafes', 'Cafes', 'مقاهي'), ('pharmacies', 'Pharmacies', 'صيدليات')`;
  await db.sql`insert into public.zones (slug, title, title_ar) values ('olaya', 'Olaya', 'العليا')`;
  await db.sql`insert into public.places (slug, name, name_ar, category_id, zone_id, phone, website_url, latitude, longitude, address)
               select 'place-' || i, 'Place ' || i, 'مكان ' || i, (select id from public.categories where slug = 'cafes'),
                      (select id from public.zones where slug = 'olaya'), '+966500000000', 'https://example.com', 24.7, 46.6, 'King Fahd Rd'
               from generate_series(1, 5) i`;
  admin = await createUser(db.sql, { role: 'admin' });
  // two server instances on one database, each with its own cache and LISTEN connection
  for (let i = 0; i < 2; i++) {
    // one minute throughout (entries last the minute they were made in): a run across a minute's end is no miss
    const cache = new ResponseCache({ maxEntries: 100, maxBytes: 8 << 20, onInvalidate: clearSearchCaches, now: () => 0 });
    const listener = listenForChanges(db.url, { onChange: () => cache.invalidate(), onLiveChange: (live) => cache.setLive(live), retryMs: 100 });
    const app = testApp(db.sql, { responseCache: cache });
    if (i === 0) writer = app;
    const render = createPageRenderer({
      template, noncePlaceholder: 'DALIL_CSP_NONCE', manifest: null, entry, cache, publicUrl: 'https://dalil.test',
      api: (path, init) => Promise.resolve(app.request(path, init)),
    });
    instances.push({ cache, listener, render, app });
  }
  await until('both LISTEN connections', () => instances.every((x) => x.cache.live));
}, 60_000);

afterAll(async () => {
  for (const x of instances) await x.listener.stop();
  await db?.drop();
});

const page = async (i: number, path: string, headers: Record<string, string> = {}) => {
  const res = (await instances[i]!.render(new Request(`https://dalil.test${path}`, { headers }), { nonce: `nonce${i}${Date.now()}` }))!;
  return { status: res.status, cache: res.headers.get('x-cache'), etag: res.headers.get('etag'), nonce: res.headers.get(PAGE_NONCE_HEADER), headers: res.headers, html: await res.text() };
};

const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, any>);

describe('server-rendered pages', () => {
  it('renders a place with its content, head and structured data, in English and Arabic', async () => {
    const en = await page(0, '/p/place-1');
    expect(en.status).toBe(200);
    expect(en.html).toContain('<title>Place 1 — Cafes, Olaya | Dalil</title>');
    // the name's direction is isolated inside the heading (decision 044)
    expect(en.html).toMatch(/<h1[^>]*><bdi>Place 1<\/bdi><\/h1>/);
    expect(en.html).toContain('<link rel="canonical" href="https://dalil.test/p/place-1">');
    expect(en.html).toContain('<link rel="alternate" hreflang="ar" href="https://dalil.test/p/place-1/ar">');
    const ar = await page(0, '/p/place-1/ar');
    expect(ar.html).toContain('<title>مكان 1 — مقاهي، العليا | دليل</title>');
    expect(ar.html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(ar.html).toContain('<meta property="og:locale" content="ar_SA">');
  });

  it('starts its scripts after the first paint: no script or modulepreload tag, a list for the inline starter (decision 037)', async () => {
    const { html } = await page(0, '/p/place-1');
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    const listed = /<script type="application\/json" id="dalil-scripts">(.*?)<\/script>/s.exec(html);
    expect(listed).not.toBeNull();
    const scripts = JSON.parse(listed![1]!) as { entry: string; preload: string[] };
    // the template's entry and modulepreloads (here the source index.html: its entry is src/main.tsx)
    const named = splitTemplateScripts(template);
    expect(named.entry).toBe('/src/main.tsx');
    expect(scripts.entry).toBe(named.entry);
    expect(scripts.preload).toEqual(expect.arrayContaining(named.preload));
    // and the starter that reads it (inlined by the build, allowed by its hash)
    expect(html).toContain('<script src="/inline/scripts-after-paint.js"></script>');
  });

  it('splitTemplateScripts takes the entry and its modulepreloads out of the built template', () => {
    const built = '<head><title>x</title>\n    <script type="module" crossorigin src="/assets/index-A.js" nonce="N"></script>\n    <link rel="modulepreload" crossorigin href="/assets/a-B.js" nonce="N">\n    <link rel="modulepreload" crossorigin href="/assets/b-C.js" nonce="N">\n  </head>';
    expect(splitTemplateScripts(built)).toEqual({ html: '<head><title>x</title>\n    </head>', entry: '/assets/index-A.js', preload: ['/assets/a-B.js', '/assets/b-C.js'] });
    expect(splitTemplateScripts('<head></head>')).toEqual({ html: '<head></head>', entry: null, preload: [] });
  });

  it('map pages preload their route and Leaflet with the entry (scripts and styles), other pages do not', async () => {
    const manifest = {
      'index.html': { file: 'assets/entry.js', isEntry: true },
      'src/app/routes/public/map.tsx': { file: 'assets/map.js', imports: ['_shared.js'] },
      'src/app/routes/public/map-zone.tsx': { file: 'assets/map-zone.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      [LEAFLET_MAP_MODULE]: { file: 'assets/leaflet-map.js', css: ['assets/leaflet-map.css'] },
    };
    const render = createPageRenderer({
      template, noncePlaceholder: 'DALIL_CSP_NONCE', manifest, entry, publicUrl: 'https://dalil.test',
      api: (path, init) => Promise.resolve(writer.request(path, init)),
    });
    const html = async (path: string) => (await render(new Request(`https://dalil.test${path}`), { nonce: 'n' }))!.text();
    const map = await html('/map/ar');
    for (const file of ['map.js', 'shared.js', 'leaflet-map.js']) expect(map).toContain(`<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/${file}">`);
    expect(map).toContain('<link rel="preload" as="style" fetchpriority="low" href="/assets/leaflet-map.css">');
    expect(await html('/map/zones/olaya')).toContain('href="/assets/map-zone.js"');
    const places = await html('/places');
    expect(places).not.toContain('leaflet-map');
    expect(places).not.toContain('/assets/map.js');
  });

  it('home, places, categories and map each describe themselves (meta description), in English and Arabic', async () => {
    const description = (html: string) => /<meta name="description" content="([^"]*)">/.exec(html)?.[1];
    const [settings] = await db.sql`select site_description, site_description_ar from public.website_settings`;
    for (const lang of ['en', 'ar'] as const) {
      const suffix = lang === 'ar' ? '/ar' : '';
      const found = new Map<string, string | undefined>();
      for (const path of ['/', '/places', '/categories', '/map']) found.set(path, description((await page(0, `${path === '/' ? '' : path}${suffix}` || '/')).html));
      expect(found.get('/'), lang).toBe(lang === 'ar' ? settings.site_description_ar : settings.site_description);
      expect(new Set(found.values()).size, `${lang}: ${JSON.stringify([...found])}`).toBe(4);
      for (const [path, text] of found) expect(text?.length, `${lang} ${path}`).toBeGreaterThan(40);
    }
    expect(description((await page(0, '/places/ar')).html)).toMatch(/[\u0600-\u06FF]/);
    expect(description((await page(0, '/places')).html)).toMatch(/^Every place/);
  });

  it('every page carries valid JSON-LD with the properties schema.org requires', async () => {
    const pages = ['/', '/ar', '/places', '/categories', '/categories/cafes', '/zones/olaya', '/p/place-2', '/p/place-2/ar'];
    for (const path of pages) {
      const { html, status } = await page(1, path);
      expect(status, path).toBe(200);
      const blocks = jsonLd(html);
      expect(blocks.length, path).toBeGreaterThan(0);
      for (const block of blocks) {
        expect(block['@context'], path).toBe('https://schema.org');
        if (block['@type'] === 'BreadcrumbList') {
          expect(block.itemListElement.length, path).toBeGreaterThan(1);
          block.itemListElement.forEach((item: any, i: number) => {
            expect(item).toMatchObject({ '@type': 'ListItem', position: i + 1 });
            expect(item.name).toBeTruthy();
            expect(item.item).toMatch(/^https:\/\/dalil\.test\//);
          });
        } else if (block['@type'] === 'WebSite') {
          expect(block.url).toMatch(/^https:\/\/dalil\.test\//);
          expect(block.potentialAction['@type']).toBe('SearchAction');
          expect(block.potentialAction.target.urlTemplate).toContain('{search_term_string}');
          expect(block.potentialAction['query-input']).toBe('required name=search_term_string');
        } else {
          // the place: the category's schema.org type (cafes → CafeOrCoffeeShop)
          expect(block['@type'], path).toBe('CafeOrCoffeeShop');
          expect(block).toMatchObject({ telephone: '+966500000000', sameAs: ['https://example.com'] });
          expect(block.name).toBeTruthy();
          expect(block.alternateName).toBeTruthy();
          expect(block.address['@type']).toBe('PostalAddress');
          expect(block.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 24.7, longitude: 46.6 });
          expect(block.url).toMatch(/^https:\/\/dalil\.test\/p\/place-2/);
        }
      }
    }
    expect(jsonLd((await page(1, '/')).html).map((b) => b['@type'])).toEqual(['WebSite']);
  });

  it('unknown slugs and paths answer 404 with the not-found page and noindex', async () => {
    for (const path of ['/p/nope', '/categories/nope', '/zones/nope', '/what/ever']) {
      const res = await page(0, path);
      expect(res.status, path).toBe(404);
      expect(res.html, path).toContain('data-page-not-found');
      expect(res.html, path).toContain('<meta name="robots" content="noindex">');
    }
  });

  it('a page whose data could not be read (database unavailable) answers 503, not stored, and the next request renders it whole', async () => {
    // a third instance whose API answers the place with the outage envelope once (as the outage guard does).
    // The entry's API transport is one per process (configureApi): afterwards it goes back to the instances' app, as
    // the last renderer created in beforeAll left it, so later tests do not read through this instance's cache.
    onTestFinished(() => entry.configureApi((path, init) => Promise.resolve(instances.at(-1)!.app.request(path, init))));
    // one minute throughout (entries last the minute they were made in): a run across a minute's end is no miss
    const cache = new ResponseCache({ maxEntries: 100, maxBytes: 8 << 20, onInvalidate: clearSearchCaches, now: () => 0 });
    cache.setLive(true);
    const app = testApp(db.sql, { responseCache: cache });
    let failures = 1;
    const render = createPageRenderer({
      template, noncePlaceholder: 'DALIL_CSP_NONCE', manifest: null, entry, cache, publicUrl: 'https://dalil.test',
      api: (path, init) => {
        if (path.startsWith('/api/public/places/place-3') && failures-- > 0) {
          return Promise.resolve(Response.json({ success: false, error: { code: 'database_unavailable', message: 'The database is unavailable' } }, { status: 503 }));
        }
        return Promise.resolve(app.request(path, init));
      },
    });
    const get = async () => {
      const res = (await render(new Request('https://dalil.test/p/place-3'), { nonce: `n${Date.now()}` }))!;
      return { status: res.status, cacheControl: res.headers.get('cache-control'), retryAfter: res.headers.get('retry-after'), cache: res.headers.get('x-cache'), html: await res.text() };
    };
    const failed = await get();
    expect(failed.status).toBe(503);
    expect(failed.cacheControl).toBe('no-store');
    expect(Number(failed.retryAfter)).toBeGreaterThan(0);
    expect(failed.html).not.toContain('<bdi>Place 3</bdi>');
    // the browser asks again for what failed: the failed answer is not in the hydration state
    expect(failed.html).not.toContain('database_unavailable');
    const next = await get();
    expect(next.status).toBe(200);
    expect(next.cache).toBe('miss');
    expect(next.html).toContain('<bdi>Place 3</bdi>');
    expect((await get()).cache).toBe('hit');
  });

  it('the page of a slug merged into another place answers 301 to the kept place, in both languages (decision 023)', async () => {
    await db.sql`insert into public.places (slug, name, category_id) values ('merged-away', 'Merged Away', (select id from public.categories where slug = 'cafes'))`;
    expect((await page(0, '/p/merged-away')).status).toBe(200);
    const ids = await db.sql`select id, slug from public.places where slug in ('merged-away', 'place-1') order by slug`;
    const keep = ids.find((r) => r.slug === 'place-1')!;
    const remove = ids.find((r) => r.slug === 'merged-away')!;
    const merge = await writer.request('/api/admin/duplicates/merge', {
      method: 'POST', headers: { Authorization: `Bearer ${admin.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ keepId: Number(keep.id), removeId: Number(remove.id) }),
    });
    expect(merge.status).toBe(200);
    await until('the merge reaches the cache', async () => (await page(0, '/p/merged-away')).status === 301);
    const en = await page(0, '/p/merged-away?x=1');
    expect(en.headers.get('location')).toBe('/p/place-1?x=1');
    const ar = await page(1, '/p/merged-away/ar');
    expect(ar.status).toBe(301);
    expect(ar.headers.get('location')).toBe('/p/place-1/ar');
  });

  it('renders each public page in one pass: the whole tree once, its data in place, no outlined boundary (decision 041)', async () => {
    const pages: [string, string, string][] = [
      ['/', '["places","en","all"', 'Place 5'],
      ['/places?sort=name-desc', '["places","en","all"', 'Place 4'],
      ['/p/place-1/ar', '["places","ar","detail","place-1"]', 'مكان 1'],
      ['/categories', '["categories","en"', 'Cafes'],
      ['/categories/cafes', '["places","en",{"kind":"category"', 'Place 3'],
      ['/zones/olaya', '["places","en",{"kind":"zone"', 'Place 2'],
      ['/search?q=place', '["search","en"', 'Place 1'],
      ['/map', '["zones","en"]', 'Olaya'],
      ['/p/no-such-place', '["places","en","detail","no-such-place"]', 'data-page-not-found'],
    ];
    for (const [path, key, text] of pages) {
      const url = new URL(`https://dalil.test${path}`);
      const lang = url.pathname.endsWith('/ar') ? 'ar' : 'en';
      const app = await entry.renderApp({ request: new Request(url), lang, theme: 'dark', nonce: 'n' });
      expect(app.renders, path).toBe(1);
      expect(app.html, path).toContain(text);
      // the page's data is in the state the browser hydrates from; nothing left waiting
      expect(app.state.queries.queries.map((q) => JSON.stringify(q.queryKey)).filter((k) => k.startsWith(key)), path).not.toEqual([]);
      expect(app.html, path).not.toMatch(/<script|<template/);
      // no loading state, but the map's (Leaflet draws it in the browser)
      expect(app.html.replace('<div aria-busy="true" aria-label="Map of places and buildings"', ''), path).not.toContain('aria-busy="true"');
    }
  });

  it('asks the API once per answer: the head is built from what the components received (decision 041)', async () => {
    const asked: string[] = [];
    const counting = createPageRenderer({
      template, noncePlaceholder: 'DALIL_CSP_NONCE', manifest: null, entry, publicUrl: 'https://dalil.test',
      api: (path, init) => {
        asked.push(path.replace(/\?.*/, ''));
        return Promise.resolve(writer.request(path, init));
      },
    });
    try {
      for (const path of ['/p/place-2', '/categories/cafes/ar', '/zones/olaya', '/map/zones/olaya']) {
        asked.length = 0;
        const res = (await counting(new Request(`https://dalil.test${path}`), { nonce: 'n' }))!;
        expect(res.status, path).toBe(200);
        expect(await res.text(), path).toMatch(/<title>(Place 2|مقاهي|Olaya)[^<]*<\/title>/);
        expect(asked.filter((p, i) => asked.indexOf(p) !== i), path).toEqual([]);
        expect(asked, path).toContain('/api/website-settings');
      }
    } finally {
      // later tests render through the first instance's API again
      entry.configureApi((path, init) => Promise.resolve(writer.request(path, init)));
    }
  });

  it('sends a gzip body to a client that accepts it, compressed once and kept with the stored page', async () => {
    const plain = await page(0, '/categories/ar', { 'cache-control': 'no-cache' });
    const first = (await instances[0]!.render(new Request('https://dalil.test/categories/ar', { headers: { 'accept-encoding': 'gzip, deflate, br' } }), { nonce: 'z' }))!;
    const second = (await instances[0]!.render(new Request('https://dalil.test/categories/ar', { headers: { 'accept-encoding': 'gzip' } }), { nonce: 'z' }))!;
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('vary')).toContain('Accept-Encoding');
    expect(second.headers.get('x-cache')).toBe('hit');
    const [a, b] = [new Uint8Array(await first.arrayBuffer()), new Uint8Array(await second.arrayBuffer())];
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
    expect(gunzipSync(a).toString('utf8').replace(/nonce[^"]*"[^"]*"/g, '')).toContain('<h1');
    expect(gunzipSync(a).length).toBeGreaterThan(a.length * 3);
    expect(plain.headers.get('content-encoding')).toBeNull();
    // the compressed body's validator is weak, and still answers If-None-Match
    expect(second.headers.get('etag')).toMatch(/^W\/"/);
    const revalidated = (await instances[0]!.render(new Request('https://dalil.test/categories/ar', { headers: { 'accept-encoding': 'gzip', 'if-none-match': second.headers.get('etag')! } }), { nonce: 'z' }))!;
    expect(revalidated.status).toBe(304);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('br, *;q=0.1')).toBe(true);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });

  it('is cached per path, language and theme, with an ETag; a stored page keeps its nonce', async () => {
    const first = await page(0, '/categories');
    const again = await page(0, '/categories');
    expect([first.cache, again.cache]).toEqual(['miss', 'hit']);
    expect(again.etag).toBe(first.etag);
    expect(again.nonce).toBe(first.nonce);
    expect(again.html).toContain(`nonce="${first.nonce}"`);
    expect(again.headers.get('cache-control')).toMatch(/s-maxage=\d+.*stale-while-revalidate=\d+/);
    const notModified = await page(0, '/categories', { 'If-None-Match': first.etag! });
    expect(notModified.status).toBe(304);
    expect(notModified.html).toBe('');
    const dark = await page(0, '/categories', { Cookie: 'dalil_theme=dark' });
    expect(dark.cache).toBe('miss');
    expect(dark.html).toMatch(/<html lang="en" dir="ltr" class="dark"/);
  });

  it('a write through one instance empties the other instance\'s cache (change notifications)', async () => {
    await page(1, '/categories');
    expect((await page(1, '/categories')).cache).toBe('hit');
    const res = await writer.request('/api/admin/categories', {
      method: 'POST', headers: { ...admin.authHeader, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Bakeries' }),
    });
    expect(res.status).toBe(201);
    await until('the other instance sees the new category', async () => (await page(1, '/categories')).html.includes('Bakeries'));
  });
});

describe('sitemaps', () => {
  it('an index of paged sitemaps, both languages with alternates and lastmod', async () => {
    const options = { sql: db.sql as unknown as Tx, origin: 'https://dalil.test', pageSize: 4 };
    const index = (await sitemapXml('/sitemap.xml', options))!;
    // 5 places, 2 per file (each place is two URLs): 3 files plus the section pages
    expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://dalil.test/sitemaps/pages.xml', 'https://dalil.test/sitemaps/places-1.xml', 'https://dalil.test/sitemaps/places-2.xml', 'https://dalil.test/sitemaps/places-3.xml',
    ]);
    const third = (await sitemapXml('/sitemaps/places-3.xml', options))!;
    expect([...third.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(['https://dalil.test/p/place-5', 'https://dalil.test/p/place-5/ar']);
    expect(third).toContain('<xhtml:link rel="alternate" hreflang="ar" href="https://dalil.test/p/place-5/ar"/>');
    expect(third).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://dalil.test/p/place-5"/>');
    expect(third).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    expect(await sitemapXml('/sitemaps/places-4.xml', options)).toBeNull();
    const pages = (await sitemapXml('/sitemaps/pages.xml', options))!;
    expect(pages).toContain('<loc>https://dalil.test/categories/cafes/ar</loc>');
    expect(pages).toContain('<loc>https://dalil.test/zones/olaya</loc>');
  });
});
