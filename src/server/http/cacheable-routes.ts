/**
 * The routes the response cache serves (src/server/http/response-cache.ts), in a module of their own so
 * the OpenAPI document (http/openapi-document.ts: `X-Cache` on their answers) can name them without
 * loading the cache, which the Edge Function does not have.
 */

/** A cacheable route: its path under the server root, and request headers its body depends on. */
export interface CacheableRoute {
  pattern: RegExp;
  vary?: readonly string[];
}

/** The public read endpoints whose 200 answers depend only on the database and the URL. */
export const CACHEABLE_ROUTES: readonly CacheableRoute[] = [
  { pattern: /^\/api\/public\/places$/ },
  { pattern: /^\/api\/public\/places\/[^/]+$/ },
  { pattern: /^\/api\/public\/categories(\/[^/]+(\/places)?)?$/ },
  { pattern: /^\/api\/public\/zones(\/[^/]+(\/places)?)?$/ },
  { pattern: /^\/api\/public\/search$/ },
  { pattern: /^\/api\/public\/map\/markers$/, vary: ['accept-encoding'] },
  { pattern: /^\/api\/website-settings$/ },
];
