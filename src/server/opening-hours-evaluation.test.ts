import { afterEach, describe, expect, it, vi } from 'vitest';
import { isValidOpeningHoursValue } from './opening-hours-evaluation.ts';

describe('isValidOpeningHoursValue', () => {
  afterEach(() => vi.restoreAllMocks());

  it('refuses hours the library cannot evaluate without printing the library\'s error', () => {
    const printed = vi.spyOn(console, 'error');
    // one of the shipped Riyadh values: `PH` needs public holidays the library has none of for Saudi Arabia
    expect(isValidOpeningHoursValue('Mo-We,Sa-Su 07:00-01:00; PH unknown; Th 07:00-02:00; Fr 12:00-02:00')).toBe(false);
    expect(isValidOpeningHoursValue('banana')).toBe(false);
    expect(printed).not.toHaveBeenCalled();
    expect(console.error).toBe(printed); // put back as it was
    expect(isValidOpeningHoursValue('Sa-Th 08:00-17:00')).toBe(true);
  });
});
