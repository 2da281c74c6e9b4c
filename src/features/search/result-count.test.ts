import { describe, expect, it } from 'vitest';
import { countResults } from './result-count.ts';

describe('search result counts (overlay and /search page alike)', () => {
  it('counts the results shown, not the ones fetched', () => {
    // overlay: 5 fetched per group, 3 shown
    expect(countResults([1, 5, 2], 3, 5)).toEqual({ shown: 6, more: true });
    expect(countResults([1, 2, 0], 3, 5)).toEqual({ shown: 3, more: false });
  });

  it('says "more" when a group came back full: 24 place cards and a category are "25+", not "25" over 24 cards', () => {
    expect(countResults([1, 24, 0, 0], 24, 24)).toEqual({ shown: 25, more: true });
    expect(countResults([1, 23, 0, 0], 24, 24)).toEqual({ shown: 24, more: false });
    expect(countResults([], 3, 5)).toEqual({ shown: 0, more: false });
  });
});
