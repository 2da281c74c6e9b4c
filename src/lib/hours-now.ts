import type { PlaceHours, Weekday } from '../shared/schemas/opening-hours-schemas.ts';

/**
 * The place page's hours (`PlaceHours`, read by the API at `asOf`, decision 029) read again at another moment on
 * the device — for saved places shown with no network (decision 048). Only the stored week is used (its wall-clock
 * intervals per weekday) with the city's time zone (`hours.timeZone`) through `Intl`: no opening-hours library in
 * the browser. The result has the same shape, so the place page's components (`PlaceHoursPanel`, `HoursStatus`)
 * show it as they show the API's.
 */

const DAY_CODES: readonly Weekday[] = ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa']; // Date#getDay order
const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAY = 1440;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The weekday (0 = Sunday) and minute of the day that a clock in `timeZone` shows at `now`. */
export function cityClock(timeZone: string, now: number): { dayIndex: number; minute: number } {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(now));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { dayIndex: SHORT_DAYS.indexOf(part('weekday')), minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmmOf = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * `hours` read at `now` (ms since epoch): `today`, `openNow` and `nextChange` computed from the stored week in
 * `hours.timeZone`, `asOf` = `now`; the week itself is unchanged. Open intervals from yesterday (a past-midnight
 * tail) to 7 days ahead are merged, so a change where nothing changes (midnight inside 18:00–02:00) is skipped as
 * the API skips it. `openNow` is null where the day is marked unknown and no interval covers `now`, and when the
 * value depends on dates (`weekStable` false) and `now` is past the 7 days the API read. Wall-clock arithmetic:
 * exact in zones without daylight saving (Asia/Riyadh); elsewhere a change on a clock-change day may be an hour off.
 */
export function hoursAt(hours: PlaceHours, now: number): PlaceHours {
  const { dayIndex, minute } = cityClock(hours.timeZone, now);
  const today = DAY_CODES[dayIndex];
  const asOf = new Date(now).toISOString();
  if (!hours.weekStable && now - Date.parse(hours.asOf) >= 7 * DAY * 60_000) {
    return { ...hours, asOf, today, openNow: null, nextChange: null };
  }
  const byDay = new Map(hours.week.map((d) => [d.day, d]));
  const ranges: [number, number][] = [];
  for (let d = -1; d <= 7; d++) {
    const day = byDay.get(DAY_CODES[(dayIndex + d + 7) % 7]);
    for (const { from, to } of day?.intervals ?? []) {
      const start = minutes(from);
      const end = to === '24:00' ? DAY : minutes(to) <= start ? minutes(to) + DAY : minutes(to);
      ranges.push([d * DAY + start, d * DAY + end]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  const current = merged.find(([start, end]) => start <= minute && minute < end);
  const horizon = minute + 7 * DAY;
  let change: number | null;
  if (current) change = current[1] < horizon ? current[1] : null;
  else change = merged.find(([start]) => start > minute && start < horizon)?.[0] ?? null;
  const openNow = current ? true : byDay.get(today)?.unknown ? null : false;
  const startOfMinute = Math.floor(now / 60_000) * 60_000;
  const nextChange = change == null ? null : {
    at: new Date(startOfMinute + (change - minute) * 60_000).toISOString(),
    day: DAY_CODES[(dayIndex + Math.floor(change / DAY)) % 7],
    time: hhmmOf(change % DAY),
  };
  return { ...hours, asOf, today, openNow, nextChange };
}
