import { afterEach, describe, expect, it, vi } from 'vitest';
import { isValidOpeningHoursValue, openNowOf } from './opening-hours-evaluation.ts';

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

describe('openNowOf', () => {
  // 12:00 in Riyadh (UTC+3) is 09:00 UTC
  const at = (iso: string) => new Date(iso);

  it('answers per second: the same value read again in the same second, then one second later across a closing time', () => {
    const hours = 'Mo-Su 08:00-12:00';
    expect(openNowOf(hours, at('2026-11-25T08:59:59.100Z'), 'Asia/Riyadh')).toBe(true);
    expect(openNowOf(hours, at('2026-11-25T08:59:59.900Z'), 'Asia/Riyadh')).toBe(true);
    expect(openNowOf(hours, at('2026-11-25T09:00:00.000Z'), 'Asia/Riyadh')).toBe(false);
    expect(openNowOf(hours, at('2026-11-25T08:59:59.500Z'), 'Asia/Riyadh')).toBe(true);
  });

  it('answers per time zone and per value within one second', () => {
    const now = at('2026-11-25T08:30:00Z'); // 11:30 in Riyadh, 08:30 in London
    expect(openNowOf('Mo-Su 10:00-12:00', now, 'Asia/Riyadh')).toBe(true);
    expect(openNowOf('Mo-Su 10:00-12:00', now, 'Europe/London')).toBe(false);
    expect(openNowOf('Mo-Su 08:00-09:00', now, 'Europe/London')).toBe(true);
    expect(openNowOf('Mo-Su 08:00-09:00 unknown', now, 'Europe/London')).toBeNull();
  });
});
