-- private.place_open_counts: open places per category, zone and week minute range.

create table private.place_open_counts (
  category_id bigint not null,
  zone_id bigint not null,
  minute integer not null,
  change bigint not null,
  constraint place_open_counts_pkey PRIMARY KEY (category_id, zone_id, minute),
  constraint place_open_counts_minute_check CHECK (((minute >= 0) AND (minute < 10080)))
);

-- Access: privileges say which roles reach which columns, policies which rows
alter table private.place_open_counts enable row level security;
revoke all on private.place_open_counts from public, anon, authenticated, service_role;
grant select on private.place_open_counts to anon, authenticated, service_role;
create policy "Anyone can read open counts" on private.place_open_counts for select to anon, authenticated, service_role using (true);
