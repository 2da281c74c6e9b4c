-- Likely duplicate places (docs/decisions/023-duplicates.md, 033-duplicate-pairs-table.md): distance,
-- name similarity and the table of pairs kept current by triggers on public.places.
-- Bodies are checked when a function runs, not here (as pg_dump does): a function may name a table
-- declared in a later file of config.toml's schema_paths.
set check_function_bodies = off;

-- The rule's limits (src/shared/schemas/duplicates-schemas.ts DUPLICATE_LIMITS; tests/db/duplicate-pairs.test.ts
-- checks they are equal).
create or replace function private.duplicate_limits(OUT radius_m double precision, OUT min_similarity double precision) returns record
language sql immutable parallel safe set search_path = ''
as $$
  select 150::double precision, 0.4::double precision
$$;
revoke all on function private.duplicate_limits() from public, anon, authenticated, service_role;

-- Haversine distance between two points in metres, rounded; null when a coordinate is missing.
create or replace function private.place_distance_m(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision) returns double precision
language sql immutable parallel safe set search_path = ''
as $$
  select round(2 * 6371000::double precision * asin(sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2) + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2))))
$$;
revoke all on function private.place_distance_m(double precision,double precision,double precision,double precision) from public, anon, authenticated, service_role;

-- Similarity of two places' names as the pairs compare them: English key with English key, Arabic key
-- with Arabic key (an empty Arabic key counts 0), the higher of the two.
create or replace function private.place_name_similarity(a_key text, a_ar_key text, b_key text, b_ar_key text) returns double precision
language sql immutable parallel safe set search_path = ''
as $$
  select greatest(extensions.similarity(a_key, b_key), coalesce(extensions.similarity(nullif(a_ar_key, ''), nullif(b_ar_key, '')), 0))
$$;
revoke all on function private.place_name_similarity(text,text,text,text) from public, anon, authenticated, service_role;

-- The likely duplicate pairs of the places `ids` (each pair once, place_a < place_b), as they are now.
-- Near candidates come from the coordinates GiST (a box of 150 m + 5 %, widened in longitude by the
-- place's latitude), then the exact distance and similarity decide; phone pairs from the phone-forms GIN.
create or replace function private.place_duplicate_pairs_of(ids bigint[]) returns TABLE(place_a bigint, place_b bigint, distance_m integer, similarity real, by_name boolean, by_phone boolean)
language sql stable set search_path = ''
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
revoke all on function private.place_duplicate_pairs_of(bigint[]) from public, anon, authenticated, service_role;

-- Recomputes the pairs of the places `ids` (deleted ids simply lose theirs): the writers' lock, then
-- delete and insert. Called by the triggers on public.places (and once, as a backfill, by the migration
-- that made the table).
create or replace function private.refresh_place_duplicate_pairs(ids bigint[]) returns void
language plpgsql security definer set search_path = ''
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
revoke all on function private.refresh_place_duplicate_pairs(bigint[]) from public, anon, authenticated, service_role;

-- Statement triggers on public.places: refresh the pairs of the inserted places, and of the updated ones
-- whose name, Arabic name, coordinates or phone changed.
create or replace function private.place_duplicate_pairs_inserted() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_place_duplicate_pairs(array(select n.id from new_rows n));
  return null;
end;
$$;
revoke all on function private.place_duplicate_pairs_inserted() from public, anon, authenticated, service_role;

create or replace function private.place_duplicate_pairs_updated() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_place_duplicate_pairs(array(
    select n.id from new_rows n join old_rows o on o.id = n.id
    where (n.name, n.name_ar, n.latitude, n.longitude, n.phone) is distinct from (o.name, o.name_ar, o.latitude, o.longitude, o.phone)));
  return null;
end;
$$;
revoke all on function private.place_duplicate_pairs_updated() from public, anon, authenticated, service_role;
