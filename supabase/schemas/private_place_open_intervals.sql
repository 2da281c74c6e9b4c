-- private.place_open_intervals and private.place_hours_unindexed: the weekly open intervals of each
-- place's opening_hours, and the places whose hours could not be indexed.

create table private.place_open_intervals (
  place_id bigint not null,
  minutes int4range not null,
  category_id bigint not null,
  zone_id bigint not null,
  constraint place_open_intervals_minutes_check CHECK (((NOT isempty(minutes)) AND (lower(minutes) >= 0) AND (upper(minutes) <= 10080))),
  constraint place_open_intervals_place_id_fkey FOREIGN KEY (place_id) REFERENCES public.places(id) ON DELETE CASCADE
);

-- Indexes
create index place_open_intervals_minutes_idx on private.place_open_intervals using gist (minutes);
create index place_open_intervals_place_minutes_idx on private.place_open_intervals using btree (place_id) INCLUDE (minutes);

-- Triggers
create trigger place_open_counts_deleted after delete on private.place_open_intervals
  referencing old table as old_rows for each statement execute function private.place_open_counts_trigger();
create trigger place_open_counts_inserted after insert on private.place_open_intervals
  referencing new table as new_rows for each statement execute function private.place_open_counts_trigger();
create trigger place_open_counts_truncated after truncate on private.place_open_intervals
  for each statement execute function private.place_open_counts_trigger();
create trigger place_open_counts_updated after update on private.place_open_intervals
  referencing old table as old_rows new table as new_rows for each statement execute function private.place_open_counts_trigger();
create trigger place_open_intervals_place before insert on private.place_open_intervals
  for each row execute function private.place_open_interval_place();

-- Access: privileges say which roles reach which columns, policies which rows
alter table private.place_open_intervals enable row level security;
revoke all on private.place_open_intervals from public, anon, authenticated, service_role;
grant select on private.place_open_intervals to anon, authenticated, service_role;
create policy "Anyone can read open intervals" on private.place_open_intervals for select to anon, authenticated, service_role using (true);

create table private.place_hours_unindexed (
  place_id bigint not null,
  reason text not null,
  constraint place_hours_unindexed_pkey PRIMARY KEY (place_id),
  constraint place_hours_unindexed_reason_check CHECK ((reason = ANY (ARRAY['stale'::text, 'dated'::text]))),
  constraint place_hours_unindexed_place_id_fkey FOREIGN KEY (place_id) REFERENCES public.places(id) ON DELETE CASCADE
);

-- Indexes
create index place_hours_unindexed_stale_idx on private.place_hours_unindexed using btree (place_id) WHERE (reason = 'stale'::text);

-- Access: privileges say which roles reach which columns, policies which rows
alter table private.place_hours_unindexed enable row level security;
revoke all on private.place_hours_unindexed from public, anon, authenticated, service_role;
grant select on private.place_hours_unindexed to anon, authenticated, service_role;
create policy "Anyone can read unindexed hours" on private.place_hours_unindexed for select to anon, authenticated, service_role using (true);
