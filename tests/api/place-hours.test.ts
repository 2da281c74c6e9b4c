import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { placeHoursOf } from '../../src/server/opening-hours-evaluation.ts';
import { placeWithRelatedSchema } from '../../src/shared/schemas/entity-schemas.ts';
import { ownerSql, testApp } from '../helpers/api.ts';

/**
 * Issue #15 (screens): the place page's `hours` — the week, open now and the next change — computed by the
 * API in the city's time zone (Asia/Riyadh, UTC+3), with the clock fixed.
 */

const sql = ownerSql();
const app = testApp(sql);
let categoryId: number;
const tag = randomUUID().slice(0, 8);

/** `riyadh(2026, 11, 25, 23, 30)` is 25 Nov 2026 23:30 in Riyadh (a Wednesday). */
const riyadh = (y: number, m: number, d: number, h: number, min = 0) => new Date(Date.UTC(y, m - 1, d, h - 3, min));

beforeAll(async () => {
  [{ id: categoryId }] = await sql<{ id: number }[]>`select id::int from public.categories where slug = 'cafes'`;
});
afterEach(() => { vi.useRealTimers(); });
afterAll(() => sql.end());

async function placeWith(openingHours: string | null) {
  const slug = `hours-${randomUUID().slice(0, 8)}-${tag}`;
  await sql`insert into public.places ${sql({ slug, name: `Hours ${slug}`, category_id: categoryId, opening_hours: openingHours })}`;
  return slug;
}

/** GET /public/places/{slug} with the server's clock at `at`; the answer checked against its declared schema. */
async function hoursAt(slug: string, at: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  const res = await app.request(`/api/public/places/${slug}`);
  vi.useRealTimers();
  expect(res.status).toBe(200);
  const body = await res.json();
  return placeWithRelatedSchema.parse(body.data).hours;
}

const day = (hours: NonNullable<ReturnType<typeof placeHoursOf>>, code: string) => hours.week.find((d) => d.day === code)!;

describe('GET /public/places/{slug} hours (fixed clock)', () => {
  it('across midnight: the interval is listed on the day it starts; open after midnight, closing at 02:00', async () => {
    const slug = await placeWith('Mo-Su 18:00-02:00');
    const late = await hoursAt(slug, riyadh(2026, 11, 26, 1, 35)); // Thursday 01:35
    expect(late).toMatchObject({ timeZone: 'Asia/Riyadh', today: 'th', openNow: true, weekStable: true, asOf: riyadh(2026, 11, 26, 1, 35).toISOString() });
    expect(late!.nextChange).toEqual({ at: riyadh(2026, 11, 26, 2).toISOString(), day: 'th', time: '02:00' });
    expect(late!.week.map((d) => d.day)).toEqual(['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su']);
    for (const d of late!.week) expect(d).toEqual({ day: d.day, intervals: [{ from: '18:00', to: '02:00' }], unknown: false });
    // 23:50: midnight is no change (still open), the next one is 02:00 the next day
    const evening = await hoursAt(slug, riyadh(2026, 11, 25, 23, 50));
    expect(evening).toMatchObject({ today: 'we', openNow: true, nextChange: { day: 'th', time: '02:00' } });
    const afternoon = await hoursAt(slug, riyadh(2026, 11, 25, 15));
    expect(afternoon).toMatchObject({ openNow: false, nextChange: { at: riyadh(2026, 11, 25, 18).toISOString(), day: 'we', time: '18:00' } });
  });

  it('split intervals: open in either part, closed in the gap and on the day off; the next opening is named', async () => {
    const slug = await placeWith('Mo-Th,Sa-Su 08:30-12:30,16:00-20:30');
    const gap = await hoursAt(slug, riyadh(2026, 11, 25, 14));
    expect(gap).toMatchObject({ openNow: false, nextChange: { day: 'we', time: '16:00' } });
    expect(day(gap!, 'we').intervals).toEqual([{ from: '08:30', to: '12:30' }, { from: '16:00', to: '20:30' }]);
    expect(day(gap!, 'fr')).toEqual({ day: 'fr', intervals: [], unknown: false });
    const second = await hoursAt(slug, riyadh(2026, 11, 25, 20, 5));
    expect(second).toMatchObject({ openNow: true, nextChange: { at: riyadh(2026, 11, 25, 20, 30).toISOString(), time: '20:30' } });
    // Thursday evening: Friday is off, the next opening is Saturday 08:30
    const thursday = await hoursAt(slug, riyadh(2026, 11, 26, 21));
    expect(thursday).toMatchObject({ today: 'th', openNow: false, nextChange: { day: 'sa', time: '08:30', at: riyadh(2026, 11, 28, 8, 30).toISOString() } });
  });

  it('24/7 is open every day all day with no next change; unknown hours are null, `unknown` values have openNow null', async () => {
    const always = await hoursAt(await placeWith('24/7'), riyadh(2026, 11, 25, 3));
    expect(always).toMatchObject({ openNow: true, nextChange: null });
    for (const d of always!.week) expect(d.intervals).toEqual([{ from: '00:00', to: '24:00' }]);
    expect(await hoursAt(await placeWith(null), riyadh(2026, 11, 25, 3))).toBeNull();
    const unknown = await hoursAt(await placeWith('Mo-Su unknown'), riyadh(2026, 11, 25, 3));
    expect(unknown).toMatchObject({ openNow: null, nextChange: null });
    expect(day(unknown!, 'we')).toEqual({ day: 'we', intervals: [], unknown: true });
  });

  it("reads the week in the city's zone: 21:30 UTC on a Wednesday is 00:30 Thursday in Riyadh", async () => {
    const slug = await placeWith('Th 00:00-01:00');
    const hours = await hoursAt(slug, new Date(Date.UTC(2026, 10, 25, 21, 30)));
    expect(hours).toMatchObject({ today: 'th', openNow: true, nextChange: { time: '01:00', day: 'th' } });
  });
});

describe('placeHoursOf', () => {
  it('marks a value with date rules as not week-stable and lists the coming 7 days; a day open throughout reads 00:00–24:00', () => {
    const dated = placeHoursOf('Jan-Mar Mo-Fr 08:00-12:00; Apr-Dec Mo-Fr 09:00-17:00', riyadh(2026, 11, 25, 10));
    expect(dated).toMatchObject({ weekStable: false, openNow: true });
    expect(day(dated!, 'mo').intervals).toEqual([{ from: '09:00', to: '17:00' }]);
    const mixed = placeHoursOf('Mo-Fr 08:00-17:00; Su 00:00-24:00', riyadh(2026, 11, 25, 10));
    expect(day(mixed!, 'su').intervals).toEqual([{ from: '00:00', to: '24:00' }]);
    expect(day(mixed!, 'sa').intervals).toEqual([]);
  });

  it('is null for a value the library cannot evaluate', () => {
    expect(placeHoursOf('banana', riyadh(2026, 11, 25, 10))).toBeNull();
  });
});
