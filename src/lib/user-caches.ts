import { CACHE_PREFIX, isPrivatePagePath } from '../shared/offline.ts';

/**
 * API paths (after the API base) whose answers belong to a person: accounts, their requests, the admin API.
 * The service worker never stores them (it caches only the public reads); `clearUserCaches` removes any that a
 * cache holds all the same (an earlier worker, a cache written by hand).
 */
const PRIVATE_API = /\/(admin|profile|me|place-requests|public\/auth|uploads\/sign)(\/|$|\?)/;

/**
 * Signing out (decision 047): removes from Cache Storage every entry that belongs to the person who was signed
 * in — pages and API answers of `/profile`, `/admin`, `/auth` and their API calls, in every cache of the app and
 * in Workbox's — and deletes any cache whose name says it is a user's (`dalil-user-…`). The public pages and
 * answers seen (the offline copies, the same for every visitor) stay. Never rejects; resolves with how many
 * entries went. Does nothing where Cache Storage is missing (an insecure origin, an old browser).
 */
export async function clearUserCaches(): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  let removed = 0;
  try {
    for (const name of await caches.keys()) {
      if (name.startsWith(`${CACHE_PREFIX}-user`)) {
        if (await caches.delete(name)) removed++;
        continue;
      }
      if (!name.startsWith(CACHE_PREFIX) && !name.startsWith('workbox-')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        const personal = request.headers.has('Authorization') || isPrivatePagePath(url.pathname) || PRIVATE_API.test(url.pathname);
        if (personal && (await cache.delete(request))) removed++;
      }
    }
  } catch {
    // storage unavailable (private mode, quota): nothing stored to clear
  }
  return removed;
}
