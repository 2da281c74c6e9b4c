import { describe, expect, it } from 'vitest';
import { cityClock, hoursAt } from './hours-now.ts';
import { WEEKDAYS, type HoursDay, type PlaceHours, type Weekday } from '../shared/schemas/opening-hours-schemas.ts';

/** Sunday–Thursday 08:00–13:00 and 16:00–22:00, Friday closed, Saturday 18:00–02:00 (past midnight), as the API reads them. */
function week(overrides: Partial<Record<Weekday, Partial<HoursDay>>> = {}): HoursDay[] {
  const base = (day: Weekday): HoursDay => ({
    day,
    intervals: day === 'fr' ? [] : day === 'sa' ? [{ from: '18:00', to: '02:00' }] : [{ from: '08:00', to: '13:00' }, { from: '16:00', to: '22:00' }],
    unknown: false,
  });
  return WEEKDAYS.map((day) => ({ ...base(day), ...overrides[day] }));
}

/** A reading taken by the API on Wednesday 25 November 2026 at 12:35 in Riyadh (UTC+3). */
const stored = (days = week(), weekStable = true): PlaceHours => ({
  timeZone: 'Asia/Riyadh', asOf: '2026-11-25T09:35:00.000Z', today: 'we', openNow: true,
  nextChange: { at: '2026-11-25T10:00:00.000Z', day: 'we', time: '13:00' }, weekStable, week: days,
});
const at = (iso: string) => Date.parse(iso);

describe('cityClock', () => {
  it('reads the weekday and minute in the city, whatever the device zone', () => {
    expect(cityClock('Asia/Riyadh', at('2026-11-25T21:30:00Z'))).toEqual({ dayIndex: 4, minute: 30 }); // Thursday 00:30
    expect(cityClock('UTC', at('2026-11-25T21:30:00Z'))).toEqual({ dayIndex: 3, minute: 21 * 60 + 30 });
  });
});

describe('hoursAt', () => {
  it('agrees with the API at its own asOf', () => {
    const now = hoursAt(stored(), at('2026-11-25T09:35:00Z'));
    expect(now).toMatchObject({ today: 'we', openNow: true, nextChange: { at: '2026-11-25T10:00:00.000Z', day: 'we', time: '13:00' } });
  });

  it('reads closed between two intervals, and the next opening', () => {
    expect(hoursAt(stored(), at('2026-11-25T11:00:00Z'))).toMatchObject({
      openNow: false, asOf: '2026-11-25T11:00:00.000Z', nextChange: { at: '2026-11-25T13:00:00.000Z', day: 'we', time: '16:00' },
    });
  });

  it('skips a closed day to the next opening (Thursday night → Saturday 18:00)', () => {
    expect(hoursAt(stored(), at('2026-11-26T20:00:00Z'))).toMatchObject({
      today: 'th', openNow: false, nextChange: { at: '2026-11-28T15:00:00.000Z', day: 'sa', time: '18:00' },
    });
  });

  it('counts a past-midnight tail as open on the next day and closes it at its end', () => {
    // Sunday 01:00 in Riyadh: inside Saturday's 18:00–02:00
    expect(hoursAt(stored(), at('2026-11-28T22:00:00Z'))).toMatchObject({
      today: 'su', openNow: true, nextChange: { at: '2026-11-28T23:00:00.000Z', day: 'su', time: '02:00' },
    });
  });

  it('reads weeks later from the same weekly hours (a weekly value repeats)', () => {
    // five weeks on, Wednesday 12:35 again
    expect(hoursAt(stored(), at('2026-12-30T09:35:00Z'))).toMatchObject({ today: 'we', openNow: true, nextChange: { time: '13:00', day: 'we' } });
  });

  it('open every day all day: open, no next change', () => {
    const allDay = week(Object.fromEntries(WEEKDAYS.map((d) => [d, { intervals: [{ from: '00:00', to: '24:00' }] }])));
    expect(hoursAt(stored(allDay), at('2026-11-27T10:00:00Z'))).toMatchObject({ openNow: true, nextChange: null });
  });

  it('closed all week: closed, no next change', () => {
    const closed = week(Object.fromEntries(WEEKDAYS.map((d) => [d, { intervals: [] }])));
    expect(hoursAt(stored(closed), at('2026-11-27T10:00:00Z'))).toMatchObject({ openNow: false, nextChange: null });
  });

  it('a day marked unknown, outside any interval: unknown (null)', () => {
    expect(hoursAt(stored(week({ fr: { unknown: true } })), at('2026-11-27T10:00:00Z'))).toMatchObject({ today: 'fr', openNow: null });
  });

  it('hours that depend on dates are not guessed past the 7 days the API read', () => {
    expect(hoursAt(stored(week(), false), at('2026-11-27T10:00:00Z')).openNow).toBe(false);
    expect(hoursAt(stored(week(), false), at('2026-12-03T10:00:00Z'))).toMatchObject({ openNow: null, nextChange: null });
  });

  it('keeps the week as the API read it', () => {
    const hours = stored();
    expect(hoursAt(hours, at('2026-12-30T09:35:00Z')).week).toBe(hours.week);
  });
});
