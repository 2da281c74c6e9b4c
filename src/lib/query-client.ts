import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client-error.ts';

/**
 * Data queries retry 2 times (not for 4xx answers) and stay fresh for 30 000 ms. `networkMode: 'always'`:
 * offline, a query fails after its retries (1 s, then 2 s) instead of pausing, so a list's placeholders give
 * way to its error state and the network notice within a few seconds (decision 045); failed queries are
 * fetched again when the browser is back online (refetchOnReconnect). Mutations fail at once for the network
 * (a form keeps its values).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
