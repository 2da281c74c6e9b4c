-- Open-now filter (issue #15, decision 028): each place's opening hours as minute-of-week ranges,
-- so `openNow=true` on the place lists is a range lookup in the database at any size.
--
-- private.place_open_intervals: the weekly open intervals of places whose hours repeat every week,
--   minutes from Monday 00:00 in the city's time zone ([0, 10080)); a range past midnight of Sunday
--   is split in two. Written by the API server (src/server/queries/open-intervals.ts), which
--   computes them with the `opening_hours` library over a reference week.
-- private.place_hours_unindexed: places with hours that have no intervals (yet): `stale` = the
--   hours changed and the server has not recomputed them (the trigger below marks them; the server
--   recomputes on its own writes, on every change notification and at start), `dated` = the hours
--   are not the same every week (week numbers, dates, months…) and are evaluated in the API.
-- The list query treats every unindexed place as "evaluate in JS", so a stale row is never wrong,
-- only slower to filter.

create table private.place_open_intervals (
  place_id bigint not null references public.places (id) on delete cascade,
  minutes int4range not null check (not isempty(minutes) and lower(minutes) >= 0 and upper(minutes) <= 10080)
);
create index place_open_intervals_minutes_idx on private.place_open_intervals using gist (minutes);
create index place_open_intervals_place_idx on private.place_open_intervals (place_id);
alter table private.place_open_intervals enable row level security;
grant select on private.place_open_intervals to anon, authenticated, service_role;
create policy "Anyone can read open intervals" on private.place_open_intervals for select to anon, authenticated, service_role using (true);

create table private.place_hours_unindexed (
  place_id bigint primary key references public.places (id) on delete cascade,
  reason text not null check (reason in ('stale', 'dated'))
);
create index place_hours_unindexed_stale_idx on private.place_hours_unindexed (place_id) where reason = 'stale';
alter table private.place_hours_unindexed enable row level security;
grant select on private.place_hours_unindexed to anon, authenticated, service_role;
create policy "Anyone can read unindexed hours" on private.place_hours_unindexed for select to anon, authenticated, service_role using (true);

-- Any change of a place's hours, by any path (API, approvals, importer, Studio, psql): its intervals
-- are dropped and the place is marked stale until the server recomputes it.
create or replace function private.place_hours_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
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
revoke all on function private.place_hours_changed() from public, anon, authenticated;

create trigger places_hours_inserted after insert on public.places
  for each row when (new.opening_hours is not null) execute function private.place_hours_changed();
create trigger places_hours_updated after update of opening_hours on public.places
  for each row when (new.opening_hours is distinct from old.opening_hours) execute function private.place_hours_changed();

insert into private.place_hours_unindexed (place_id, reason)
select id, 'stale' from public.places where opening_hours is not null and btrim(opening_hours) <> ''
on conflict (place_id) do nothing;

-- The city's time zone (IANA name): "open now" and the hours are read in it. Validated by the API
-- against the runtime's list of zones.
alter table public.website_settings add column time_zone text not null default 'Asia/Riyadh'
  check (length(time_zone) between 1 and 64);
