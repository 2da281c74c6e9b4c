import { MarkerIndexCache } from './map-clusters.ts';
import { RELATED_PLACES_LIMIT } from './queries/places-queries.ts';
import { clearSearchCaches } from './queries/search-queries.ts';
import { ResponseCache } from './http/response-cache.ts';

/**
 * The Node server's caches of public data, invalidated together (decisions 011, 031 and 042): the
 * response cache, whose invalidation (change notification, write through the API, LISTEN lost or
 * back) also empties the search plan/total caches (on any change of places or of the vocabulary) and
 * drops the map's clustering indexes the change touches; the indexes are kept only while the
 * response cache is live. It lives beside node.ts, which wires it, and not in http/: the HTTP plumbing
 * (the response cache) knows nothing of the queries' caches; this module ties the two together.
 * `now`: the response cache's clock (tests; default `Date.now`).
 */
export function createPublicCaches(options: { maxEntries: number; maxBytes: number; now?: () => number }): { responseCache: ResponseCache; markerIndexes: MarkerIndexCache } {
  const markerIndexes = new MarkerIndexCache(() => responseCache.live);
  const responseCache: ResponseCache = new ResponseCache({
    ...options,
    relatedLimit: RELATED_PLACES_LIMIT,
    onInvalidate: (changed) => {
      // search plans and totals depend on every place and on the typo vocabulary
      if (changed === 'all' || changed.has('search') || changed.has('pl:*:*')) clearSearchCaches();
      markerIndexes.invalidate(changed);
    },
  });
  return { responseCache, markerIndexes };
}
