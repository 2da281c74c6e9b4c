-- Open-now totals at any size (issue #15, decision 028, amended 2026-11-26): `meta.total` of an
-- `openNow=true` list is read from counters instead of counting every open place per request.
--
-- Each place's intervals are disjoint (the `opening_hours` library's getOpenIntervals), so the number
-- of places of a (category, zone) open at minute m of the week is the number of their intervals that
-- contain m = (intervals starting at or before m) − (intervals ending at or before m). The counters
-- keep exactly that as a running sum: private.place_open_counts(category_id, zone_id, minute, change)
-- holds, per (category, zone) and its roll-ups (-1 = all; zone 0 = no zone, as private.place_counts),
-- the net change of the count at that minute (+1 per interval starting there, −1 per interval ending
-- there). The count at m is `sum(change) where minute <= m`: a range read over at most one row per
-- distinct interval end (tens to a few hundred), kept by statement-level triggers on the intervals.
--
-- The intervals carry their place's category and zone (0 = none) so a deleted place (cascade) and a
-- place moved to another category or zone update the right counters.

alter table private.place_open_intervals add column category_id bigint, add column zone_id bigint;
update private.place_open_intervals i set category_id = p.category_id, zone_id = coalesce(p.zone_id, 0)
from public.places p where p.id = i.place_id;
alter table private.place_open_intervals alter column category_id set not null, alter column zone_id set not null;

-- The page query probes one place's intervals (`place_id = p.id and minutes @> m`): index-only.
create index place_open_intervals_place_minutes_idx on private.place_open_intervals (place_id) include (minutes);
drop index private.place_open_intervals_place_idx;

-- Whoever inserts an interval (the server's reindex, psql), it takes its place's category and zone.
-- `for share`: a concurrent move of the place to another category or zone waits for this
-- transaction (or is seen by it), so the interval never keeps the old ones.
create or replace function private.place_open_interval_place()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select p.category_id, coalesce(p.zone_id, 0) into new.category_id, new.zone_id
  from public.places p where p.id = new.place_id for share;
  return new;
end;
$$;
revoke all on function private.place_open_interval_place() from public, anon, authenticated;
create trigger place_open_intervals_place before insert on private.place_open_intervals
  for each row execute function private.place_open_interval_place();

-- A place moved to another category or zone: its intervals follow (and the counters, below).
create or replace function private.place_open_intervals_moved()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.place_open_intervals set category_id = new.category_id, zone_id = coalesce(new.zone_id, 0)
  where place_id = new.id;
  return null;
end;
$$;
revoke all on function private.place_open_intervals_moved() from public, anon, authenticated;
create trigger places_open_intervals_moved after update of category_id, zone_id on public.places
  for each row when ((new.category_id, coalesce(new.zone_id, 0)) is distinct from (old.category_id, coalesce(old.zone_id, 0)))
  execute function private.place_open_intervals_moved();

create table private.place_open_counts (
  category_id bigint not null,
  zone_id bigint not null,
  minute int not null check (minute >= 0 and minute < 10080),
  change bigint not null,
  primary key (category_id, zone_id, minute)
);
alter table private.place_open_counts enable row level security;
grant select on private.place_open_counts to anon, authenticated, service_role;
create policy "Anyone can read open counts" on private.place_open_counts for select to anon, authenticated, service_role using (true);

-- Adds intervals (sign 1) or removes them (sign -1): deltas {category_id, zone_id, lower, upper, sign}.
-- Rows are locked in key order (fewer deadlocks between concurrent writers; withClaims retries those).
-- An interval ending at 10080 (Sunday 24:00) has no end inside the week.
create or replace function private.add_place_open_counts(deltas jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.place_open_counts as c (category_id, zone_id, minute, change)
  select coalesce(e.category_id, -1), coalesce(e.zone_id, -1), e.minute, sum(e.change)
  from jsonb_to_recordset(deltas) as d(category_id bigint, zone_id bigint, lower int, upper int, sign int)
  cross join lateral (values (d.category_id, d.zone_id, d.lower, d.sign), (d.category_id, d.zone_id, d.upper, -d.sign)) as e(category_id, zone_id, minute, change)
  where e.minute < 10080
  group by grouping sets ((e.category_id, e.zone_id, e.minute), (e.category_id, e.minute), (e.zone_id, e.minute), (e.minute))
  having sum(e.change) <> 0
  order by 1, 2, 3
  on conflict (category_id, zone_id, minute) do update set change = c.change + excluded.change
$$;
revoke all on function private.add_place_open_counts(jsonb) from public, anon, authenticated;

create or replace function private.place_open_counts_trigger()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from private.place_open_counts;
  elsif tg_op = 'INSERT' then
    perform private.add_place_open_counts(coalesce((
      select jsonb_agg(jsonb_build_object('category_id', category_id, 'zone_id', zone_id, 'lower', lower(minutes), 'upper', upper(minutes), 'sign', 1))
      from new_rows), '[]'));
  elsif tg_op = 'DELETE' then
    perform private.add_place_open_counts(coalesce((
      select jsonb_agg(jsonb_build_object('category_id', category_id, 'zone_id', zone_id, 'lower', lower(minutes), 'upper', upper(minutes), 'sign', -1))
      from old_rows), '[]'));
  else
    perform private.add_place_open_counts(coalesce((
      select jsonb_agg(jsonb_build_object('category_id', category_id, 'zone_id', zone_id, 'lower', lower(minutes), 'upper', upper(minutes), 'sign', sign))
      from (select *, 1 as sign from new_rows union all select *, -1 from old_rows) r), '[]'));
  end if;
  return null;
end;
$$;
revoke all on function private.place_open_counts_trigger() from public, anon, authenticated;

create trigger place_open_counts_inserted after insert on private.place_open_intervals
  referencing new table as new_rows for each statement execute function private.place_open_counts_trigger();
create trigger place_open_counts_deleted after delete on private.place_open_intervals
  referencing old table as old_rows for each statement execute function private.place_open_counts_trigger();
create trigger place_open_counts_updated after update on private.place_open_intervals
  referencing old table as old_rows new table as new_rows for each statement execute function private.place_open_counts_trigger();
create trigger place_open_counts_truncated after truncate on private.place_open_intervals
  for each statement execute function private.place_open_counts_trigger();

-- The intervals already computed.
select private.add_place_open_counts(coalesce((
  select jsonb_agg(jsonb_build_object('category_id', category_id, 'zone_id', zone_id, 'lower', lower(minutes), 'upper', upper(minutes), 'sign', 1))
  from private.place_open_intervals), '[]'));
