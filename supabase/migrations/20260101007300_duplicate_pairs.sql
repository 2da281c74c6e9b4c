-- Likely duplicate pairs, kept by the database (docs/decisions/033-duplicate-pairs-table.md).
--
-- public.place_duplicate_pairs holds every pair of places that are likely the same (decision 023's rule,
-- unchanged): similar normalised names (pg_trgm similarity of name_key with name_key, or name_ar_key with
-- name_ar_key, ≥ 0.4) within 150 m, or a national phone form in common (private.phone_forms, the forms
-- starting with 0). One row per pair, place_a < place_b, with the distance in metres (null when either has
-- no coordinates), the name similarity (null for a phone-only pair) and the reasons.
--
-- Triggers on places keep it: after an INSERT statement, and after an UPDATE statement for the rows whose
-- name, name_ar, latitude, longitude or phone changed, the pairs of just those places are deleted and found
-- again (statement-level with transition tables: an import of thousands of rows is one pass, each place one
-- probe of the coordinates GiST index below and of the phone-forms GIN index). A deleted place's pairs go
-- with it (foreign keys on delete cascade). Writes from the API, approvals, imports, merges, restores,
-- Supabase Studio and psql are all covered.
--
-- Concurrency: place writers that change what pairs depend on serialise on a transaction-level advisory
-- lock taken before the pairs are recomputed, so two transactions adding the two halves of a pair at the
-- same time cannot both miss it (READ COMMITTED: the second one's recompute sees the first one's commit).
--
-- Admins (and the service role) read the pairs; nobody writes them but the security-definer functions.

-- The rule's limits (src/shared/schemas/duplicates.ts DUPLICATE_LIMITS; tests/db/duplicate-pairs.test.ts
-- checks they are equal).
create or replace function private.duplicate_limits(out radius_m double precision, out min_similarity double precision)
language sql
immutable
parallel safe
set search_path = ''
as $$
  select 150::double precision, 0.4::double precision
$$;

-- Haversine distance between two points in metres, rounded; null when a coordinate is missing.
create or replace function private.place_distance_m(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision)
returns double precision
language sql
immutable
parallel safe
set search_path = ''
as $$
  select round(2 * 6371000::double precision * asin(sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2) + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2))))
$$;

-- Similarity of two places' names as the pairs compare them: English key with English key, Arabic key
-- with Arabic key (an empty Arabic key counts 0), the higher of the two.
create or replace function private.place_name_similarity(a_key text, a_ar_key text, b_key text, b_ar_key text)
returns double precision
language sql
immutable
parallel safe
set search_path = ''
as $$
  select greatest(extensions.similarity(a_key, b_key), coalesce(extensions.similarity(nullif(a_ar_key, ''), nullif(b_ar_key, '')), 0))
$$;

-- Serves the 150 m box of each place's neighbours (point-in-box on a GiST of points).
create index places_point_idx on public.places using gist (point(longitude, latitude)) where latitude is not null and longitude is not null;

create table public.place_duplicate_pairs (
  place_a bigint not null references public.places (id) on delete cascade,
  place_b bigint not null references public.places (id) on delete cascade,
  distance_m integer check (distance_m is null or distance_m >= 0),
  similarity real check (similarity is null or similarity between 0 and 1),
  by_name boolean not null,
  by_phone boolean not null,
  primary key (place_a, place_b),
  check (place_a < place_b),
  check (by_name or by_phone)
);
create index place_duplicate_pairs_b_idx on public.place_duplicate_pairs (place_b);
-- the admin list's order (queries/duplicates.ts listDuplicatePairs): both reasons first, most similar first
create index place_duplicate_pairs_order_idx on public.place_duplicate_pairs
  (((by_name and by_phone)) desc, similarity desc nulls last, place_a, place_b);

alter table public.place_duplicate_pairs enable row level security;
-- Supabase's default privileges grant everything on a new public table to the API roles: take it back.
revoke all on public.place_duplicate_pairs from public, anon, authenticated, service_role;
grant select on public.place_duplicate_pairs to authenticated, service_role;
create policy "Admins can read likely duplicate pairs" on public.place_duplicate_pairs for select to authenticated
  using ((select private.is_admin()));

-- The likely duplicate pairs of the places `ids` (each pair once, place_a < place_b), as they are now.
-- Near candidates come from the coordinates GiST (a box of 150 m + 5 %, widened in longitude by the
-- place's latitude), then the exact distance and similarity decide; phone pairs from the phone-forms GIN.
create or replace function private.place_duplicate_pairs_of(ids bigint[])
returns table (place_a bigint, place_b bigint, distance_m integer, similarity real, by_name boolean, by_phone boolean)
language sql
stable
set search_path = ''
as $$
  with lim as (select * from private.duplicate_limits()),
  p as (
    select p.id, p.latitude, p.longitude, p.phone,
           lim.radius_m / 111000 * 1.05 as dlat,
           lim.radius_m / 111000 * 1.05 / greatest(cos(radians(p.latitude)), 0.01) as dlng
    from public.places p, lim
    where p.id = any(ids)
  ),
  near as (
    select least(p.id, o.id) as a, greatest(p.id, o.id) as b, true as near, false as phone
    from p join public.places o
      on o.latitude is not null and o.longitude is not null and o.id <> p.id
     and point(o.longitude, o.latitude) <@ box(point(p.longitude - p.dlng, p.latitude - p.dlat), point(p.longitude + p.dlng, p.latitude + p.dlat))
    where p.latitude is not null and p.longitude is not null
  ),
  same_phone as (
    select least(p.id, o.id) as a, greatest(p.id, o.id) as b, false as near, true as phone
    from p join public.places o
      on o.phone is not null and o.id <> p.id
     and private.phone_forms(o.phone) && array(select f from unnest(private.phone_forms(p.phone)) f where f like '0%')
    where p.phone is not null
  ),
  found as (
    select c.a, c.b, bool_or(c.near) as near, bool_or(c.phone) as phone
    from (select * from near union all select * from same_phone) c
    group by c.a, c.b
  ),
  scored as (
    select f.a, f.b, f.phone,
           private.place_distance_m(a.latitude, a.longitude, b.latitude, b.longitude) as dist,
           private.place_name_similarity(a.name_key, a.name_ar_key, b.name_key, b.name_ar_key) as sim,
           f.near
    from found f join public.places a on a.id = f.a join public.places b on b.id = f.b
  ),
  judged as (
    select s.*, (s.near and s.dist <= lim.radius_m and s.sim >= lim.min_similarity) is true as by_name
    from scored s, lim
  )
  select j.a, j.b, j.dist::integer, case when j.by_name then j.sim::real end, j.by_name, j.phone
  from judged j
  where j.by_name or j.phone
$$;

-- Recomputes the pairs of the places `ids` (deleted ids simply lose theirs): the writers' lock, then
-- delete and insert. Called by the triggers below and once by this migration (backfill).
create or replace function private.refresh_place_duplicate_pairs(ids bigint[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(cardinality(ids), 0) = 0 then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('public.place_duplicate_pairs', 0));
  delete from public.place_duplicate_pairs where place_a = any(ids) or place_b = any(ids);
  insert into public.place_duplicate_pairs (place_a, place_b, distance_m, similarity, by_name, by_phone)
  select * from private.place_duplicate_pairs_of(ids)
  on conflict (place_a, place_b) do update
    set distance_m = excluded.distance_m, similarity = excluded.similarity, by_name = excluded.by_name, by_phone = excluded.by_phone;
end;
$$;

create or replace function private.place_duplicate_pairs_inserted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.refresh_place_duplicate_pairs(array(select n.id from new_rows n));
  return null;
end;
$$;

create or replace function private.place_duplicate_pairs_updated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.refresh_place_duplicate_pairs(array(
    select n.id from new_rows n join old_rows o on o.id = n.id
    where (n.name, n.name_ar, n.latitude, n.longitude, n.phone) is distinct from (o.name, o.name_ar, o.latitude, o.longitude, o.phone)));
  return null;
end;
$$;

revoke all on function private.duplicate_limits(), private.place_distance_m(double precision, double precision, double precision, double precision),
  private.place_name_similarity(text, text, text, text), private.place_duplicate_pairs_of(bigint[]),
  private.refresh_place_duplicate_pairs(bigint[]), private.place_duplicate_pairs_inserted(), private.place_duplicate_pairs_updated()
  from public, anon, authenticated, service_role;

create trigger place_duplicate_pairs_inserted after insert on public.places
  referencing new table as new_rows
  for each statement execute function private.place_duplicate_pairs_inserted();
create trigger place_duplicate_pairs_updated after update on public.places
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.place_duplicate_pairs_updated();

-- Backfill: the pairs of every place already there.
select private.refresh_place_duplicate_pairs(array(select id from public.places));
