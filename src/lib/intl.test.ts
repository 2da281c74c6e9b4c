import { describe, expect, it } from 'vitest';
import { formatClock, formatDate, formatHijriDate, formatNumber, intlLocale } from './intl.ts';

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

describe('formatClock: hours as a Riyadh reader reads them (issue 30)', () => {
  it('Arabic: the 12-hour clock with ص/م, Western digits, midnight and noon unambiguous', () => {
    const ar = (t: string) => formatClock(t, 'ar').replace('\u00a0', ' ');
    expect(ar('00:00')).toBe('12:00 ص');
    expect(ar('24:00')).toBe('12:00 ص');
    expect(ar('07:00')).toBe('7:00 ص');
    expect(ar('12:00')).toBe('12:00 م');
    expect(ar('16:00')).toBe('4:00 م');
    expect(ar('23:30')).toBe('11:30 م');
    // one no-break space, no bidi marks: the same text from any ICU (server render = browser hydration)
    expect(formatClock('16:00', 'ar')).toBe('4:00\u00a0م');
  });

  it('English keeps the stored 24-hour time; anything else is returned as it came', () => {
    expect(formatClock('07:00', 'en')).toBe('07:00');
    expect(formatClock('24:00', 'en')).toBe('24:00');
    expect(formatClock('7', 'ar')).toBe('7');
  });
});
