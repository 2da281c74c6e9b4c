import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

/** Data queries retry 2 times (not for 4xx answers) and stay fresh for 30 000 ms. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
