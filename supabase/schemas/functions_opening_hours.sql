-- Opening hours and the "open now" filter (docs/decisions/028-open-now-filter.md): the weekly
-- intervals of each place and the open-place counts per category and zone.
-- Bodies are checked when a function runs, not here (as pg_dump does): a function may name a table
-- declared in a later file of config.toml's schema_paths.
set check_function_bodies = off;

-- Any change of a place's hours, by any path (API, approvals, importer, Studio, psql): its intervals
-- are dropped and the place is marked stale until the server recomputes it.
create or replace function private.place_hours_changed() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  delete from private.place_open_intervals where place_id = new.id;
  if new.opening_hours is null or btrim(new.opening_hours) = '' then
    delete from private.place_hours_unindexed where place_id = new.id;
  else
    insert into private.place_hours_unindexed (place_id, reason) values (new.id, 'stale')
    on conflict (place_id) do update set reason = 'stale';
  end if;
  return null;
end;
$$;
revoke all on function private.place_hours_changed() from public, anon, authenticated, service_role;

-- Whoever inserts an interval (the server's reindex, psql), it takes its place's category and zone.
-- `for share`: a concurrent move of the place to another category or zone waits for this
-- transaction (or is seen by it), so the interval never keeps the old ones.
create or replace function private.place_open_interval_place() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  select p.category_id, coalesce(p.zone_id, 0) into new.category_id, new.zone_id
  from public.places p where p.id = new.place_id for share;
  return new;
end;
$$;
revoke all on function private.place_open_interval_place() from public, anon, authenticated, service_role;

-- A place moved to another category or zone: its intervals follow (and the counters, below).
create or replace function private.place_open_intervals_moved() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update private.place_open_intervals set category_id = new.category_id, zone_id = coalesce(new.zone_id, 0)
  where place_id = new.id;
  return null;
end;
$$;
revoke all on function private.place_open_intervals_moved() from public, anon, authenticated, service_role;

-- Keeps private.place_open_counts in step with the intervals inserted, updated, deleted or truncated.
create or replace function private.place_open_counts_trigger() returns trigger
language plpgsql security definer set search_path = ''
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
revoke all on function private.place_open_counts_trigger() from public, anon, authenticated, service_role;

-- Adds intervals (sign 1) or removes them (sign -1): deltas {category_id, zone_id, lower, upper, sign}.
-- Rows are locked in key order (fewer deadlocks between concurrent writers; withClaims retries those).
-- An interval ending at 10080 (Sunday 24:00) has no end inside the week.
create or replace function private.add_place_open_counts(deltas jsonb) returns void
language sql security definer set search_path = ''
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
revoke all on function private.add_place_open_counts(jsonb) from public, anon, authenticated, service_role;
