import type { Context, MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';

/**
 * In-memory cache of anonymous public GET answers (docs/decisions/011-response-cache.md).
 *
 * *What is cached.* The 200 answers of the public read endpoints whose body depends only on the
 * database and the URL (`CACHEABLE_ROUTES`: place lists, details, categories, zones, search, map
 * markers, website settings), for requests without `Authorization` and without
 * `Cache-Control: no-cache|no-store|max-age=0` (or `Pragma: no-cache`). Share links (their title
 * follows Accept-Language and their URL the request's origin), auth, admin, health and the OpenAPI
 * document are never cached; neither is any non-200 answer.
 *
 * *Key.* `GET <path>?<query parameters sorted by name, then value>` plus, for routes whose body is
 * compressed on the fly (map markers), the request's Accept-Encoding. No answer cached here depends
 * on Accept-Language (only error messages do, and errors are not cached).
 *
 * *Entry.* `{ status: 200, headers: [name, value][], body: Uint8Array }`: the body bytes as sent
 * (compressed when the route compressed them) and only the headers the route itself set (e.g.
 * Content-Type, Content-Encoding, Vary, Cache-Control). The app's own middleware (request id, log,
 * security and CORS headers) runs on every hit as on a miss, so those headers are identical.
 * A hit answers `X-Cache: hit`, a stored or storable miss `X-Cache: miss`, a cacheable route that
 * was not looked up (token, no-cache, notifications down) `X-Cache: bypass`.
 *
 * *Bounds.* At most `maxEntries` entries and `maxBytes` bytes (body + key + headers, UTF-16 key
 * counted as 2 bytes a character); least recently used entries go first; one entry may take at most
 * a quarter of `maxBytes` (a larger answer is simply not stored).
 *
 * *Invalidation.* Exact, never by time: `invalidate()` empties the cache — called for every
 * notification of a change of public data (database triggers → LISTEN, src/server/db/change-listener.ts)
 * and when a write transaction of this process ends (app.ts). Nothing is served or stored unless
 * `setLive(true)` said the notifications are flowing; `setLive(false)` empties the cache and stops
 * serving, `setLive(true)` empties it again and resumes. A miss stores its answer only if no
 * invalidation happened since the request started (a generation counter), so an answer read from a
 * snapshot older than a change can never outlive that change's invalidation.
 *
 * *The clock.* Place objects carry `openNow` (open at the moment of the request, issue #15), so an
 * answer may not outlive the minute it was computed in: each entry keeps the minute its request
 * began in and is dropped when looked up in a later minute.
 */
export interface ResponseCacheOptions {
  /** Most entries kept (≥ 1). */
  maxEntries: number;
  /** Most bytes kept (≥ 1024): bodies + keys + headers. */
  maxBytes: number;
  /** Called after each invalidation (e.g. to drop other caches derived from the same data). */
  onInvalidate?: () => void;
  /** The clock in milliseconds (default Date.now; tests pass a fake one). */
  now?: () => number;
}

/** A cached answer: status, the headers the route set, the body bytes as sent. */
export interface CachedResponse {
  status: 200;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

/** An entry as kept: the answer plus its headers as sent on a hit (built once, at store time). */
interface Entry extends CachedResponse {
  hitHeaders: Record<string, string>;
  /** The minute (ms since the epoch / 60 000, floored) the answer was computed in. */
  minute: number;
}

/** Counters since start (for the bench and logs). */
export interface ResponseCacheStats {
  hits: number;
  misses: number;
  bypasses: number;
  stores: number;
  invalidations: number;
  entries: number;
  bytes: number;
}

import { CACHEABLE_ROUTES, type CacheableRoute } from './cacheable-routes.ts';

export { CACHEABLE_ROUTES };

const BYPASS = /no-cache|no-store|max-age=0/i;

export class ResponseCache {
  readonly #lru: LRUCache<string, Entry>;
  readonly #onInvalidate?: () => void;
  #generation = 0;
  #live = false;
  readonly #now: () => number;
  readonly #stats = { hits: 0, misses: 0, bypasses: 0, stores: 0, invalidations: 0 };

  constructor(options: ResponseCacheOptions) {
    if (!(options.maxEntries >= 1) || !(options.maxBytes >= 1024)) throw new Error('ResponseCache: maxEntries ≥ 1 and maxBytes ≥ 1024');
    this.#lru = new LRUCache<string, Entry>({
      max: Math.trunc(options.maxEntries),
      maxSize: Math.trunc(options.maxBytes),
      maxEntrySize: Math.max(1, Math.trunc(options.maxBytes / 4)),
      sizeCalculation: (entry, key) => entrySize(key, entry),
    });
    this.#onInvalidate = options.onInvalidate;
    this.#now = options.now ?? Date.now;
  }

  /** The current minute of the clock. */
  #minute(): number {
    return Math.floor(this.#now() / 60_000);
  }

  /** The entry for `key` if it was computed in the current minute (an older one is dropped). */
  #fresh(key: string): Entry | undefined {
    const entry = this.#lru.get(key);
    if (entry && entry.minute !== this.#minute()) {
      this.#lru.delete(key);
      return undefined;
    }
    return entry;
  }

  /** True while answers may be served from and stored in the cache (notifications are flowing). */
  get live(): boolean {
    return this.#live;
  }

  /** The change notifications came (`true`) or went (`false`): either way the cache is emptied. */
  setLive(live: boolean): void {
    this.#live = live;
    this.invalidate();
  }

  /** Empties the cache; answers being computed now will not be stored. */
  invalidate(): void {
    this.#generation++;
    this.#stats.invalidations++;
    this.#lru.clear();
    this.#onInvalidate?.();
  }

  stats(): ResponseCacheStats {
    return { ...this.#stats, entries: this.#lru.size, bytes: this.#lru.calculatedSize };
  }

  /** The cached answer for `key`, if serving (refreshes its recency). */
  get(key: string): CachedResponse | undefined {
    return this.#live ? this.#fresh(key) : undefined;
  }

  /**
   * Stores `entry` under `key` if serving and no invalidation happened since `generation`
   * (`generation()` read when the request began) and the clock is still in `minute` (the minute the
   * request began in; default now). Returns whether it was stored.
   */
  set(key: string, entry: CachedResponse, generation: number, minute = this.#minute()): boolean {
    if (!this.#live || generation !== this.#generation || minute !== this.#minute()) return false;
    const hitHeaders: Record<string, string> = {};
    for (const [name, value] of entry.headers) hitHeaders[name] = value;
    hitHeaders['x-cache'] = 'hit';
    this.#lru.set(key, { ...entry, hitHeaders, minute });
    const stored = this.#lru.has(key);
    if (stored) this.#stats.stores++;
    return stored;
  }

  /** The current generation (increases with every invalidation). */
  generation(): number {
    return this.#generation;
  }

  /**
   * Hono middleware: answers cacheable anonymous GETs from the cache, stores their 200 answers.
   * Install it after the middleware whose headers every answer needs (request id, security, CORS)
   * and before the routes.
   */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const route = c.req.method === 'GET' ? CACHEABLE_ROUTES.find((r) => r.pattern.test(c.req.path)) : undefined;
      if (!route) return next();
      if (!this.#live || c.req.header('authorization') !== undefined || wantsFresh(c)) {
        this.#stats.bypasses++;
        await next();
        c.res.headers.set('X-Cache', 'bypass');
        return;
      }
      const key = cacheKey(c, route);
      const hit = this.#live ? this.#fresh(key) : undefined;
      if (hit) {
        this.#stats.hits++;
        return c.body(hit.body, hit.status, hit.hitHeaders);
      }
      this.#stats.misses++;
      const generation = this.#generation;
      const minute = this.#minute();
      const before = new Headers(c.res.headers);
      await next();
      const res = c.res;
      if (res.status === 200 && !res.headers.has('set-cookie')) {
        const body = new Uint8Array(await res.arrayBuffer());
        const headers: [string, string][] = [];
        res.headers.forEach((value, name) => {
          if (before.get(name) !== value) headers.push([name, value]);
        });
        this.set(key, { status: 200, headers, body }, generation, minute);
        c.res = new Response(body, res);
      }
      c.res.headers.set('X-Cache', 'miss');
    };
  }
}

/** True when the request asks for a fresh answer (Cache-Control no-cache/no-store/max-age=0, Pragma no-cache). */
function wantsFresh(c: Context): boolean {
  const cc = c.req.header('cache-control');
  return (cc !== undefined && BYPASS.test(cc)) || /no-cache/i.test(c.req.header('pragma') ?? '');
}

/**
 * The cache key of a request: `GET <path>?<query sorted by name then value>` plus the values of the
 * route's `vary` request headers (lower-cased, spaces removed). Equivalent URLs (parameter order,
 * `%20` vs `+`) share a key.
 */
export function cacheKey(c: Context, route: Pick<CacheableRoute, 'vary'> = {}): string {
  const url = new URL(c.req.url);
  const params = [...url.searchParams].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  let key = `GET ${url.pathname}?${new URLSearchParams(params).toString()}`;
  for (const name of route.vary ?? []) key += `\n${name}: ${(c.req.header(name) ?? '').toLowerCase().replace(/\s+/g, '')}`;
  return key;
}

function entrySize(key: string, entry: CachedResponse): number {
  let size = key.length * 2 + entry.body.byteLength + 64;
  for (const [name, value] of entry.headers) size += name.length + value.length;
  return size;
}
