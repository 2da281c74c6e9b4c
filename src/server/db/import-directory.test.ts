import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ImportError } from './import-directory.ts';
import { slugFrom } from '../queries/slugs.ts';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('slugFrom', () => {
  it.each([
    ['Café Crème', 'cafe-creme'],
    ['Al-Rajhi  Bank!!', 'al-rajhi-bank'],
    ["McDonald's", 'mcdonalds'],
    ['Ñandú & Co', 'nandu-and-co'],
    ['مطعم البيك', 'mtam-albyk'],
    ['٣ نجوم', '3-njwm'],
  ])('%s → %s', (text, slug) => {
    expect(slugFrom(text, 'fallback')).toBe(slug);
  });

  it('uses the fallback when nothing sluggable is left', () => {
    for (const text of ['', '---', '!!!', '中文']) expect(slugFrom(text, 'place-7')).toBe('place-7');
  });

  it('cuts at 100 characters without a trailing hyphen', () => {
    expect(slugFrom('a'.repeat(150), 'x')).toBe('a'.repeat(100));
    const cut = slugFrom('ab-'.repeat(50), 'x');
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(cut).toMatch(SLUG);
  });

  it('always yields a valid slug of at most 100 characters (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const slug = slugFrom(text, 'fallback');
        return SLUG.test(slug) && slug.length <= 100;
      }),
      { numRuns: 500 },
    );
  });
});

describe('ImportError', () => {
  it('lists list[index]: reason, the first 20 and how many more', () => {
    const problems = Array.from({ length: 23 }, (_, i) => ({ list: 'places', index: i, reason: `name: required` }));
    const error = new ImportError(problems);
    expect(error.message).toMatch(/^Import rejected, nothing written:\n {2}places\[0\]: name: required\n/);
    expect(error.message).toContain('places[19]: name: required');
    expect(error.message).not.toContain('places[20]');
    expect(error.message).toMatch(/… and 3 more$/);
  });
});
