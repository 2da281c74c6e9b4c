-- Opening hours on every write path (issue #15, docs/decisions/021-opening-hours.md): a place request's
-- payload may carry `openingHours` (validated by the API with the `opening_hours` library before it is
-- stored); approving a create or an edit writes it to places.opening_hours (20260101005000). Both
-- helpers are defined again from 20260101001100 with that one column added.

create or replace function private.insert_place_from_payload(payload jsonb, owner uuid)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  place_name text := private.payload_text(payload, 'name');
  details jsonb := coalesce(payload -> 'details', '{}'::jsonb);
  new_id bigint;
begin
  if place_name is null then
    raise exception 'name is required' using errcode = 'PR422';
  end if;
  if private.payload_text(payload, 'categoryId') is null then
    raise exception 'categoryId is required' using errcode = 'PR422';
  end if;
  if jsonb_typeof(details) <> 'object' then
    raise exception 'details must be an object' using errcode = 'PR422';
  end if;
  perform private.check_place_references(payload);
  insert into public.places (
    slug, name, name_ar, category_id, zone_id, building_id, logo_url, address, address_ar, phone, whatsapp,
    website_url, map_url, manager_name, manager_name_ar, manager_phone, latitude, longitude, opening_hours,
    description, image_url, youtube_url, owner_id
  ) values (
    private.unique_place_slug(place_name), place_name, private.payload_text(payload, 'nameAr'),
    (payload ->> 'categoryId')::bigint, (payload ->> 'zoneId')::bigint, (payload ->> 'buildingId')::bigint,
    private.payload_text(payload, 'logoUrl'), private.payload_text(payload, 'address'), private.payload_text(payload, 'addressAr'),
    private.payload_text(payload, 'phone'), private.payload_text(payload, 'whatsapp'), private.payload_text(payload, 'websiteUrl'),
    private.payload_text(payload, 'mapUrl'), private.payload_text(payload, 'managerName'), private.payload_text(payload, 'managerNameAr'),
    private.payload_text(payload, 'managerPhone'), (payload ->> 'latitude')::double precision, (payload ->> 'longitude')::double precision, private.payload_text(payload, 'openingHours'),
    private.payload_text(details, 'description'), private.payload_text(details, 'imageUrl'), private.payload_text(details, 'youtubeUrl'),
    owner
  )
  returning id into new_id;
  return new_id;
end;
$$;

create or replace function private.apply_place_changes(target_place_id bigint, changes jsonb)
returns void
language plpgsql
set search_path = ''
as $$
declare
  details jsonb := coalesce(changes -> 'details', '{}'::jsonb);
begin
  if target_place_id is null or not exists (select 1 from public.places where id = target_place_id) then
    raise exception 'the place no longer exists' using errcode = 'PR422';
  end if;
  if jsonb_typeof(details) <> 'object' then
    raise exception 'details must be an object' using errcode = 'PR422';
  end if;
  if changes ? 'name' and private.payload_text(changes, 'name') is null then
    raise exception 'name is required' using errcode = 'PR422';
  end if;
  if changes ? 'categoryId' and private.payload_text(changes, 'categoryId') is null then
    raise exception 'categoryId is required' using errcode = 'PR422';
  end if;
  perform private.check_place_references(changes);
  update public.places p set
    name            = case when changes ? 'name' then private.payload_text(changes, 'name') else p.name end,
    name_ar         = case when changes ? 'nameAr' then private.payload_text(changes, 'nameAr') else p.name_ar end,
    category_id     = case when changes ? 'categoryId' then (changes ->> 'categoryId')::bigint else p.category_id end,
    zone_id         = case when changes ? 'zoneId' then (changes ->> 'zoneId')::bigint else p.zone_id end,
    building_id     = case when changes ? 'buildingId' then (changes ->> 'buildingId')::bigint else p.building_id end,
    logo_url        = case when changes ? 'logoUrl' then private.payload_text(changes, 'logoUrl') else p.logo_url end,
    address         = case when changes ? 'address' then private.payload_text(changes, 'address') else p.address end,
    address_ar      = case when changes ? 'addressAr' then private.payload_text(changes, 'addressAr') else p.address_ar end,
    phone           = case when changes ? 'phone' then private.payload_text(changes, 'phone') else p.phone end,
    whatsapp        = case when changes ? 'whatsapp' then private.payload_text(changes, 'whatsapp') else p.whatsapp end,
    website_url     = case when changes ? 'websiteUrl' then private.payload_text(changes, 'websiteUrl') else p.website_url end,
    map_url         = case when changes ? 'mapUrl' then private.payload_text(changes, 'mapUrl') else p.map_url end,
    manager_name    = case when changes ? 'managerName' then private.payload_text(changes, 'managerName') else p.manager_name end,
    manager_name_ar = case when changes ? 'managerNameAr' then private.payload_text(changes, 'managerNameAr') else p.manager_name_ar end,
    manager_phone   = case when changes ? 'managerPhone' then private.payload_text(changes, 'managerPhone') else p.manager_phone end,
    latitude        = case when changes ? 'latitude' then (changes ->> 'latitude')::double precision else p.latitude end,
    longitude       = case when changes ? 'longitude' then (changes ->> 'longitude')::double precision else p.longitude end,
    opening_hours   = case when changes ? 'openingHours' then private.payload_text(changes, 'openingHours') else p.opening_hours end,
    description     = case when details ? 'description' then private.payload_text(details, 'description') else p.description end,
    image_url       = case when details ? 'imageUrl' then private.payload_text(details, 'imageUrl') else p.image_url end,
    youtube_url     = case when details ? 'youtubeUrl' then private.payload_text(details, 'youtubeUrl') else p.youtube_url end
  where p.id = target_place_id;
end;
$$;
revoke all on function private.insert_place_from_payload(jsonb, uuid) from public;
revoke all on function private.apply_place_changes(bigint, jsonb) from public;
grant execute on function private.insert_place_from_payload(jsonb, uuid), private.apply_place_changes(bigint, jsonb) to authenticated, service_role;
