import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router-dom';
import type { Lang } from '../lib/browser-language.ts';

/** What a route's data depends on: the matched route's params, the URL's search params and the page's language. */
export interface RouteDataArgs {
  params: Params;
  search: URLSearchParams;
  lang: Lang;
}

/**
 * A query a route's page reads, as the React Query options its components pass (the same `queryKey`, so a started
 * query is the one they find). Options of different data types side by side, hence the open type parameters.
 */
export type RouteQuery = FetchQueryOptions<any, any, any, any> & { enabled?: unknown };

/**
 * A route's `handle` (React Router's slot for what a route says about itself): `queries` lists the queries its page
 * reads as it renders — every one of them, and no other, for the URL and language given.
 */
export interface RouteHandle {
  queries: (args: RouteDataArgs) => readonly RouteQuery[];
}

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).queries === 'function';

/**
 * Starts, without waiting for them, the queries of every route in `matches` (their `handle.queries`): the server's
 * render (src/entry-server.tsx) calls it before rendering, so a page's reads all run at once as it starts instead of
 * one after another as its components reach them (the layout first, then the page, then a list inside the page:
 * three waits in a row on a category's page). A query whose options say `enabled: false` is left alone, as its
 * component leaves it. Failures stay in the query's state, where its component reads them.
 */
export function startRouteQueries(
  client: QueryClient,
  matches: readonly { params: Params; route: { handle?: unknown } }[],
  search: URLSearchParams,
  lang: Lang,
): void {
  for (const { params, route } of matches) {
    if (!isRouteHandle(route.handle)) continue;
    for (const query of route.handle.queries({ params, search, lang })) {
      if (query.enabled === false) continue;
      void client.prefetchQuery(query);
    }
  }
}
