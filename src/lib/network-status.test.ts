import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client-error.ts';
import { isNetworkError } from './network-status.ts';

describe('isNetworkError', () => {
  it.each([
    [new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'), true], // Chromium
    [new TypeError('error loading dynamically imported module: https://x/assets/a.js'), true], // Firefox
    [new TypeError('Importing a module script failed.'), true], // Safari
    [new Error('Unable to preload CSS for /assets/a.css'), true], // Vite
    [new TypeError('Failed to fetch'), true],
    [new ApiError(0, 'network_error', 'Network issue.'), true],
    [new ApiError(503, 'database_unavailable', 'Unavailable'), false],
    [new TypeError("Cannot read properties of undefined (reading 'x')"), false],
    ['Failed to fetch', false],
  ])('%s → %s', (error, expected) => {
    expect(isNetworkError(error)).toBe(expected);
  });
});

describe('a slow request (decision 056)', () => {
  it('turns the state slow past SLOW_REQUEST_MS without an answer, and back once every slow request is answered', async () => {
    const { getNetworkState, SLOW_REQUEST_MS, watchSlowRequest } = await import('./network-status.ts');
    vi.useFakeTimers();
    try {
      const quick = watchSlowRequest();
      vi.advanceTimersByTime(SLOW_REQUEST_MS - 1);
      quick();
      vi.advanceTimersByTime(SLOW_REQUEST_MS);
      expect(getNetworkState().slow).toBe(false);
      const a = watchSlowRequest();
      const b = watchSlowRequest();
      vi.advanceTimersByTime(SLOW_REQUEST_MS);
      expect(getNetworkState().slow).toBe(true);
      a();
      expect(getNetworkState().slow).toBe(true);
      b();
      expect(getNetworkState().slow).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
