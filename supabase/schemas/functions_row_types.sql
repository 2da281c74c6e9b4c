-- Functions whose signature names a table's row type (public.places, public.place_requests), which
-- must exist before them.
-- Bodies are checked when a function runs, not here (as pg_dump does): a function may name a table
-- declared in a later file of config.toml's schema_paths.
set check_function_bodies = off;

-- A place in the payload shape (API camelCase names, details nested): what an edit is compared to.
create or replace function private.place_as_payload(place public.places) returns jsonb
language sql stable set search_path = ''
as $$
  select case when place.id is null then null else jsonb_build_object(
    'name', place.name, 'nameAr', place.name_ar, 'categoryId', place.category_id, 'zoneId', place.zone_id,
    'buildingId', place.building_id, 'logoUrl', place.logo_url, 'address', place.address, 'addressAr', place.address_ar,
    'phone', place.phone, 'whatsapp', place.whatsapp, 'websiteUrl', place.website_url, 'mapUrl', place.map_url,
    'managerName', place.manager_name, 'managerNameAr', place.manager_name_ar, 'managerPhone', place.manager_phone,
    'latitude', place.latitude, 'longitude', place.longitude,
    'details', jsonb_build_object('description', place.description, 'imageUrl', place.image_url, 'youtubeUrl', place.youtube_url)
  ) end
$$;
revoke all on function private.place_as_payload(public.places) from public, anon, authenticated, service_role;
grant execute on function private.place_as_payload(public.places) to authenticated, service_role;

-- The full vector of one place from its own texts and the names of its category, zone, building.
create or replace function private.place_search_vector(p public.places) returns tsvector
language sql stable set search_path = ''
as $$
  select private.search_document(
    p.name || ' ' || coalesce(p.name_ar, ''),
    concat_ws(' ',
      (select c.name || ' ' || coalesce(c.name_ar, '') from public.categories c where c.id = p.category_id),
      (select z.title || ' ' || coalesce(z.title_ar, '') from public.zones z where z.id = p.zone_id),
      (select b.name || ' ' || coalesce(b.name_ar, '') || ' ' || coalesce(b.number, '') from public.buildings b where b.id = p.building_id)),
    concat_ws(' ', p.address, p.address_ar),
    p.phone)
$$;

-- The moderation functions run as the admin (security invoker): they read the request's columns by
-- name (`select *` / `returning *` would need reviewed_by) and return the row with the reviewer they set.
create or replace function private.lock_pending_request(request_id bigint) returns public.place_requests
language plpgsql set search_path = ''
as $$
declare
  r public.place_requests;
begin
  select q.id, q.type, q.status, q.payload, q.place_id, q.user_id, q.rejection_reason, q.reviewed_at, q.created_at, q.updated_at, q.previous
    into r.id, r.type, r.status, r.payload, r.place_id, r.user_id, r.rejection_reason, r.reviewed_at, r.created_at, r.updated_at, r.previous
    from public.place_requests q where q.id = request_id for update;
  if r.id is null then
    raise exception 'place request % does not exist', request_id using errcode = 'PR404';
  end if;
  if r.status <> 'pending' then
    raise exception 'place request % is already %', request_id, r.status using errcode = 'PR409';
  end if;
  return r;
end;
$$;
revoke all on function private.lock_pending_request(bigint) from public, anon, authenticated, service_role;
grant execute on function private.lock_pending_request(bigint) to authenticated, service_role;

-- The cache tags of a set of place rows before (olds) and after (news) a statement, matched by id
-- (decision 042): a place moved from zone A to B touches both. Every change names the place (`p:`: its
-- detail, the details and list pages showing it) and `search`; the filters' lists (`pl:`) only when the
-- lists' members, order or totals may change (decision 076), the counts (`c:`, `z:`, `cats`, `zones`) only
-- when they may, markers and related lists only when theirs may.
create or replace function private.place_change_tags(olds public.places[], news public.places[]) returns text
language sql stable security definer set search_path = ''
as $$
  with o as (select * from unnest(olds)), n as (select * from unnest(news)),
  pairs as (
    select o.id is null or n.id is null
             or (o.category_id, o.zone_id, o.name, o.slug) is distinct from (n.category_id, n.zone_id, n.name, n.slug) as moved,
           -- what decides a list's members (its filters, open now), its order (the names in either language, the
           -- dates, the distance) and its total (listPlaces, src/server/queries/places-queries.ts)
           o.id is null or n.id is null
             or (o.category_id, o.zone_id, o.name, o.name_ar, o.slug, o.created_at, o.latitude, o.longitude, o.opening_hours)
                is distinct from (n.category_id, n.zone_id, n.name, n.name_ar, n.slug, n.created_at, n.latitude, n.longitude, n.opening_hours) as listed,
           o.id is null or n.id is null
             or (o.slug, o.name, o.name_ar, o.latitude, o.longitude, o.map_url, o.category_id, o.zone_id)
                is distinct from (n.slug, n.name, n.name_ar, n.latitude, n.longitude, n.map_url, n.category_id, n.zone_id) as marker,
           o.id is null or n.id is null or o.category_id is distinct from n.category_id as category_count,
           o.id is null or n.id is null or o.zone_id is distinct from n.zone_id as zone_count,
           o.id is null or n.id is null or o.building_id is distinct from n.building_id as building_count,
           o.slug as o_slug, o.category_id as o_category, o.zone_id as o_zone, o.building_id as o_building,
           n.slug as n_slug, n.category_id as n_category, n.zone_id as n_zone, n.building_id as n_building
    from o full join n on n.id = o.id
  ),
  sides as (
    select p.moved, p.listed, p.marker, p.category_count, p.zone_count, p.zone_count or p.building_count as zone_counts,
           v.slug, c.slug as cat, z.slug as zone, bz.slug as building_zone
    from pairs p
    cross join lateral (values (p.o_slug, p.o_category, p.o_zone, p.o_building), (p.n_slug, p.n_category, p.n_zone, p.n_building))
      as v(slug, category_id, zone_id, building_id)
    left join public.categories c on c.id = v.category_id
    left join public.zones z on z.id = v.zone_id
    left join public.buildings b on b.id = v.building_id
    left join public.zones bz on bz.id = b.zone_id
    where v.slug is not null
  ),
  tags as (
    select unnest(array[
      'p:' || s.slug, 'search',
      case when s.listed then 'pl:*:*' end, case when s.listed then 'pl:' || s.cat || ':*' end,
      case when s.listed then 'pl:*:' || s.zone end, case when s.listed then 'pl:' || s.cat || ':' || s.zone end,
      case when s.category_count then 'c:' || s.cat end,
      case when s.zone_counts then 'z:' || s.zone end, case when s.zone_counts then 'z:' || s.building_zone end,
      case when s.marker then 'mk:*:*' end, case when s.marker then 'mk:' || s.cat || ':*' end,
      case when s.marker then 'mk:*:' || s.zone end, case when s.marker then 'mk:' || s.cat || ':' || s.zone end,
      case when s.moved then 'rel:' || s.cat end, case when s.moved then 'rel:' || s.cat || ':' || s.zone end,
      case when s.category_count then 'cats' end, case when s.zone_count then 'zones' end
    ]) as tag
    from sides s
  )
  select string_agg(distinct tag, ' ' order by tag) from tags where tag is not null
$$;
revoke all on function private.place_change_tags(public.places[], public.places[]) from public;
