-- private.place_counts: places per category and zone, kept by triggers on public.places.

-- Exact place counts per (category, zone) kept by statement-level triggers, so list totals are
-- O(categories × zones) instead of counting up to 100 000 rows. zone_id 0 = no zone. Every place is
-- publicly readable, so these equal what any caller can count.
create table private.place_counts (
  category_id bigint not null,
  zone_id bigint not null,
  n bigint default 0 not null,
  constraint place_counts_pkey PRIMARY KEY (category_id, zone_id)
);

-- Triggers
create trigger notify_public_data_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON private.place_counts FOR EACH STATEMENT EXECUTE FUNCTION private.notify_public_data_changed();

-- Access: privileges say which roles reach which columns, policies which rows
alter table private.place_counts enable row level security;
revoke all on private.place_counts from public, anon, authenticated, service_role;
grant select on private.place_counts to anon, authenticated, service_role;
create policy "Anyone can read place counts" on private.place_counts for select to anon, authenticated, service_role using (true);
