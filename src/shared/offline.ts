/**
 * What the service worker (src/sw/sw.ts) and the pages (src/lib/offline-copy.ts, src/lib/user-caches.ts) agree
 * on (decision 047): cache names, limits, and the marks an answer served from the cache carries. No imports:
 * the worker, the browser and the build read it.
 */

/** Prefix of every Cache Storage cache the app owns (Workbox's precache is `workbox-precache-v2-<scope>`). */
export const CACHE_PREFIX = 'dalil';

/** Cache names of the runtime caches. The pages' cache is per build: `${PAGES}-<index.html revision>`. */
export const CACHES = {
  pages: `${CACHE_PREFIX}-pages`,
  api: `${CACHE_PREFIX}-api`,
  images: `${CACHE_PREFIX}-images`,
  tiles: `${CACHE_PREFIX}-map-tiles`,
} as const;

/**
 * Limits of the runtime caches (entries and age, oldest out first; every cache also purges itself when the
 * browser's storage quota is reached). Sizes measured in decision 047: a rendered page ≈ 20–60 KB, an API answer
 * ≈ 1–40 KB, a map tile ≈ 5–40 KB (≈ 25 KB on average over Riyadh's zoom 11–17), an uploaded photo ≤ 300 KB.
 */
export const CACHE_LIMITS = {
  pages: { maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600 },
  api: { maxEntries: 400, maxAgeSeconds: 7 * 24 * 3600 },
  images: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
  /** ≈ 2 000 tiles × ≈ 25 KB ≈ 50 MB. */
  tiles: { maxEntries: 2000, maxAgeSeconds: 30 * 24 * 3600 },
} as const;

/** Seconds the worker waits for the network on a page or a public API answer before it serves the cached copy. */
export const NETWORK_TIMEOUT_SECONDS = 3;

/** Response header the worker adds to an answer it serves from its cache: when that copy was stored (ISO 8601). */
export const OFFLINE_COPY_HEADER = 'Dalil-Offline-Copy';
/** Response header the worker stores with each cached copy: when it was stored (ISO 8601). */
export const CACHED_AT_HEADER = 'Dalil-Cached-At';
/** `<meta name=…>` the worker writes into a page it serves from its cache (content: when the copy was stored). */
export const OFFLINE_COPY_META = 'dalil-offline-copy';

/** The pre-cached offline page of each language (built from locales/{en,ar}/offline.json by src/sw/offline-page.ts). */
export const OFFLINE_PAGES = { en: '/offline.html', ar: '/offline-ar.html' } as const;
/** The client-rendered shell (dist/index.html), pre-cached: the worker answers `/saved` (and `/saved/ar`) with it offline. */
export const APP_SHELL_URL = '/index.html';

/** Message a page sends to a waiting worker to take over now (the "Reload" of the update prompt). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/**
 * Message a page sends once the first worker controls it: `{ type: CACHE_PAGE_MESSAGE, url }` — the page the
 * visitor landed on came before the worker, so the worker stores it now (it answers on the message's port).
 */
export const CACHE_PAGE_MESSAGE = 'CACHE_PAGE';

/** Background Sync tag the pages register when a write waits in the outbox (decision 056); the worker's `sync` sends it. */
export const OUTBOX_SYNC_TAG = 'dalil-outbox';
/**
 * Message the worker posts to the open pages after its `sync` changed the outbox: `{ type, sent: {entry, answer}[],
 * rejected: entry[], unsure: entry[] }` (src/lib/outbox.ts `OutboxSendResult`) — the pages then toast and refresh.
 */
export const OUTBOX_CHANGED_MESSAGE = 'dalil-outbox-changed';

/** First path segments of pages that belong to a person (accounts, sign-in, admin): never cached. */
export const PRIVATE_SECTIONS = ['admin', 'auth', 'profile'] as const;
/** First path segments that are not pages (the API, uploads, build assets). */
const NOT_PAGES = ['api', 'uploads', 'assets'];
/** Client-rendered pages served from the pre-cached shell when offline (h-saved's saved places). */
export const SHELL_SECTIONS = ['saved'] as const;

const firstSegment = (pathname: string) => (pathname.replace(/\/(ar|en)\/?$/, '') || '/').split('/')[1] ?? '';

/** True for a public, server-rendered page path (home, lists, categories, zones, `/p/<slug>`, search, map; `/ar` twins). */
export function isPublicPagePath(pathname: string): boolean {
  const first = firstSegment(pathname);
  if ([...PRIVATE_SECTIONS, ...NOT_PAGES, ...SHELL_SECTIONS].includes(first)) return false;
  // files (robots.txt, sitemap.xml, manifest.webmanifest, offline.html…) are not pages
  return !/\.[a-z0-9]+$/i.test(pathname);
}

/** True for a page path answered by the client-rendered shell offline (`/saved`, `/saved/ar`). */
export function isShellPagePath(pathname: string): boolean {
  return (SHELL_SECTIONS as readonly string[]).includes(firstSegment(pathname));
}

/** True for a page path that belongs to a person (`/profile…`, `/admin…`, `/auth…`, with their `/ar` twins). */
export function isPrivatePagePath(pathname: string): boolean {
  return (PRIVATE_SECTIONS as readonly string[]).includes(firstSegment(pathname));
}

/**
 * True for an API path (relative to the API base, e.g. `/public/places`) whose anonymous GET answers may be
 * cached: the public reads and the site settings; not the public auth calls, nor the export (a download).
 */
export function isCacheableApiPath(apiPath: string): boolean {
  if (apiPath === '/website-settings') return true;
  if (!apiPath.startsWith('/public/')) return false;
  return !/^\/public\/(auth|export)(\/|$)/.test(apiPath);
}

/** The language of a page path (`/p/x/ar` → 'ar'), English otherwise. */
export const pageLang = (pathname: string): 'en' | 'ar' => (/\/ar\/?$/.test(pathname) ? 'ar' : 'en');

/**
 * A RegExp matching the tile URLs of a Leaflet template (`https://{s}.tile.x/{z}/{x}/{y}.png`): `{s}` any
 * sub-domain, `{z}`/`{x}`/`{y}` numbers, `{r}` an optional `@2x`, other `{…}` anything but `/`. Null for a template
 * that is not an absolute http(s) URL.
 */
export function tileUrlPattern(template: string): RegExp | null {
  if (!/^https?:\/\//i.test(template)) return null;
  const source = template.split(/(\{[^}]+\})/).map((part) => {
    if (part === '{s}') return '[a-z0-9-]+';
    if (part === '{z}' || part === '{x}' || part === '{y}') return '-?\\d+';
    if (part === '{r}') return '(?:@2x)?';
    if (/^\{[^}]+\}$/.test(part)) return '[^/?#]*';
    return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }).join('');
  return new RegExp(`^${source}(?:[?#].*)?$`, 'i');
}
