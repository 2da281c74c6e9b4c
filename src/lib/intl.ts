import type { Lang } from './language.ts';

/**
 * Every number and date the browser formats goes through here, so counts, dates, distances and
 * times agree on every browser (docs/decisions/018-language-conventions.md):
 * - Western digits in both languages (`nu-latn`, as Saudi commercial apps use): CLDR's default for
 *   'ar' is Arabic-Indic digits in some browsers and Western in others;
 * - the Gregorian calendar (`ca-gregory`: 'ar-SA' alone defaults to the Umm al-Qura calendar), with
 *   the Hijri (Umm al-Qura) date beside it on Arabic pages where a date is shown to people;
 * - one format per kind: `date` (day, short month, year) and `dateTime` (the same, plus hours and minutes).
 */

/** The BCP 47 locale of a language for Intl formatters: Western digits, Gregorian calendar. */
export function intlLocale(lang: Lang): string {
  return lang === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-US';
}

const HIJRI_LOCALE = 'ar-SA-u-ca-islamic-umalqura-nu-latn';

/** A number in the page's language (Western digits, grouping), e.g. 12,345. */
export function formatNumber(value: number, lang: Lang, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(lang), options).format(value);
}

export type DateKind = 'date' | 'dateTime';

const DATE_OPTIONS: Record<DateKind, Intl.DateTimeFormatOptions> = {
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  dateTime: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
};

/** The Hijri (Umm al-Qura) date of `date` in Arabic with Western digits, e.g. "11 رمضان 1447 هـ". */
export function formatHijriDate(date: Date): string {
  return new Intl.DateTimeFormat(HIJRI_LOCALE, { year: 'numeric', month: 'long', day: 'numeric' }).format(date);
}

/**
 * A date (ISO text or Date) for people: English "Mar 1, 2026"; Arabic "1 مارس 2026 (11 رمضان 1447 هـ)"
 * — the Gregorian date with the Hijri one beside it. '—' for a missing or invalid date.
 */
export function formatDate(value: string | Date | null | undefined, lang: Lang, kind: DateKind = 'date'): string {
  const date = value == null ? null : value instanceof Date ? value : new Date(value);
  if (!date || Number.isNaN(date.getTime())) return '—';
  const gregorian = new Intl.DateTimeFormat(intlLocale(lang), DATE_OPTIONS[kind]).format(date);
  return lang === 'ar' ? `${gregorian} (${formatHijriDate(date)})` : gregorian;
}

/**
 * A distance in whole metres (the API's `distanceM`) for people, in the page's digits (Western):
 * under 1 km in metres rounded to 10 ("350 m", "350 م"), under 10 km with one decimal ("1.2 km",
 * "1.2 كم"), farther in whole kilometres ("24 km"). '' for a missing distance.
 */
export function formatDistance(metres: number | null | undefined, lang: Lang): string {
  if (metres == null || !Number.isFinite(metres) || metres < 0) return '';
  if (metres < 995) {
    return formatNumber(Math.round(metres / 10) * 10, lang, { style: 'unit', unit: 'meter', unitDisplay: 'short' });
  }
  const km = metres / 1000;
  return formatNumber(km, lang, { style: 'unit', unit: 'kilometer', unitDisplay: 'short', maximumFractionDigits: km < 9.95 ? 1 : 0 });
}
