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
