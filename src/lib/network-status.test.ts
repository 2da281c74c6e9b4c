import { describe, expect, it } from 'vitest';
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
