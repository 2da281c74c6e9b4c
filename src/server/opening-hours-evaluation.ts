import OpeningHours from 'opening_hours';
import { DEFAULT_TIME_ZONE, registerOpeningHoursChecker } from '../shared/opening-hours.ts';
import { WEEKDAYS, type HoursInterval, type PlaceHours, type Weekday } from '../shared/schemas/opening-hours-schemas.ts';

/**
 * The server's use of the `opening_hours` library: validating values and answering "open now?"
 * in the city's time zone. Evaluated for Saudi Arabia (country `sa`): a value naming public
 * holidays (`PH`) is refused, since the library has no Saudi holidays to evaluate it with.
 */

const NOMINATIM = { lat: 24.7136, lon: 46.6753, address: { country_code: 'sa', state: 'Riyadh' } };

/**
 * The parsed value, or undefined when the library refuses it (parse error, or evaluation error such as `PH`).
 * The library also prints its evaluation errors with console.error ("…Please submit a pull request…" for
 * `PH` without Saudi holidays) before throwing them; a refused value is an answer here (a 400, or a line of
 * the import report), not a server fault, so that print is held back while the library runs.
 */
function parse(value: string): OpeningHours | undefined {
  const print = console.error;
  console.error = () => undefined;
  try {
    const oh = new OpeningHours(value, NOMINATIM, 0);
    oh.getState(new Date(Date.UTC(2026, 0, 1, 12)));
    return oh;
  } catch {
    return undefined;
  } finally {
    console.error = print;
  }
}

const cache = new Map<string, OpeningHours | null>();

function parsed(value: string): OpeningHours | undefined {
  let hit = cache.get(value);
  if (hit === undefined) {
    hit = parse(value) ?? null;
    if (cache.size > 10_000) cache.clear();
    cache.set(value, hit);
  }
  return hit ?? undefined;
}

/** True when the library parses and evaluates `value`. */
export function isValidOpeningHoursValue(value: string): boolean {
  return parsed(value) !== undefined;
}

registerOpeningHoursChecker(isValidOpeningHoursValue);

/**
 * `now` as a Date whose local (server time zone) wall clock reads what a clock in `timeZone` reads:
 * the library evaluates in local time, so this makes it evaluate in the city's time zone whatever TZ
 * the server runs in.
 */
export function wallClockIn(timeZone: string, now: Date): Date {
  // the answer depends only on the second `now` falls in (the wall clock has no milliseconds): a list reads
  // it once per place, so the last second's reading per time zone is kept (formatToParts is the costly part)
  const second = Math.floor(now.getTime() / 1000);
  const last = lastWallClock.get(timeZone);
  if (last && last.second === second) return new Date(last.wall);
  const parts = wallClockFormat(timeZone).formatToParts(now);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = new Date(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  if (lastWallClock.size >= 64) lastWallClock.clear();
  lastWallClock.set(timeZone, { second, wall: wall.getTime() });
  return wall;
}

/** The last reading of `wallClockIn` per time zone: the second it was for and the wall-clock time (ms). */
const lastWallClock = new Map<string, { second: number; wall: number }>();

/** One formatter per time zone: building an Intl.DateTimeFormat costs more than the rest of openNowOf (it runs per listed place). */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    if (wallClockFormats.size >= 64) wallClockFormats.clear();
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/**
 * Is a place with `hours` open at `now` in `timeZone`? null when the hours are unknown (null) or
 * not evaluable; `unknown` states of the value (`Mo-Fr unknown`) are null too.
 */
export function openNowOf(hours: string | null, now: Date = new Date(), timeZone: string = DEFAULT_TIME_ZONE): boolean | null {
  if (!hours) return null;
  // the answer depends only on the value, the time zone and the second (wallClockIn): a list reads it once per
  // place, and popular places and common values ("24/7") repeat between requests of the same second
  const second = Math.floor(now.getTime() / 1000);
  const key = `${timeZone}\u0000${hours}`;
  const last = lastStates.get(key);
  if (last && last.second === second) return last.state;
  const oh = parsed(hours);
  if (!oh) return null;
  let state: boolean | null;
  try {
    const at = wallClockIn(timeZone, now);
    state = oh.getUnknown(at) ? null : oh.getState(at);
  } catch {
    state = null;
  }
  if (lastStates.size >= 10_000) lastStates.clear();
  lastStates.set(key, { second, state });
  return state;
}

/** openNowOf's last answer per time zone and value, with the second it is for. */
const lastStates = new Map<string, { second: number; state: boolean | null }>();

const DAY_CODES: readonly Weekday[] = ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa']; // Date#getDay order
const pad = (n: number) => String(n).padStart(2, '0');
const hm = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
const dayStart = (d: Date, plus = 0) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + plus);

/**
 * The city's time zone for reading hours. One helper so the `timeZone` website setting (h-opennow)
 * replaces the default in one place; today it is DEFAULT_TIME_ZONE (Asia/Riyadh).
 */
export function cityTimeZone(): string {
  return DEFAULT_TIME_ZONE;
}

interface Piece { start: Date; end: Date; unknown: boolean; from: Date; to: Date }

/**
 * The place page's reading of `hours` at `now` in `timeZone` (PlaceHours, src/shared/schemas/opening-hours-schemas.ts):
 * the 7 days from today with their open intervals, whether it is open now and the next change (≤ 7 days ahead).
 * An interval past midnight is listed on the day it starts ('18:00'–'02:00'); a day open throughout is
 * '00:00'–'24:00'. null when `hours` is null or the library cannot evaluate it.
 */
export function placeHoursOf(hours: string | null, now: Date = new Date(), timeZone: string = cityTimeZone()): PlaceHours | null {
  if (!hours) return null;
  const oh = parsed(hours);
  if (!oh) return null;
  try {
    const at = wallClockIn(timeZone, now);
    const today = dayStart(at);
    // merged intervals from yesterday to the day after the 7 days, so past-midnight tails are seen on both ends
    const merged: { from: Date; to: Date; unknown: boolean }[] = [];
    for (const [from, to, unknown] of oh.getOpenIntervals(dayStart(today, -1), dayStart(today, 8))) {
      const last = merged.at(-1);
      if (last && last.to.getTime() === from.getTime() && last.unknown === unknown) last.to = to;
      else merged.push({ from, to, unknown });
    }
    const piecesOf = (i: number): Piece[] => {
      const start = dayStart(today, i);
      const end = dayStart(today, i + 1);
      return merged.filter((m) => m.from < end && m.to > start).map((m) => ({
        start: m.from > start ? m.from : start, end: m.to < end ? m.to : end, unknown: m.unknown, from: m.from, to: m.to,
      }));
    };
    const isFullDay = (p: Piece, i: number) => p.start.getTime() === dayStart(today, i).getTime() && p.end.getTime() === dayStart(today, i + 1).getTime();
    const week = Array.from({ length: 7 }, (_, i) => {
      const pieces = piecesOf(i);
      const intervals: HoursInterval[] = [];
      for (const p of pieces) {
        if (p.unknown) continue;
        if (isFullDay(p, i)) { intervals.push({ from: '00:00', to: '24:00' }); continue; }
        const continues = p.from < p.start; // began the day before
        if (continues && !piecesOf(i - 1).some((q) => q.from === p.from && isFullDay(q, i - 1))) continue; // listed on that day
        const runsOn = p.to > p.end && !piecesOf(i + 1).some((q) => q.from === p.from && isFullDay(q, i + 1));
        intervals.push({ from: hm(p.start), to: runsOn ? hm(p.to) : p.end.getTime() === dayStart(today, i + 1).getTime() ? '24:00' : hm(p.end) });
      }
      return { day: DAY_CODES[dayStart(today, i).getDay()], intervals, unknown: pieces.some((p) => p.unknown) };
    });
    week.sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day));

    const unknownNow = oh.getUnknown(at);
    const state = oh.getState(at);
    // the library also reports rule boundaries where nothing changes (midnight inside 18:00-02:00): skip them
    let next: Date | undefined = at;
    const limit = new Date(at.getTime() + 7 * 86_400_000);
    do next = oh.getNextChange(next, limit);
    while (next && next < limit && oh.getState(next) === state && oh.getUnknown(next) === unknownNow);
    const nextChange = next && next < limit
      ? { at: new Date(now.getTime() + (next.getTime() - at.getTime())).toISOString(), day: DAY_CODES[next.getDay()], time: hm(next) }
      : null;
    return {
      timeZone, asOf: now.toISOString(), today: DAY_CODES[at.getDay()], openNow: unknownNow ? null : state,
      nextChange, weekStable: oh.isWeekStable(), week,
    };
  } catch {
    return null;
  }
}

/** Minutes in a week: minute-of-week values run from 0 (Monday 00:00) to 10 079 (Sunday 23:59). */
export const MINUTES_PER_WEEK = 7 * 24 * 60;

/**
 * Minute of the week (0 = Monday 00:00) that `now` is in `timeZone`'s wall clock: the key the
 * open-now filter looks up in private.place_open_intervals.
 */
export function minuteOfWeek(now: Date, timeZone: string = DEFAULT_TIME_ZONE): number {
  const at = wallClockIn(timeZone, now);
  return ((at.getDay() + 6) % 7) * 1440 + at.getHours() * 60 + at.getMinutes();
}

/** Monday 1 January 2024, 00:00 local: the reference week the weekly intervals are computed over. */
const REFERENCE_WEEK = [2024, 0, 1] as const;

/** Rule parts that make a value differ from week to week (or from day to day, like sunset). */
const DATED = /\b(sunrise|sunset|dawn|dusk|easter)\b/i;

/**
 * The weekly open intervals of `hours`, for the open-now filter (decision 028):
 * - `{ kind: 'weekly', ranges }`: the same every week; `ranges` are half-open minute-of-week
 *   ranges `[start, end)` (0 = Monday 00:00, end ≤ 10 080), past-midnight ranges already split at
 *   the week's end; `unknown` periods are not open; the ranges are sorted and disjoint;
 * - `{ kind: 'dated' }`: the value differs between weeks (week numbers, months, dates, variable
 *   times): evaluated per request with openNowOf instead;
 * - `{ kind: 'none' }`: no hours, or a value the library cannot evaluate (never open).
 */
export function weeklyIntervalsOf(hours: string | null): { kind: 'weekly'; ranges: [number, number][] } | { kind: 'dated' } | { kind: 'none' } {
  if (!hours || !hours.trim()) return { kind: 'none' };
  const oh = parsed(hours);
  if (!oh) return { kind: 'none' };
  try {
    if (!oh.isWeekStable() || DATED.test(hours)) return { kind: 'dated' };
    const [y, m, d] = REFERENCE_WEEK;
    const from = new Date(y, m, d);
    const to = new Date(y, m, d + 7);
    const minute = (t: Date) => {
      const day = Math.round((Date.UTC(t.getFullYear(), t.getMonth(), t.getDate()) - Date.UTC(y, m, d)) / 86_400_000);
      return day * 1440 + t.getHours() * 60 + t.getMinutes();
    };
    const ranges: [number, number][] = [];
    for (const [start, end, unknown] of oh.getOpenIntervals(from, to)) {
      if (unknown) continue;
      const a = minute(start);
      const b = end.getTime() >= to.getTime() ? MINUTES_PER_WEEK : minute(end);
      if (b > a) ranges.push([a, b]);
    }
    // disjoint, in order (the open-now totals count intervals as places; decision 028): the library's
    // intervals already are, overlaps are merged in case a version does not
    ranges.sort((x, y) => x[0] - y[0]);
    const disjoint: [number, number][] = [];
    for (const r of ranges) {
      const last = disjoint[disjoint.length - 1];
      if (last && r[0] < last[1]) last[1] = Math.max(last[1], r[1]);
      else disjoint.push([r[0], r[1]]);
    }
    return { kind: 'weekly', ranges: disjoint };
  } catch {
    return { kind: 'none' };
  }
}
