import { MarkerIndexCache } from '../map-clusters.ts';
import { clearSearchCaches } from '../queries/search.ts';
import { ResponseCache } from './response-cache.ts';

/**
 * The Node server's caches of public data, emptied together (decisions 011 and 031): the response
 * cache, whose invalidation (change notification, write through the API, LISTEN lost or back) also
 * empties the search plan/total caches and the map's clustering indexes; the indexes are kept only
 * while the response cache is live.
 */
export function createPublicCaches(options: { maxEntries: number; maxBytes: number }): { responseCache: ResponseCache; markerIndexes: MarkerIndexCache } {
  const markerIndexes = new MarkerIndexCache(() => responseCache.live);
  const responseCache: ResponseCache = new ResponseCache({
    ...options,
    onInvalidate: () => {
      clearSearchCaches();
      markerIndexes.invalidate();
    },
  });
  return { responseCache, markerIndexes };
}
