import type { Sql } from 'postgres';
import type { Tx } from '../db/client.ts';
import { DEFAULT_TIME_ZONE } from '../../shared/opening-hours.ts';
import { minuteOfWeek, openNowOf, weeklyIntervalsOf } from '../opening-hours-evaluation.ts';

/**
 * The open-now filter's index (decision 028): private.place_open_intervals holds each place's
 * weekly open intervals (minute-of-week ranges in the city's time zone); places whose hours changed
 * since (`stale`, marked by a trigger on every write path, Studio and psql included) or whose hours
 * differ between weeks (`dated`) are listed in private.place_hours_unindexed and evaluated here, in
 * JS, per request.
 */

/** Places recomputed per transaction by reindexOpeningHours. */
const BATCH = 500;

/**
 * Recomputes the intervals of stale places (all of them, BATCH per transaction, skipping rows
 * another process is recomputing) with the `opening_hours` library. Runs on the owner connection
 * (the tables are written by no API role). Returns how many places it recomputed.
 * Called after every write through the API, on every change notification and at start.
 */
export async function reindexOpeningHours(sql: Sql): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await sql.begin(async (tx) => {
      const rows = await tx<{ place_id: string; opening_hours: string | null }[]>`
        select u.place_id, p.opening_hours
        from private.place_hours_unindexed u join public.places p on p.id = u.place_id
        where u.reason = 'stale'
        order by u.place_id limit ${BATCH}
        for update of u skip locked`;
      if (rows.length === 0) return 0;
      const ids = rows.map((r) => r.place_id);
      const intervals: { place_id: string; minutes: string }[] = [];
      const dated: string[] = [];
      for (const r of rows) {
        const w = weeklyIntervalsOf(r.opening_hours);
        if (w.kind === 'dated') dated.push(r.place_id);
        else if (w.kind === 'weekly') for (const [a, b] of w.ranges) intervals.push({ place_id: r.place_id, minutes: `[${a},${b})` });
      }
      await tx`delete from private.place_open_intervals where place_id = any(${ids}::bigint[])`;
      if (intervals.length) await tx`insert into private.place_open_intervals ${tx(intervals, 'place_id', 'minutes')}`;
      await tx`delete from private.place_hours_unindexed where place_id = any(${ids}::bigint[]) and not (place_id = any(${dated}::bigint[]))`;
      if (dated.length) await tx`update private.place_hours_unindexed set reason = 'dated' where place_id = any(${dated}::bigint[])`;
      return rows.length;
    });
    total += done;
    if (done < BATCH) return total;
  }
}

/** What the list query needs to filter on "open now" (see openNowCondition in queries/places-queries.ts). */
export interface OpenNowContext {
  /** Minute of the week (0 = Monday 00:00) of the request's moment in the city's time zone. */
  minute: number;
  /** Places without intervals (stale or dated): the filter does not trust their intervals. */
  unindexedIds: string[];
  /** Those of them open now, evaluated with the library. */
  openIds: string[];
}

/**
 * The open-now context at `now`: the city's time zone (website setting), the minute of the week,
 * and the unindexed places evaluated one by one (a handful normally: the dated ones, and stale
 * ones between a change and its recompute).
 */
export async function openNowContext(tx: Tx, now: Date = new Date()): Promise<OpenNowContext> {
  // one round trip: the time zone (as cityTimeZone reads it) and the unindexed places
  const [context] = await tx<{ time_zone: string | null; rows: { place_id: string; opening_hours: string | null }[] }[]>`
    select (select s.time_zone from public.website_settings s where s.id) as time_zone,
           coalesce((select json_agg(json_build_object('place_id', u.place_id::text, 'opening_hours', p.opening_hours))
                     from private.place_hours_unindexed u join public.places p on p.id = u.place_id), '[]') as rows`;
  const timeZone = context?.time_zone ?? DEFAULT_TIME_ZONE;
  const rows = context?.rows ?? [];
  return {
    minute: minuteOfWeek(now, timeZone),
    unindexedIds: rows.map((r) => r.place_id),
    openIds: rows.filter((r) => openNowOf(r.opening_hours, now, timeZone) === true).map((r) => r.place_id),
  };
}

/**
 * A coalescing runner of reindexOpeningHours for `sql`: calls while a run is going ask for one more
 * run after it (so a change notified during a run is not missed) and share its promise. Errors are
 * passed to `onError` (the index is only an accelerator: stale rows stay correct, see above).
 */
export function openingHoursReindexer(sql: Sql, onError: (error: unknown) => void = () => {}): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const loop = async () => {
    do {
      again = false;
      try {
        await reindexOpeningHours(sql);
      } catch (error) {
        onError(error);
      }
    } while (again);
    running = null;
  };
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = loop();
    return running;
  };
}
