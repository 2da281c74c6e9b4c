import type { TFunction } from 'i18next';
import type { HoursRows } from '../shared/opening-hours-rows.ts';
import { WEEK_DISPLAY_ORDER, type Weekday } from '../shared/opening-hours.ts';
import type { HoursInterval } from '../shared/schemas/opening-hours.ts';

/**
 * Opening hours as people read them, in the page's language (texts under `hours.*` of the common
 * namespace; 24-hour times with Western digits, as every number of the UI — decision 018/029).
 */

/** One day's intervals: "08:30–12:30, 16:00–20:30", "Open 24 hours", "Closed", or "Not known" when `unknown`. */
export function dayHoursText(intervals: HoursInterval[], unknown: boolean, t: TFunction): string {
  if (intervals.length === 1 && intervals[0].from === '00:00' && intervals[0].to === '24:00') return t('hours.open24');
  if (intervals.length > 0) return intervals.map((i) => `${i.from}–${i.to}`).join(t('hours.separator'));
  return unknown ? t('hours.dayUnknown') : t('hours.closed');
}

/**
 * A week's rows as lines, Sunday first, consecutive days with the same hours joined:
 * ["Sunday–Thursday: 08:00–12:00, 16:00–22:00", "Friday: Closed", "Saturday: 08:00–12:00, 16:00–22:00"].
 */
export function weekLines(rows: HoursRows, t: TFunction): string[] {
  const lines: { first: Weekday; last: Weekday; text: string }[] = [];
  for (const day of WEEK_DISPLAY_ORDER) {
    const text = dayHoursText(rows[day], false, t);
    const prev = lines.at(-1);
    if (prev && prev.text === text) prev.last = day;
    else lines.push({ first: day, last: day, text });
  }
  return lines.map(({ first, last, text }) => t('hours.line', {
    days: first === last ? t(`hours.days.${first}`) : `${t(`hours.days.${first}`)}–${t(`hours.days.${last}`)}`, hours: text,
  }));
}
