import { describe, expect, it } from 'vitest';
import { formatDate, formatHijriDate, formatNumber, intlLocale } from './intl.ts';

const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/;

describe('one digit rule and one date format per kind', () => {
  it('formats numbers with Western digits in both languages', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatNumber(12345, 'ar')).not.toMatch(ARABIC_INDIC);
    expect(formatNumber(12345, 'ar')).toMatch(/12.?345/);
    expect(new Intl.NumberFormat(intlLocale('ar')).resolvedOptions().numberingSystem).toBe('latn');
    expect(new Intl.DateTimeFormat(intlLocale('ar')).resolvedOptions()).toMatchObject({ numberingSystem: 'latn', calendar: 'gregory' });
  });

  it('shows the Gregorian date, and on Arabic pages the Umm al-Qura date beside it', () => {
    const iso = '2026-03-01T10:30:00.000Z';
    expect(formatDate(iso, 'en')).toBe('Mar 1, 2026');
    const ar = formatDate(iso, 'ar');
    expect(ar).toContain('2026');
    expect(ar).toContain(formatHijriDate(new Date(iso)));
    expect(formatHijriDate(new Date(iso))).toMatch(/رمضان 1447/); // 1 March 2026 = 12 Ramadan 1447 (Umm al-Qura)
    expect(ar).not.toMatch(ARABIC_INDIC);
    expect(formatDate(iso, 'en', 'dateTime')).toMatch(/^Mar 1, 2026, \d{1,2}:30/);
    expect(formatDate(null, 'ar')).toBe('—');
    expect(formatDate('not a date', 'en')).toBe('—');
  });
});
