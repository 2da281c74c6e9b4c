import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weeklyIntervalsOf } from '../../src/server/opening-hours-evaluation.ts';
import { reindexOpeningHours } from '../../src/server/queries/open-intervals.ts';
import { ownerSql } from '../helpers/api.ts';

/**
 * The open-now counters (migration 20260101007500, decision 028 amended 2026-11-26): for every
 * (category, zone) and roll-up, `sum(change) where minute <= m` equals the number of places with an
 * interval containing minute m, through every write that changes intervals or a place's category
 * or zone. Each comparison is one statement (one snapshot): other test files write places meanwhile.
 */
const sql = ownerSql();
const tag = randomUUID().slice(0, 8);
const cat: number[] = [];
const zone: number[] = [];
const place: Record<string, number> = {};

/** Minutes where the counters disagree with the intervals for these keys (-1 = all; zone 0 = none), every hour and the minutes around the test hours' ends. */
async function mismatches(keys: [number, number][]) {
  return sql<{ category_id: number; zone_id: number; minute: number; counted: number; actual: number }[]>`
    with k(category_id, zone_id) as (select * from unnest(${keys.map((k) => k[0])}::bigint[], ${keys.map((k) => k[1])}::bigint[])),
         m(minute) as (select generate_series(0, 10079, 60) union select unnest(array[119, 479, 509, 510, 749, 750, 779, 899, 1019, 1020, 1079, 1229, 1230, 10079])),
         counted as (select k.category_id, k.zone_id, m.minute,
                            coalesce((select sum(c.change) from private.place_open_counts c
                                       where c.category_id = k.category_id and c.zone_id = k.zone_id and c.minute <= m.minute), 0)::int as n
                     from k cross join m),
         actual as (select k.category_id, k.zone_id, m.minute,
                           (select count(distinct i.place_id) from private.place_open_intervals i join public.places p on p.id = i.place_id
                             where i.minutes @> m.minute
                               and (k.category_id = -1 or p.category_id = k.category_id)
                               and (k.zone_id = -1 or coalesce(p.zone_id, 0) = k.zone_id))::int as n
                    from k cross join m)
    select c.category_id::int, c.zone_id::int, c.minute, c.n as counted, a.n as actual
    from counted c join actual a using (category_id, zone_id, minute) where c.n <> a.n limit 5`;
}

const keys = (): [number, number][] => [
  [cat[0], zone[0]], [cat[0], zone[1]], [cat[1], zone[0]], [cat[1], zone[1]], [cat[0], 0], [cat[1], 0],
  [cat[0], -1], [cat[1], -1], [-1, zone[0]], [-1, zone[1]], [-1, -1],
];
const count = async (category: number, z: number, minute: number) => {
  const [row] = await sql<{ n: number }[]>`select coalesce(sum(change), 0)::int as n from private.place_open_counts
    where category_id = ${category} and zone_id = ${z} and minute <= ${minute}`;
  return row.n;
};
/** Recomputes stale intervals until none of ours is left (other files' servers may hold rows for a moment). */
async function reindex() {
  for (let i = 0; i < 50; i++) {
    await reindexOpeningHours(sql);
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from private.place_hours_unindexed where reason = 'stale' and place_id = any(${Object.values(place)}::bigint[])`;
    if (n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('stale intervals left');
}

beforeAll(async () => {
  for (const k of [1, 2]) {
    const [c] = await sql`insert into public.categories (slug, name) values (${`open-counts-${k}-${tag}`}, ${`Open counts ${k}`}) returning id::int`;
    const [z] = await sql`insert into public.zones (slug, title) values (${`open-counts-zone-${k}-${tag}`}, ${`Open counts zone ${k}`}) returning id::int`;
    cat.push(c.id);
    zone.push(z.id);
  }
  const rows: [string, string, number, number | null][] = [
    ['late', 'Mo-Su 18:00-02:00', cat[0], zone[0]],
    ['split', 'Mo-Th,Sa-Su 08:30-12:30,16:00-20:30', cat[0], zone[1]],
    ['always', '24/7', cat[1], zone[0]],
    ['office', 'Sa-Th 08:00-17:00', cat[1], null],
    ['none', '', cat[0], zone[0]],
  ];
  for (const [name, hours, c, z] of rows) {
    const [p] = await sql`insert into public.places (slug, name, category_id, zone_id, opening_hours)
      values (${`open-counts-${name}-${tag}`}, ${name}, ${c}, ${z}, ${hours || null}) returning id::int`;
    place[name] = p.id;
  }
  await reindex();
});
afterAll(async () => {
  await sql`delete from public.places where id = any(${Object.values(place)}::bigint[])`;
  await sql`delete from public.categories where id = any(${cat}::bigint[])`;
  await sql`delete from public.zones where id = any(${zone}::bigint[])`;
  await sql.end();
});

describe('private.place_open_counts', () => {
  it('rests on disjoint intervals per place: overlapping and touching rules come out merged, in order', () => {
    expect(weeklyIntervalsOf('Mo 08:00-12:00,10:00-14:00; Tu 10:00-12:00,12:00-13:00')).toEqual({ kind: 'weekly', ranges: [[480, 840], [2040, 2220]] });
    expect(weeklyIntervalsOf('Mo 08:00-12:00; Mo 10:00-14:00')).toEqual({ kind: 'weekly', ranges: [[600, 840]] }); // the later rule replaces the day
  });

  it('counts the places open at each minute per category, zone and their roll-ups once the intervals are computed', async () => {
    expect(await mismatches(keys())).toEqual([]);
    // Wednesday 09:00 (minute 2 × 1440 + 540): split and office in their own keys, always everywhere
    const wednesday9 = 2 * 1440 + 540;
    expect(await count(cat[0], zone[1], wednesday9)).toBe(1);
    expect(await count(cat[1], -1, wednesday9)).toBe(2);
    expect(await count(cat[1], 0, wednesday9)).toBe(1); // office has no zone
    expect(await count(-1, zone[0], wednesday9)).toBe(1); // always (late is closed)
    expect(await count(-1, zone[0], 2 * 1440 + 23 * 60)).toBe(2); // 23:00: late and always
    // the intervals carry their place's category and zone (0 = none)
    const [office] = await sql`select distinct category_id::int, zone_id::int from private.place_open_intervals where place_id = ${place.office}`;
    expect(office).toEqual({ category_id: cat[1], zone_id: 0 });
  });

  it('follows a place moved to another category or zone, or out of its zone', async () => {
    const before = await count(cat[1], zone[1], 2 * 1440 + 540);
    await sql`update public.places set category_id = ${cat[1]} where id = ${place.split}`;
    await sql`update public.places set zone_id = ${zone[1]} where id = ${place.office}`;
    await sql`update public.places set zone_id = null where id = ${place.always}`;
    expect(await count(cat[1], zone[1], 2 * 1440 + 540)).toBe(before + 2); // split and office
    expect(await mismatches(keys())).toEqual([]);
  });

  it('drops the intervals of changed hours at once (stale) and counts the recomputed ones', async () => {
    await sql`update public.places set opening_hours = 'Mo-Su 13:00-15:00' where id = ${place.split}`;
    await sql`update public.places set opening_hours = 'Mo 00:00-02:00' where id = ${place.none}`;
    expect(await sql`select 1 from private.place_open_intervals where place_id = ${place.split}`).toHaveLength(0);
    expect(await mismatches(keys())).toEqual([]);
    await reindex();
    expect(await count(cat[1], zone[1], 13 * 60)).toBe(2); // Monday 13:00: split (13:00-15:00) and office (08:00-17:00)
    expect(await count(cat[0], zone[0], 60)).toBe(2); // Monday 01:00: late (Sunday's evening) and none
    expect(await mismatches(keys())).toEqual([]);
  });

  it('forgets deleted places and deleted intervals', async () => {
    await sql`delete from private.place_open_intervals where place_id = ${place.late} and lower(minutes) = 0`;
    expect(await mismatches(keys())).toEqual([]);
    await sql`delete from public.places where id = ${place.always}`;
    delete place.always;
    expect(await mismatches(keys())).toEqual([]);
    // no interval left for a key: every counter of it sums to 0 at every minute
    expect(await count(cat[1], 0, 5000)).toBe(0);
  });
});
