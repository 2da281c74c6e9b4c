/**
 * Opening hours in the OpenStreetMap `opening_hours` syntax (https://wiki.openstreetmap.org/wiki/Key:opening_hours).
 *
 * The rule "a value is valid" lives here, used by every write path's zod schema (place-form.ts,
 * the importer). The parser itself is the `opening_hours` npm library, which is large: the server
 * registers it at start (src/server/opening-hours.ts), and a browser chunk that wants the same check
 * (the hours editor) registers it through a lazy import. Until a checker is registered the rule only
 * limits the length, so the public bundle never carries the library; the server is the authority.
 */

/** The IANA time zone a directory's hours are read in when the site settings name none. */
export const DEFAULT_TIME_ZONE = 'Asia/Riyadh';

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
