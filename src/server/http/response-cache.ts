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
 * *Invalidation.* Exact, never by time, and precise (decision 042): every entry keeps the cache
 * tags of what it shows (http/cache-tags.ts: `answerTags` for API answers; a rendered page gets the
 * tags of every API answer its render read, `collectTags`), and `invalidate(tags)` drops the entries
 * sharing a tag with a change — called for every notification of a change of public data (database
 * triggers → LISTEN, src/server/db/change-listener.ts; payload = the change's tags) and when a write
 * transaction of this process ends (app.ts; tags read in the transaction). `invalidate()` (or
 * `'all'`) empties everything. Nothing is served or stored unless `setLive(true)` said the
 * notifications are flowing; `setLive(false)` empties the cache and stops serving, `setLive(true)`
 * empties it again and resumes. A miss stores its answer only if no invalidation touching its tags
 * happened since the request started (a sequence number and a log of the latest invalidations), so
 * an answer read from a snapshot older than a change can never outlive that change's invalidation.
 *
 * *One computation per key.* Concurrent misses of one key wait for the first one's answer (`join`)
 * instead of each computing it, when no invalidation happened since it started: after a change, a
 * popular page is computed once, not once per waiting connection.
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
  /** Called after each invalidation with what changed (e.g. to drop other caches derived from the same data). */
  onInvalidate?: (changed: Set<string> | 'all') => void;
  /** The clock in milliseconds (default Date.now; tests pass a fake one). */
  now?: () => number;
  /** Most related places a place detail shows (RELATED_PLACES_LIMIT; cache-tags.ts `answerTags`). */
  relatedLimit?: number;
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
  /** What the answer shows (cache-tags.ts). */
  tags: readonly string[];
}

/** A computation of a key in progress since invalidation number `seq` (for `join`). */
interface Flight {
  seq: number;
  minute: number;
  done: Promise<void>;
}

/** How many latest invalidations are remembered for the store check (older requests do not store). */
const INVALIDATION_LOG = 512;

/** Counters since start (for the bench and logs). */
export interface ResponseCacheStats {
  hits: number;
  misses: number;
  bypasses: number;
  stores: number;
  invalidations: number;
  /** Entries dropped by invalidations. */
  dropped: number;
  entries: number;
  bytes: number;
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { CACHEABLE_ROUTES, type CacheableRoute } from './cacheable-routes.ts';
import { ANY_TAG, answerTags, touches } from './cache-tags.ts';

export { CACHEABLE_ROUTES };

const BYPASS = /no-cache|no-store|max-age=0/i;

export class ResponseCache {
  readonly #lru: LRUCache<string, Entry>;
  readonly #onInvalidate?: (changed: Set<string> | 'all') => void;
  readonly #relatedLimit: number;
  /** Number of invalidations so far; `#log` keeps the latest ones (seq, what changed). */
  #generation = 0;
  readonly #log: { seq: number; changed: Set<string> | 'all' }[] = [];
  readonly #flights = new Map<string, Flight>();
  /** The tags of the answers read inside `collectTags` (a render), per async context. */
  readonly #collector = new AsyncLocalStorage<Set<string>>();
  #live = false;
  readonly #now: () => number;
  readonly #stats = { hits: 0, misses: 0, bypasses: 0, stores: 0, invalidations: 0, dropped: 0 };

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
    this.#relatedLimit = options.relatedLimit ?? 6;
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

  /**
   * Drops the entries showing something `changed` touches (cache-tags.ts), or every entry (no
   * argument, `'all'`); answers being computed now that show it will not be stored.
   */
  invalidate(changed: Set<string> | 'all' = 'all'): void {
    const seq = ++this.#generation;
    this.#stats.invalidations++;
    this.#log.push({ seq, changed });
    if (this.#log.length > INVALIDATION_LOG) this.#log.shift();
    if (changed === 'all') {
      this.#stats.dropped += this.#lru.size;
      this.#lru.clear();
    } else {
      const gone: string[] = [];
      for (const [key, entry] of this.#lru.entries()) if (touches(entry.tags, changed)) gone.push(key);
      for (const key of gone) this.#lru.delete(key);
      this.#stats.dropped += gone.length;
    }
    this.#onInvalidate?.(changed);
  }

  /** True when an invalidation since `seq` touched `tags` (or is too old to tell). */
  #touchedSince(seq: number, tags: readonly string[]): boolean {
    if (seq === this.#generation) return false;
    const oldest = this.#log[0];
    if (!oldest || oldest.seq > seq + 1) return true;
    for (let i = this.#log.length - 1; i >= 0 && this.#log[i]!.seq > seq; i--) {
      if (touches(tags, this.#log[i]!.changed)) return true;
    }
    return false;
  }

  /**
   * Runs `fn` (a page render) and returns its value with the tags of every cacheable answer read
   * through the middleware meanwhile (hits, misses, bypasses); an answer of another route, or none at
   * all, adds `any` (the page is then dropped by every change: correct, if not precise).
   */
  async collectTags<T>(fn: () => Promise<T>): Promise<[T, string[]]> {
    const tags = new Set<string>();
    const value = await this.#collector.run(tags, fn);
    if (tags.size === 0) tags.add(ANY_TAG);
    return [value, [...tags]];
  }

  /**
   * Marks `key` as being computed (since the current invalidation number) until `work` settles and
   * the caller had a turn of the event loop to store it; `join(key)` waits for it. Returns `work`.
   */
  track<T>(key: string, work: Promise<T>): Promise<T> {
    const flight: Flight = {
      seq: this.#generation,
      minute: this.#minute(),
      done: work.then(() => undefined, () => undefined).then(() => new Promise<void>((resolve) => setImmediate(resolve))),
    };
    this.#flights.set(key, flight);
    void flight.done.then(() => {
      if (this.#flights.get(key) === flight) this.#flights.delete(key);
    });
    return work;
  }

  /**
   * If `key` is being computed since the last invalidation (and in this minute), waits for it and
   * returns what it stored; else undefined at once (the caller computes it).
   */
  async join(key: string): Promise<CachedResponse | undefined> {
    const flight = this.#joinable(key);
    if (!flight) return undefined;
    await flight.done;
    return this.get(key);
  }

  /** The computation of `key` a request may wait for: running since the last invalidation, in this minute. */
  #joinable(key: string): Flight | undefined {
    const flight = this.#flights.get(key);
    return this.#live && flight && flight.seq === this.#generation && flight.minute === this.#minute() ? flight : undefined;
  }

  stats(): ResponseCacheStats {
    return { ...this.#stats, entries: this.#lru.size, bytes: this.#lru.calculatedSize };
  }

  /** The tags kept with `key`'s entry (tests, logs). */
  tagsOf(key: string): readonly string[] | undefined {
    return this.#lru.peek(key)?.tags;
  }

  /** The cached answer for `key`, if serving (refreshes its recency). */
  get(key: string): CachedResponse | undefined {
    return this.#live ? this.#fresh(key) : undefined;
  }

  /**
   * Stores `entry` under `key` with its `tags` (default `any`) if serving and no invalidation
   * touching them happened since `generation` (`generation()` read when the request began) and the
   * clock is still in `minute` (the minute the request began in; default now). Returns whether it was stored.
   */
  set(key: string, entry: CachedResponse, generation: number, minute = this.#minute(), tags: readonly string[] = [ANY_TAG]): boolean {
    if (!this.#live || minute !== this.#minute() || this.#touchedSince(generation, tags)) return false;
    const hitHeaders: Record<string, string> = {};
    for (const [name, value] of entry.headers) hitHeaders[name] = value;
    hitHeaders['x-cache'] = 'hit';
    this.#lru.set(key, { ...entry, hitHeaders, minute, tags });
    const stored = this.#lru.has(key);
    if (stored) this.#stats.stores++;
    return stored;
  }

  /** The current generation (increases with every invalidation). */
  generation(): number {
    return this.#generation;
  }

  /**
   * The server's own anonymous GET of `url` (path and query, e.g. `/api/public/places/cafe-1?x=1`) answered from the
   * cache without a request through the API (decision 064: the page renderer's reads of a page's data) — when, and
   * only when, the middleware would answer it from the cache: serving, a cacheable route whose answer varies by no
   * request header, an entry of this minute. As for a hit of the middleware, the entry's tags join the tags of the
   * render reading it (`collectTags`) and it counts as a hit. Undefined otherwise (also while that answer is being
   * computed): the caller asks the API, which computes it or waits for the computation in flight.
   */
  readInProcess(url: string): (CachedResponse & { hitHeaders: Readonly<Record<string, string>> }) | undefined {
    if (!this.#live) return undefined;
    const parsed = new URL(url, 'http://localhost');
    // the middleware matches Hono's decoded path; an encoded one is left to it
    if (parsed.pathname.includes('%')) return undefined;
    const route = CACHEABLE_ROUTES.find((r) => r.pattern.test(parsed.pathname));
    if (!route || route.vary?.length) return undefined;
    const hit = this.#fresh(urlKey(parsed));
    if (hit) this.#countHit(hit);
    return hit;
  }

  /** A hit served (by the middleware or `readInProcess`): counted, and its tags join the render reading it. */
  #countHit(hit: Entry) {
    this.#stats.hits++;
    const collected = this.#collector.getStore();
    if (collected) for (const tag of hit.tags) collected.add(tag);
  }

  /**
   * Hono middleware: answers cacheable anonymous GETs from the cache, stores their 200 answers.
   * Install it after the middleware whose headers every answer needs (request id, security, CORS)
   * and before the routes.
   */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const collected = this.#collector.getStore();
      const route = c.req.method === 'GET' ? CACHEABLE_ROUTES.find((r) => r.pattern.test(c.req.path)) : undefined;
      if (!route) {
        // a render read something this cache does not describe: its page goes with any change
        collected?.add(ANY_TAG);
        return next();
      }
      const tagsOf = (res: Response, body: Uint8Array | null) => answerTags(c.req.path, new URL(c.req.url).searchParams, () => {
        if (!body || res.status !== 200 || res.headers.has('content-encoding')) return undefined;
        try {
          return JSON.parse(new TextDecoder().decode(body)) as unknown;
        } catch {
          return undefined;
        }
      }, this.#relatedLimit);
      if (!this.#live || c.req.header('authorization') !== undefined || wantsFresh(c)) {
        this.#stats.bypasses++;
        await next();
        if (collected) {
          const body = c.res.status === 200 ? new Uint8Array(await c.res.clone().arrayBuffer()) : null;
          for (const tag of tagsOf(c.res, body)) collected.add(tag);
        }
        c.res.headers.set('X-Cache', 'bypass');
        return;
      }
      const key = cacheKey(c, route);
      const generation = this.#generation;
      const minute = this.#minute();
      const hit = this.#fresh(key) ?? (this.#joinable(key) ? (await this.join(key)) as Entry | undefined : undefined);
      if (hit) {
        this.#countHit(hit);
        return c.body(hit.body, hit.status, hit.hitHeaders);
      }
      this.#stats.misses++;
      const before = new Headers(c.res.headers);
      let settle!: () => void;
      void this.track(key, new Promise<void>((resolve) => (settle = resolve)));
      try {
        await next();
        const res = c.res;
        const body = res.status === 200 ? new Uint8Array(await res.arrayBuffer()) : null;
        const tags = tagsOf(res, body);
        if (collected) for (const tag of tags) collected.add(tag);
        if (body && !res.headers.has('set-cookie')) {
          const headers: [string, string][] = [];
          res.headers.forEach((value, name) => {
            if (before.get(name) !== value) headers.push([name, value]);
          });
          this.set(key, { status: 200, headers, body }, generation, minute, tags);
        }
        if (body) c.res = new Response(body, res);
        c.res.headers.set('X-Cache', 'miss');
      } finally {
        settle();
      }
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
  let key = urlKey(new URL(c.req.url));
  for (const name of route.vary ?? []) key += `\n${name}: ${(c.req.header(name) ?? '').toLowerCase().replace(/\s+/g, '')}`;
  return key;
}

/** The part of a cache key the URL gives: `GET <path>?<query sorted by name then value>`. */
function urlKey(url: URL): string {
  const params = [...url.searchParams].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return `GET ${url.pathname}?${new URLSearchParams(params).toString()}`;
}

function entrySize(key: string, entry: CachedResponse): number {
  let size = key.length * 2 + entry.body.byteLength + 64;
  for (const [name, value] of entry.headers) size += name.length + value.length;
  return size;
}
