/**
 * Dalil's service worker (decision 047), built by vite-plugin-pwa (injectManifest) to dist/sw.js with Workbox:
 * - precache: the build's hashed scripts and styles of the public pages, the icons, the offline pages and the
 *   client-rendered shell (vite.config.ts lists them; `self.__WB_MANIFEST`);
 * - public pages (navigations): NetworkFirst, 3 s network timeout, then the cached copy — marked with
 *   `<meta name="dalil-offline-copy">` so the page says "Offline copy from …"; a page never seen: the offline page;
 * - public GET API answers: NetworkFirst, 3 s, then the cached copy (header `Dalil-Offline-Copy`);
 * - uploads: CacheFirst; map tiles: CacheFirst as seen (never prefetched), ≈ 50 MB;
 * - never cached: a request with `Authorization`, `/profile`, `/admin`, `/auth` pages and every other API call
 *   (no route: the browser handles them as without a worker), answers marked `private` or `no-store`.
 * Background Sync (Chromium): a `sync` tagged `dalil-outbox` sends the outbox's waiting writes (src/sw/outbox-sync.ts,
 * decision 056).
 * A new worker waits until the page asks it to take over (the update prompt's "Reload"): a page never runs
 * scripts of one build against the HTML of another.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  APP_SHELL_URL, CACHE_LIMITS, CACHE_PAGE_MESSAGE, CACHED_AT_HEADER, CACHES, isCacheableApiPath, isPublicPagePath, isShellPagePath,
  NETWORK_TIMEOUT_SECONDS, OFFLINE_COPY_HEADER, OFFLINE_COPY_META, OFFLINE_PAGES, pageLang, SKIP_WAITING_MESSAGE,
  tileUrlPattern,
} from '../shared/offline.ts';
import { listenForOutboxSync } from './outbox-sync.ts';

interface ManifestEntry { url: string; revision: string | null }
interface WorkerScope {
  __WB_MANIFEST: ManifestEntry[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: any) => void): void;
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<{ postMessage(m: unknown): void }[]> };
}
declare const self: WorkerScope;

const manifest = self.__WB_MANIFEST;
/** The build this worker belongs to: the revision of its index.html (which names the build's entry script). */
const BUILD = manifest.find((entry) => entry.url === 'index.html' || entry.url === '/index.html')?.revision ?? 'dev';
/** Pages are stored per build: a page keeps the scripts it was rendered with (the precache of its own build). */
const PAGES_CACHE = `${CACHES.pages}-${BUILD}`;

/** API base of the build (VITE_API_URL; default same-origin /api). */
const API_BASE = new URL(((import.meta.env.VITE_API_URL as string | undefined) || '/api').replace(/\/+$/, ''), self.location.href);
/** Tile URL template of the build's maps (VITE_MAP_TILE_URL; default OpenStreetMap). */
const TILES = tileUrlPattern((import.meta.env.VITE_MAP_TILE_URL as string | undefined) || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png');

// `/` is the rendered home page, not index.html (the client-rendered shell): no directory index, no clean URLs
precacheAndRoute(manifest, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// The first worker takes the open page at once (nothing to mix with); an update waits for SKIP_WAITING.
clientsClaim();

// The outbox's Background Sync: queued writes sent once the browser has a network, even with no page open.
listenForOutboxSync(self, API_BASE.href);

// Pages of earlier builds go with them (their scripts are no longer precached).
self.addEventListener('activate', (event: { waitUntil(p: Promise<unknown>): void }) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name.startsWith(`${CACHES.pages}-`) && name !== PAGES_CACHE).map((name) => caches.delete(name)),
  )));
});

/** Never stores an answer meant for one person: `Cache-Control: private` or `no-store`, or another status than 200. */
const publicOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200 || /\b(private|no-store)\b/i.test(response.headers.get('Cache-Control') ?? '')) return null;
    // stored with the time it was stored: the page says "Offline copy from <time>"
    const headers = new Headers(response.headers);
    headers.set(CACHED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
};

/** When a copy was stored: our header, else the answer's Date, else now. */
function storedAt(response: Response): string {
  const at = Date.parse(response.headers.get(CACHED_AT_HEADER) ?? response.headers.get('Date') ?? '');
  return new Date(Number.isFinite(at) ? at : Date.now()).toISOString();
}

/** Marks an answer served from the cache: the header, and for a page a `<meta>` its scripts read. */
const markOfflineCopy: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return cachedResponse;
    const at = storedAt(cachedResponse);
    const headers = new Headers(cachedResponse.headers);
    headers.set(OFFLINE_COPY_HEADER, at);
    const init = { status: cachedResponse.status, statusText: cachedResponse.statusText, headers };
    if (!(headers.get('Content-Type') ?? '').includes('text/html')) return new Response(await cachedResponse.blob(), init);
    const html = await cachedResponse.text();
    return new Response(html.replace(/<head([^>]*)>/i, `<head$1><meta name="${OFFLINE_COPY_META}" content="${at}">`), init);
  },
};

// The page the visitor landed on came before the first worker: the page asks for it to be stored (same rules).
self.addEventListener('message', (event: { data?: { type?: string; url?: string }; ports?: MessagePort[]; waitUntil(p: Promise<unknown>): void }) => {
  if (event.data?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  if (event.data?.type !== CACHE_PAGE_MESSAGE || typeof event.data.url !== 'string') return;
  const url = new URL(event.data.url, self.location.href);
  const done = url.origin === self.location.origin && isPublicPagePath(url.pathname)
    ? pages.handle({ event: event as never, request: new Request(url.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } }) }).then(() => true, () => false)
    : Promise.resolve(false);
  event.waitUntil(done.then((stored) => event.ports?.[0]?.postMessage(stored)));
});

// Public pages (navigations): the network for 3 s, then the cached copy, else the offline page.
const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [publicOnly, new ExpirationPlugin({ ...CACHE_LIMITS.pages, purgeOnQuotaError: true }), markOfflineCopy],
});
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isPublicPagePath(url.pathname),
  async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      return (await matchPrecache(OFFLINE_PAGES[pageLang(options.url.pathname)])) ?? Response.error();
    }
  },
);

// The client-rendered saved places page: the network, else the pre-cached shell (it reads IndexedDB).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isShellPagePath(url.pathname),
  async ({ request }) => {
    try {
      const response = await fetch(request);
      if (response.status < 500) return response;
      throw new Error(`status ${response.status}`);
    } catch {
      return (await matchPrecache(APP_SHELL_URL)) ?? (await matchPrecache(OFFLINE_PAGES[pageLang(new URL(request.url).pathname)])) ?? Response.error();
    }
  },
);

// Public GET answers of the API (same origin, or the hosted API when it answers with CORS), anonymous only.
const apiPrefix = `${API_BASE.pathname}/`;
registerRoute(
  ({ request, url }) => url.origin === API_BASE.origin && url.pathname.startsWith(apiPrefix)
    && !request.headers.has('Authorization') && isCacheableApiPath(url.pathname.slice(apiPrefix.length - 1)),
  new NetworkFirst({
    cacheName: CACHES.api,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [publicOnly, new ExpirationPlugin({ ...CACHE_LIMITS.api, purgeOnQuotaError: true }), markOfflineCopy],
  }),
  'GET',
);

// Uploaded images (same origin): they never change under their name.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/uploads/'),
  new CacheFirst({
    cacheName: CACHES.images,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ ...CACHE_LIMITS.images, purgeOnQuotaError: true })],
  }),
  'GET',
);

// Map tiles, as the map shows them (never prefetched: the OpenStreetMap tile usage policy forbids it). Leaflet asks
// for them without CORS; an opaque answer would count ~7 MB against the storage quota in Chromium, so the worker
// asks in CORS mode (OpenStreetMap answers `Access-Control-Allow-Origin: *`) and stores only real 200 answers; a
// tile server without CORS still shows its tiles (asked again as the page asked), uncached.
if (TILES) {
  const tiles = new CacheFirst({
    cacheName: CACHES.tiles,
    fetchOptions: { mode: 'cors', credentials: 'omit' },
    plugins: [
      { requestWillFetch: async ({ request }) => new Request(request.url, { mode: 'cors', credentials: 'omit', referrerPolicy: 'strict-origin-when-cross-origin' }) },
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ ...CACHE_LIMITS.tiles, purgeOnQuotaError: true }),
    ],
  });
  registerRoute(
    ({ url }) => TILES.test(url.href),
    async (options) => {
      try {
        return await tiles.handle(options);
      } catch {
        return fetch(options.request);
      }
    },
    'GET',
  );
}
