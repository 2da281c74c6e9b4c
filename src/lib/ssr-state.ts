import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { Lang, Theme } from '../shared/language.ts';
import { ApiError } from './api-client-error.ts';

/** id of the `<script type="application/json">` element carrying a server-rendered page's state (decision 019). */
export const SSR_STATE_ELEMENT_ID = 'dalil-ssr';

/**
 * What the server rendered a page with, written into its HTML so the browser hydrates from the same
 * inputs: the language and theme it chose, and React Query's cache after the render (every query the
 * page made, answered in process as the anonymous caller; failed ones with their ApiError's status/code/message).
 */
export interface SsrState {
  lang: Lang;
  theme: Theme;
  queries: DehydratedState;
}

/** Reads (and removes) the page's server-rendered state; null on a client-rendered page or when unreadable. */
export function takeSsrState(doc: Document = document): SsrState | null {
  const element = doc.getElementById(SSR_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const parsed = JSON.parse(element.textContent) as SsrState;
    element.remove();
    return parsed && typeof parsed === 'object' && parsed.queries ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Puts the server's queries into `client`, turning serialized failures back into ApiError instances.
 *
 * The answers count as received `now` while the page hydrates: a page read later than their freshness (served
 * from a cache a minute after it was rendered, or on a device whose clock runs ahead) would otherwise start a
 * refetch inside the hydration render itself (React Query reports `isFetching` at once), render differently from
 * the HTML ("Load more" busy), and React would discard the whole page and draw it again (focus lost, a flash).
 * Returns `refreshStale`: call it once the page has hydrated — it gives each answer its real time again and
 * refetches, once, the shown ones older than their `staleTime`.
 */
export function hydrateQueries(client: QueryClient, state: DehydratedState, now = Date.now()): () => Promise<void> {
  const answeredAt = new Map<string, number>();
  for (const query of state.queries) {
    const error = query.state.error as { status?: number; code?: string; message?: string } | null;
    if (error && !(error instanceof Error)) {
      query.state.error = new ApiError(error.status ?? 0, error.code ?? 'http_error', error.message ?? '') as never;
    }
    if (query.state.dataUpdatedAt && query.state.dataUpdatedAt < now) {
      answeredAt.set(query.queryHash, query.state.dataUpdatedAt);
      query.state.dataUpdatedAt = now;
    }
  }
  hydrate(client, state);
  return async () => {
    const cache = client.getQueryCache();
    for (const [hash, at] of answeredAt) {
      const query = cache.get(hash);
      // refetched or changed meanwhile: its time is its own
      if (query?.state.dataUpdatedAt === now) query.setState({ dataUpdatedAt: at });
    }
    await client.refetchQueries({ predicate: (query) => answeredAt.has(query.queryHash), type: 'active', stale: true });
  };
}
