import OpeningHours from 'opening_hours';
import { DEFAULT_TIME_ZONE, registerOpeningHoursChecker } from '../shared/opening-hours.ts';

/**
 * The server's use of the `opening_hours` library: validating values and answering "open now?"
 * in the city's time zone. Evaluated for Saudi Arabia (country `sa`): a value naming public
 * holidays (`PH`) is refused, since the library has no Saudi holidays to evaluate it with.
 */

const NOMINATIM = { lat: 24.7136, lon: 46.6753, address: { country_code: 'sa', state: 'Riyadh' } };

/** The parsed value, or undefined when the library refuses it (parse error, or evaluation error such as `PH`). */
function parse(value: string): OpeningHours | undefined {
  try {
    const oh = new OpeningHours(value, NOMINATIM, 0);
    oh.getState(new Date(Date.UTC(2026, 0, 1, 12)));
    return oh;
  } catch {
    return undefined;
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
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  }).formatToParts(now);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
}

/**
 * Is a place with `hours` open at `now` in `timeZone`? null when the hours are unknown (null) or
 * not evaluable; `unknown` states of the value (`Mo-Fr unknown`) are null too.
 */
export function openNowOf(hours: string | null, now: Date = new Date(), timeZone: string = DEFAULT_TIME_ZONE): boolean | null {
  if (!hours) return null;
  const oh = parsed(hours);
  if (!oh) return null;
  try {
    const at = wallClockIn(timeZone, now);
    if (oh.getUnknown(at)) return null;
    return oh.getState(at);
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
 *   the week's end; `unknown` periods are not open;
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
    return { kind: 'weekly', ranges };
  } catch {
    return { kind: 'none' };
  }
}
