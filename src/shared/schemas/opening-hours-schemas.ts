import { z } from 'zod';
import { WEEKDAYS } from '../opening-hours.ts';

/**
 * The place page's reading of a place's opening hours (GET /api/public/places/{slug} `hours`), computed by
 * the API with the `opening_hours` library in the city's time zone so the browser never loads the library
 * (decision 029). Times are wall-clock 'HH:MM' in that zone, 24-hour.
 */

// Weekday codes and the display order live in src/shared/opening-hours.ts (no zod: the place page reads them
// before it is interactive, decision 036).
export { WEEK_DISPLAY_ORDER, WEEKDAYS, type Weekday } from '../opening-hours.ts';
export const weekdaySchema = z.enum(WEEKDAYS);

const hhmm = z.string().regex(/^([01]\d|2[0-4]):[0-5]\d$/);

export const hoursIntervalSchema = z.object({
  from: hhmm.describe("Opening time 'HH:MM'"),
  to: hhmm.describe("Closing time 'HH:MM'; '24:00' is midnight, a time not after `from` is the next day (18:00–02:00)"),
});
export type HoursInterval = z.infer<typeof hoursIntervalSchema>;

export const hoursDaySchema = z.object({
  day: weekdaySchema,
  intervals: z.array(hoursIntervalSchema).describe('Open intervals starting that day, in order; empty: closed'),
  unknown: z.boolean().describe('Part of the day is marked unknown in the value (e.g. `Su unknown`)'),
});
export type HoursDay = z.infer<typeof hoursDaySchema>;

export const placeHoursSchema = z.object({
  timeZone: z.string().describe('IANA time zone the hours are read in (the city\'s)'),
  asOf: z.string().describe('The instant (ISO 8601) the answer was computed at'),
  today: weekdaySchema.describe('The weekday of `asOf` in `timeZone`'),
  openNow: z.boolean().nullable().describe('Open at `asOf`; null when the value says unknown'),
  nextChange: z.object({
    at: z.string().describe('ISO 8601 instant'),
    day: weekdaySchema,
    time: hhmm.describe("Wall-clock time in `timeZone`, 'HH:MM'"),
  }).nullable().describe('The next opening or closing within 7 days; null: none (24/7, or closed all week)'),
  weekStable: z.boolean().describe('false: the value depends on dates (months, weeks), so `week` holds only the coming 7 days'),
  week: z.array(hoursDaySchema).length(7).describe('The 7 days from `today` on, in Monday-first order'),
}).meta({
  id: 'PlaceHours',
  description: 'Opening hours read for people, in the city\'s time zone; null when the place has none.',
  examples: [{
    timeZone: 'Asia/Riyadh', asOf: '2026-11-25T09:35:00.000Z', today: 'we', openNow: true,
    nextChange: { at: '2026-11-25T10:00:00.000Z', day: 'we', time: '13:00' }, weekStable: true,
    week: WEEKDAYS.map((day) => ({ day, intervals: day === 'fr' ? [] : [{ from: '08:00', to: '13:00' }, { from: '16:00', to: '22:00' }], unknown: false })),
  }],
});
export type PlaceHours = z.infer<typeof placeHoursSchema>;
