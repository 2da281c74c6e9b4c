/**
 * Opening hours in the OpenStreetMap `opening_hours` syntax (https://wiki.openstreetmap.org/wiki/Key:opening_hours).
 *
 * The rule "a value is valid" lives here, used by every write path's zod schema (place-form.ts,
 * the importer). The parser itself is the `opening_hours` npm library, which is large: the server
 * registers it at start (src/server/opening-hours-evaluation.ts), and a browser chunk that wants the same check
 * (the hours editor) registers it through a lazy import. Until a checker is registered the rule only
 * limits the length, so the public bundle never carries the library; the server is the authority.
 */

/** Weekday codes as the OpenStreetMap syntax writes them, Monday first. */
export const WEEKDAYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * The order people read a week in, in both languages: Sunday first, the city's week (CLDR's first day
 * for Saudi Arabia; the Saudi working week is Sunday–Thursday). Decision 029.
 */
export const WEEK_DISPLAY_ORDER: readonly Weekday[] = ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa'];

/** The IANA time zone a directory's hours are read in when the site settings name none. */
export const DEFAULT_TIME_ZONE = 'Asia/Riyadh';

/** Field message of a `timeZone` that is not an IANA time zone name this runtime knows. */
export const UNKNOWN_TIME_ZONE = 'unknown time zone';

/**
 * True when `name` is an IANA time zone name of the runtime's list (Intl.supportedValuesOf, the
 * canonical names) or `UTC`. Offsets (`+03:00`) and abbreviations are refused.
 */
export function isKnownTimeZone(name: string): boolean {
  if (name === 'UTC') return true;
  return Intl.supportedValuesOf('timeZone').includes(name);
}

/** The city's time zone of the website settings (`timeZone`), else DEFAULT_TIME_ZONE. */
export function cityTimeZone(settings?: { timeZone?: string | null } | null): string {
  return settings?.timeZone || DEFAULT_TIME_ZONE;
}

/** Field message of an `openingHours` value the library cannot parse or evaluate. */
export const INVALID_OPENING_HOURS = 'invalid opening hours';

type Checker = (value: string) => boolean;
let checker: Checker | undefined;

/** Registers the parser-backed check (`value` → can the library parse and evaluate it). */
export function registerOpeningHoursChecker(check: Checker): void {
  checker = check;
}

/** True when `value` is valid opening hours (or no checker is registered: see the module comment). */
export function isValidOpeningHours(value: string): boolean {
  return checker ? checker(value) : true;
}
