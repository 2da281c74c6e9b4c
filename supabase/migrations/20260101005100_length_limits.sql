-- Length limits of the Data API equal to the API's (src/shared schemas). The API validates every text
-- with zod, but PostgREST, supabase-js and Studio write the tables directly: the URL columns took any
-- length (200 KB was accepted), request payloads any size, and a profile name up to 200 characters
-- where the API allows 100. tests/db/length-limits.test.ts compares every limit here with src/shared
-- and fails on a text column of public without one.
--
-- Each constraint is added NOT VALID and validated when the rows already there satisfy it, so the
-- migration applies to a hosted database holding older, longer values (they stay readable; new and
-- changed rows are checked). `select conname from pg_constraint where not convalidated` lists any left.

create or replace function private.add_length_limit(target regclass, name text, expression text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  violating boolean;
begin
  execute format('alter table %s add constraint %I check (%s) not valid', target, name, expression);
  execute format('select exists (select from %s where not (%s))', target, expression) into violating;
  if not violating then
    execute format('alter table %s validate constraint %I', target, name);
  end if;
end;
$$;
revoke all on function private.add_length_limit(regclass, text, text) from public;

-- URLs and image references: 2048 characters (place-form.ts link()/image(), admin.ts link()/image()).
select private.add_length_limit('public.places', 'places_logo_url_length', 'length(logo_url) <= 2048');
select private.add_length_limit('public.places', 'places_image_url_length', 'length(image_url) <= 2048');
select private.add_length_limit('public.places', 'places_website_url_length', 'length(website_url) <= 2048');
select private.add_length_limit('public.places', 'places_map_url_length', 'length(map_url) <= 2048');
select private.add_length_limit('public.places', 'places_youtube_url_length', 'length(youtube_url) <= 2048');
select private.add_length_limit('public.categories', 'categories_icon_url_length', 'length(icon_url) <= 2048');
select private.add_length_limit('public.zones', 'zones_location_url_length', 'length(location_url) <= 2048');
select private.add_length_limit('public.buildings', 'buildings_map_url_length', 'length(map_url) <= 2048');
select private.add_length_limit('public.website_settings', 'website_settings_logo_url_length', 'length(logo_url) <= 2048');

-- A profile's name: 100 characters (auth.ts AUTH_LIMITS.nameMax), also when Supabase Auth creates the
-- profile from a sign-up's user_metadata.name (cut to 100 instead of failing the sign-up).
alter table public.profiles drop constraint profiles_name_check;
select private.add_length_limit('public.profiles', 'profiles_name_length', 'length(name) <= 100');

create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, name)
  values (new.id, coalesce(left(new.raw_user_meta_data ->> 'name', 100), ''))
  on conflict (id) do nothing;
  return new;
end;
$$;

-- A request's payload (and `previous`): at most the API's JSON body limit, 64 KiB of JSON text
-- (JSON_BODY_LIMIT_BYTES); the fields inside are checked when an admin approves it (places' checks).
select private.add_length_limit('public.place_requests', 'place_requests_payload_size', 'octet_length(payload::text) <= 65536');
select private.add_length_limit('public.place_requests', 'place_requests_previous_size', 'octet_length(previous::text) <= 65536');

drop function private.add_length_limit(regclass, text, text);
