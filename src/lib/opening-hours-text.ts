import type { TFunction } from 'i18next';
import { formatClock, NBSP } from './intl.ts';
import type { Lang } from './browser-language.ts';
import type { HoursRows } from '../shared/opening-hours-rows.ts';
import { WEEK_DISPLAY_ORDER, type Weekday } from '../shared/opening-hours.ts';
import type { HoursInterval } from '../shared/schemas/opening-hours-schemas.ts';

/**
 * Opening hours as people read them, in the page's language (texts under `hours.*` of the common
 * namespace; Western digits as every number of the UI — decision 018): English with the 24-hour clock
 * (decision 029), Arabic with the 12-hour clock and «ص»/«م» as read in Riyadh (decision 044).
 */

/**
 * One interval: English "08:30–12:30", "18:00–02:00 (next day)"; Arabic "8:30 ص – 12:30 م",
 * "6:00 م – 2:00 ص (اليوم التالي)", "7:00 ص – 12:00 ص (منتصف الليل)" for one ending at 24:00.
 * An interval ending at or before its start ends on the next day (decision 029 keeps it on the day it
 * starts). In Arabic every time carries its «ص»/«م» (a strong right-to-left letter) right after its
 * digits, so the bidi algorithm keeps "from – to" in reading order: no run of digits, dash and digits
 * for it to turn round.
 */
export function intervalText({ from, to }: HoursInterval, lang: Lang, t: TFunction): string {
  const nextDay = to !== '24:00' && to <= from;
  const range = lang === 'ar' ? `${formatClock(from, lang)} – ${formatClock(to, lang)}` : `${from}–${to}`;
  if (nextDay) return `${range}${unbroken(` ${t('hours.nextDay')}`)}`;
  return lang === 'ar' && to === '24:00' ? `${range}${unbroken(` ${t('hours.midnight')}`)}` : range;
}

/**
 * A note such as " (next day)" or « (منتصف الليل)» with no-break spaces, so that a narrow screen never wraps inside
 * it or between it and its closing time («12:00 ص» on one line and «(منتصف الليل)» split over two).
 */
const unbroken = (text: string) => text.replaceAll(' ', NBSP);

/** One day's intervals: "08:30–12:30, 16:00–20:30", "Open 24 hours", "Closed", or "Not known" when `unknown`. */
export function dayHoursText(intervals: HoursInterval[], unknown: boolean, lang: Lang, t: TFunction): string {
  if (intervals.length === 1 && intervals[0].from === '00:00' && intervals[0].to === '24:00') return t('hours.open24');
  if (intervals.length > 0) return intervals.map((i) => intervalText(i, lang, t)).join(t('hours.separator'));
  return unknown ? t('hours.dayUnknown') : t('hours.closed');
}

/**
 * A week's rows as lines, Sunday first, consecutive days with the same hours joined:
 * ["Sunday–Thursday: 08:00–12:00, 16:00–22:00", "Friday: Closed", "Saturday: 08:00–12:00, 16:00–22:00"].
 */
export function weekLines(rows: HoursRows, lang: Lang, t: TFunction): string[] {
  const lines: { first: Weekday; last: Weekday; text: string }[] = [];
  for (const day of WEEK_DISPLAY_ORDER) {
    const text = dayHoursText(rows[day], false, lang, t);
    const prev = lines.at(-1);
    if (prev && prev.text === text) prev.last = day;
    else lines.push({ first: day, last: day, text });
  }
  return lines.map(({ first, last, text }) => t('hours.line', {
    days: first === last ? t(`hours.days.${first}`) : `${t(`hours.days.${first}`)}–${t(`hours.days.${last}`)}`, hours: text,
  }));
}
