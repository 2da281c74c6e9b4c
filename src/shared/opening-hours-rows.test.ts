import { describe, expect, it } from 'vitest';
import { closedWeek, formatHoursRows, parseHoursRows, sameHoursRows } from './opening-hours-rows.ts';

describe('parseHoursRows', () => {
  it('reads day ranges (wrapping past Sunday), lists, split and past-midnight intervals', () => {
    const rows = parseHoursRows('Sa-Th 08:00-12:30,16:00-23:00; Fr 16:00-02:00')!;
    expect(rows.sa).toEqual([{ from: '08:00', to: '12:30' }, { from: '16:00', to: '23:00' }]);
    expect(rows.mo).toEqual(rows.sa);
    expect(rows.fr).toEqual([{ from: '16:00', to: '02:00' }]);
    expect(parseHoursRows('Mo,We 09:00-17:00')!.tu).toEqual([]);
  });

  it('reads 24/7, rules without days (every day), `off` and later rules replacing earlier ones', () => {
    expect(parseHoursRows('24/7')!.we).toEqual([{ from: '00:00', to: '24:00' }]);
    expect(parseHoursRows('08:00-17:00')!.su).toEqual([{ from: '08:00', to: '17:00' }]);
    const rows = parseHoursRows('Mo-Su 08:00-17:00; Fr off')!;
    expect(rows.fr).toEqual([]);
    expect(rows.th).toEqual([{ from: '08:00', to: '17:00' }]);
  });

  it('is null for values the rows cannot show', () => {
    for (const v of ['', 'PH off', 'Mo-Fr 08:00-17:00; PH off', 'Jan-Mar Mo 08:00-12:00', 'Mo[1] 10:00-12:00', 'Mo-Fr 08:00-17:00 "by appointment"',
      'Mo-Su unknown', 'Mo 10:00+', 'sunrise-sunset', 'Mo 25:00-26:00', 'week 01-10 Mo 08:00-10:00', 'Mo 08:00-08:00']) {
      expect(parseHoursRows(v), v).toBeNull();
    }
  });
});

describe('formatHoursRows', () => {
  it('groups days with the same intervals, leaves closed days out, writes 24/7 and off', () => {
    expect(formatHoursRows(parseHoursRows('Mo-Th,Sa-Su 08:30-12:30,16:00-20:30')!)).toBe('Mo-Th,Sa-Su 08:30-12:30,16:00-20:30');
    expect(formatHoursRows(parseHoursRows('Mo,Tu 09:00-17:00; Th 09:00-17:00; Fr 16:00-02:00')!)).toBe('Mo-Tu,Th 09:00-17:00; Fr 16:00-02:00');
    const allDay = closedWeek();
    for (const d of Object.keys(allDay) as (keyof typeof allDay)[]) allDay[d] = [{ from: '00:00', to: '24:00' }];
    expect(formatHoursRows(allDay)).toBe('24/7');
    expect(formatHoursRows(closedWeek())).toBe('off');
    const week = closedWeek();
    week.su = [{ from: '16:00', to: '20:00' }, { from: '08:00', to: '12:00' }];
    expect(formatHoursRows(week)).toBe('Su 08:00-12:00,16:00-20:00');
  });

  it('round-trips: the rows of a formatted value are the same rows', () => {
    for (const v of ['Sa-Th 08:00-12:30,16:00-23:00; Fr 16:00-02:00', '24/7', 'Mo-Fr 08:00-17:00; Su 00:00-24:00', 'We 10:00-14:00']) {
      const rows = parseHoursRows(v)!;
      expect(sameHoursRows(parseHoursRows(formatHoursRows(rows))!, rows), v).toBe(true);
    }
  });
});
