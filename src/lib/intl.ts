import type { Lang } from './browser-language.ts';

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

/** U+00A0 NO-BREAK SPACE: keeps a time and its «ص»/«م», or a bracketed note and its time, on one line. */
export const NBSP = '\u00a0';

const clockFormats = new Map<Lang, Intl.DateTimeFormat>();

/**
 * A wall-clock time "HH:MM" (the API's `00:00`–`24:00`) as people read it (decision 044):
 * - Arabic: the 12-hour clock with «ص»/«م» as read in Riyadh — "7:00 ص", "4:00 م", "12:00 ص" for
 *   midnight (00:00 and 24:00), "12:00 م" for noon — through `Intl.DateTimeFormat('ar-SA', nu-latn)`.
 *   Only the parts (hour, minute, day period) come from Intl; the text is joined here with a no-break
 *   space, so the server's ICU and the browser's (which may differ in spaces and marks) render the same
 *   and the page hydrates without a mismatch.
 * - English: the 24-hour clock as stored ("07:00", "24:00"), unchanged (decision 029).
 * The input is returned unchanged when it is not "HH:MM".
 */
export function formatClock(hhmm: string, lang: Lang): string {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!m || lang !== 'ar') return hhmm;
  let format = clockFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(lang), { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' });
    clockFormats.set(lang, format);
  }
  const parts = format.formatToParts(new Date(Date.UTC(2000, 0, 1, Number(m[1]) % 24, Number(m[2]))));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')}${NBSP}${part('dayPeriod')}`;
}
