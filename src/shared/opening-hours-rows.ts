import { WEEKDAYS, type HoursInterval, type Weekday } from './schemas/opening-hours-schemas.ts';

/**
 * Opening hours as the editor's rows (a day → its intervals) and back, without the `opening_hours`
 * library: only the plain weekly subset of the OpenStreetMap syntax is read — `24/7`, and rules
 * `<days> <HH:MM-HH:MM,…>` / `<days> off` separated by `;` (days: `Mo`, `Mo-Fr`, `Sa-Th`, lists with `,`;
 * a later rule replaces the days it names, as in OSM). Anything else (`PH`, months, weeks, comments,
 * `unknown`, `+`) reads as null: the editor then keeps the value as text. Decision 029.
 */

/** Every day's intervals (`[]`: closed), Monday first; `to` '24:00' is midnight, `to` ≤ `from` runs past midnight. */
export type HoursRows = Record<Weekday, HoursInterval[]>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** A week with every day closed. */
export function closedWeek(): HoursRows {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, []])) as unknown as HoursRows;
}

function daysOf(selector: string): Weekday[] | null {
  const days: Weekday[] = [];
  for (const part of selector.split(',')) {
    const m = /^(Mo|Tu|We|Th|Fr|Sa|Su)(?:-(Mo|Tu|We|Th|Fr|Sa|Su))?$/.exec(part);
    if (!m) return null;
    const from = WEEKDAYS.indexOf(m[1].toLowerCase() as Weekday);
    const to = m[2] ? WEEKDAYS.indexOf(m[2].toLowerCase() as Weekday) : from;
    for (let i = from; ; i = (i + 1) % 7) {
      days.push(WEEKDAYS[i]);
      if (i === to) break;
    }
  }
  return days;
}

function intervalsOf(times: string): HoursInterval[] | null {
  const intervals: HoursInterval[] = [];
  for (const part of times.split(',')) {
    const [from, to, extra] = part.split('-');
    if (extra !== undefined || !TIME.test(from ?? '') || !TIME.test(to ?? '') || from === '24:00' || from === to) return null;
    intervals.push({ from, to });
  }
  return intervals;
}

/** The rows of `value`, or null when the value is not plain weekly hours (see the module comment). */
export function parseHoursRows(value: string): HoursRows | null {
  const text = value.trim();
  if (!text) return null;
  const rows = closedWeek();
  if (text === '24/7') {
    for (const d of WEEKDAYS) rows[d] = [{ from: '00:00', to: '24:00' }];
    return rows;
  }
  for (const rule of text.split(';').map((r) => r.trim())) {
    if (!rule) continue;
    const m = /^(?:([A-Za-z,-]+)\s+)?(off|closed|[\d:,-]+)$/.exec(rule);
    if (!m) return null;
    const days = m[1] ? daysOf(m[1]) : [...WEEKDAYS];
    if (!days) return null;
    const intervals = m[2] === 'off' || m[2] === 'closed' ? [] : intervalsOf(m[2]);
    if (!intervals) return null;
    for (const d of days) rows[d] = intervals;
  }
  return rows;
}

const key = (intervals: HoursInterval[]) => intervals.map((i) => `${i.from}-${i.to}`).join(',');

/**
 * The value of `rows` in the OSM syntax: `24/7` when every day is open throughout, `off` when every day is
 * closed, else days with the same intervals grouped into ranges (`Mo-Th,Sa-Su 08:30-12:30,16:00-20:30`),
 * closed days left out. Intervals are written in time order.
 */
export function formatHoursRows(rows: HoursRows): string {
  const keys = WEEKDAYS.map((d) => key([...rows[d]].sort((a, b) => a.from.localeCompare(b.from))));
  if (keys.every((k) => k === '00:00-24:00')) return '24/7';
  if (keys.every((k) => k === '')) return 'off';
  const rules: string[] = [];
  const done = new Set<number>();
  keys.forEach((k, i) => {
    if (!k || done.has(i)) return;
    const ranges: string[] = [];
    for (let start = i; start < 7; start++) {
      if (keys[start] !== k || done.has(start)) continue;
      let end = start;
      while (end + 1 < 7 && keys[end + 1] === k) end++;
      for (let j = start; j <= end; j++) done.add(j);
      const name = (j: number) => WEEKDAYS[j][0].toUpperCase() + WEEKDAYS[j][1];
      ranges.push(end === start ? name(start) : `${name(start)}-${name(end)}`);
      start = end;
    }
    rules.push(`${ranges.join(',')} ${k}`);
  });
  return rules.join('; ');
}

/** True when both week rows say the same (intervals compared in time order). */
export function sameHoursRows(a: HoursRows, b: HoursRows): boolean {
  return WEEKDAYS.every((d) => key([...a[d]].sort((x, y) => x.from.localeCompare(y.from))) === key([...b[d]].sort((x, y) => x.from.localeCompare(y.from))));
}
