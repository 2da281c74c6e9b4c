-- public.places: the directory's listings. Column privileges hide owner_id from the API roles
-- (docs/decisions/014-faithful-to-supabase.md); RLS lets anyone read and admins write.

create table public.places (
  id bigint generated always as identity not null,
  slug text not null,
  name text not null,
  name_ar text,
  logo_url text,
  address text,
  address_ar text,
  phone text,
  whatsapp text,
  website_url text,
  map_url text,
  category_id bigint not null,
  zone_id bigint,
  building_id bigint,
  description text,
  image_url text,
  youtube_url text,
  manager_name text,
  manager_name_ar text,
  manager_phone text,
  owner_id uuid,
  latitude double precision constraint places_latitude_check CHECK (((latitude >= ('-90'::integer)::double precision) AND (latitude <= (90)::double precision))),
  longitude double precision constraint places_longitude_check CHECK (((longitude >= ('-180'::integer)::double precision) AND (longitude <= (180)::double precision))),
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  name_key text generated always as (private.search_key(name)) stored,
  name_ar_key text generated always as (private.search_key(name_ar)) stored,
  name_vector tsvector generated always as (private.search_document(((name || ' '::text) || COALESCE(name_ar, ''::text)), NULL::text, NULL::text, NULL::text)) stored,
  search_vector tsvector default ''::tsvector not null,
  source text,
  source_id text,
  opening_hours text,
  constraint places_pkey PRIMARY KEY (id),
  constraint places_slug_key UNIQUE (slug),
  constraint places_address_ar_check CHECK (((address_ar IS NULL) OR (length(address_ar) <= 500))),
  constraint places_address_check CHECK (((address IS NULL) OR (length(address) <= 500))),
  constraint places_coordinates_floor CHECK ((((latitude IS NULL) OR (latitude = (0)::double precision) OR (abs(latitude) >= (0.000000001)::double precision)) AND ((longitude IS NULL) OR (longitude = (0)::double precision) OR (abs(longitude) >= (0.000000001)::double precision)))),
  constraint places_description_check CHECK (((description IS NULL) OR (length(description) <= 5000))),
  constraint places_image_url_check CHECK (((image_url IS NULL) OR (image_url ~* '^(https?://|/uploads/)[^\s]+$'::text))),
  constraint places_image_url_length CHECK ((length(image_url) <= 2048)),
  constraint places_logo_url_check CHECK (((logo_url IS NULL) OR (logo_url ~* '^(https?://|/uploads/)[^\s]+$'::text))),
  constraint places_logo_url_length CHECK ((length(logo_url) <= 2048)),
  constraint places_manager_name_ar_check CHECK (((manager_name_ar IS NULL) OR (length(manager_name_ar) <= 200))),
  constraint places_manager_name_check CHECK (((manager_name IS NULL) OR (length(manager_name) <= 200))),
  constraint places_manager_phone_check CHECK (((manager_phone IS NULL) OR (manager_phone ~ '^\+?[0-9 ()-]{6,20}$'::text))),
  constraint places_map_url_check CHECK (((map_url IS NULL) OR (map_url ~* '^https?://[^\s]+$'::text))),
  constraint places_map_url_length CHECK ((length(map_url) <= 2048)),
  constraint places_name_ar_check CHECK (((name_ar IS NULL) OR (length(name_ar) <= 200))),
  constraint places_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 200))),
  constraint places_opening_hours_check CHECK (((opening_hours IS NULL) OR (length(opening_hours) <= 500))),
  constraint places_opening_hours_length CHECK ((length(opening_hours) <= 500)),
  constraint places_phone_check CHECK (((phone IS NULL) OR (phone ~ '^\+?[0-9 ()-]{6,20}$'::text))),
  constraint places_slug_check CHECK (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (length(slug) <= 160))),
  constraint places_source_check CHECK (((source IS NULL) OR ((length(source) >= 1) AND (length(source) <= 200)))),
  constraint places_source_id_check CHECK (((source_id IS NULL) OR ((length(source_id) >= 1) AND (length(source_id) <= 400)))),
  constraint places_source_id_length CHECK ((length(source_id) <= 400)),
  constraint places_source_length CHECK ((length(source) <= 200)),
  constraint places_source_pair CHECK (((source IS NULL) = (source_id IS NULL))),
  constraint places_website_url_check CHECK (((website_url IS NULL) OR (website_url ~* '^https?://[^\s]+$'::text))),
  constraint places_website_url_length CHECK ((length(website_url) <= 2048)),
  constraint places_whatsapp_check CHECK (((whatsapp IS NULL) OR (whatsapp ~ '^\+?[0-9 ()-]{6,20}$'::text))),
  constraint places_youtube_url_check CHECK (((youtube_url IS NULL) OR (youtube_url ~* '^https?://[^\s]+$'::text))),
  constraint places_youtube_url_length CHECK ((length(youtube_url) <= 2048)),
  constraint places_building_id_fkey FOREIGN KEY (building_id) REFERENCES public.buildings(id) ON DELETE SET NULL,
  constraint places_category_id_fkey FOREIGN KEY (category_id) REFERENCES public.categories(id) ON DELETE RESTRICT,
  constraint places_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES auth.users(id) ON DELETE SET NULL,
  constraint places_zone_id_fkey FOREIGN KEY (zone_id) REFERENCES public.zones(id) ON DELETE SET NULL
);

-- Indexes
create index places_building_idx on public.places using btree (building_id);
create index places_category_created_idx on public.places using btree (category_id, created_at DESC, id DESC);
create index places_category_name_ar_order_idx on public.places using btree (category_id, public.place_name_ar_order(name, name_ar) COLLATE public.name_ar, id);
create index places_category_name_en_idx on public.places using btree (category_id, name COLLATE public.name_en, id);
create index places_category_name_idx on public.places using btree (category_id, name, id);
create index places_category_zone_name_idx on public.places using btree (category_id, zone_id, name, id);
create index places_created_idx on public.places using btree (created_at DESC, id DESC);
create index places_latitude_idx on public.places using btree (latitude) WHERE (latitude IS NOT NULL);
create index places_name_ar_key_idx on public.places using btree (name_ar_key COLLATE "C", id);
create index places_name_ar_key_trgm_idx on public.places using gist (name_ar_key extensions.gist_trgm_ops);
create index places_name_ar_order_idx on public.places using btree (public.place_name_ar_order(name, name_ar) COLLATE public.name_ar, id);
create index places_name_en_idx on public.places using btree (name COLLATE public.name_en, id);
create index places_name_key_idx on public.places using btree (name_key COLLATE "C", id);
create index places_name_key_trgm_idx on public.places using gist (name_key extensions.gist_trgm_ops);
create index places_name_vector_idx on public.places using gin (name_vector);
create index places_owner_idx on public.places using btree (owner_id);
create index places_phone_forms_idx on public.places using gin (private.phone_forms(phone)) WHERE (phone IS NOT NULL);
create index places_point_idx on public.places using gist (point(longitude, latitude)) WHERE ((latitude IS NOT NULL) AND (longitude IS NOT NULL));
create index places_search_vector_idx on public.places using gin (search_vector);
create unique index places_source_identity_idx on public.places using btree (source, source_id) WHERE (source_id IS NOT NULL);
create index places_unit_vector_idx on public.places using gist ((
CASE
    WHEN ((latitude IS NOT NULL) AND (longitude IS NOT NULL)) THEN extensions.cube(ARRAY[(cos(radians(latitude)) * cos(radians(longitude))), (cos(radians(latitude)) * sin(radians(longitude))), sin(radians(latitude))])
    ELSE NULL::extensions.cube
END));
create index places_zone_created_idx on public.places using btree (zone_id, created_at DESC, id DESC);
create index places_zone_name_ar_order_idx on public.places using btree (zone_id, public.place_name_ar_order(name, name_ar) COLLATE public.name_ar, id);
create index places_zone_name_en_idx on public.places using btree (zone_id, name COLLATE public.name_en, id);

-- Triggers
create trigger places_collect_name_readings_ins after insert on public.places
  referencing new table as new_rows for each statement execute function private.collect_name_readings_trigger();
create trigger places_collect_name_readings_upd after update on public.places
  referencing old table as old_rows new table as new_rows for each statement execute function private.collect_name_readings_trigger();
create trigger notify_public_data_changed after truncate on public.places
  for each statement execute function private.notify_place_changes();
create trigger notify_public_data_changed_ins after insert on public.places
  referencing new table as new_rows for each statement execute function private.notify_place_changes();
create trigger notify_public_data_changed_upd after update on public.places
  referencing old table as old_rows new table as new_rows for each statement execute function private.notify_place_changes();
create trigger notify_public_data_changed_del after delete on public.places
  referencing old table as old_rows for each statement execute function private.notify_place_changes();
create trigger place_duplicate_pairs_inserted after insert on public.places
  referencing new table as new_rows
  for each statement execute function private.place_duplicate_pairs_inserted();
create trigger place_duplicate_pairs_updated after update on public.places
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.place_duplicate_pairs_updated();
create trigger places_collect_search_terms_ins after insert on public.places
  referencing new table as new_rows for each statement execute function private.collect_search_terms_trigger();
create trigger places_collect_search_terms_upd after update on public.places
  referencing new table as new_rows for each statement execute function private.collect_search_terms_trigger();
create trigger places_count_del after delete on public.places
  referencing old table as old_rows for each statement execute function private.place_counts_trigger();
create trigger places_count_ins after insert on public.places
  referencing new table as new_rows for each statement execute function private.place_counts_trigger();
create trigger places_count_truncate after truncate on public.places
  for each statement execute function private.place_counts_trigger();
create trigger places_count_upd after update on public.places
  referencing old table as old_rows new table as new_rows for each statement execute function private.place_counts_update_trigger();
create trigger places_hours_inserted after insert on public.places
  for each row when (new.opening_hours is not null) execute function private.place_hours_changed();
create trigger places_hours_updated after update of opening_hours on public.places
  for each row when (new.opening_hours is distinct from old.opening_hours) execute function private.place_hours_changed();
create trigger places_open_intervals_moved after update of category_id, zone_id on public.places
  for each row when ((new.category_id, coalesce(new.zone_id, 0)) is distinct from (old.category_id, coalesce(old.zone_id, 0)))
  execute function private.place_open_intervals_moved();
create trigger places_reject_pending_edits before delete on public.places
  for each row execute function private.reject_edits_of_deleted_place();
create trigger places_set_updated_at before update on public.places
  for each row execute function private.set_updated_at();
create trigger places_update_search_vector
  before insert or update of name, name_ar, address, address_ar, phone, category_id, zone_id, building_id, search_vector
  on public.places
  for each row execute function private.places_search_vector_trigger();
create trigger record_change after insert or update or delete on public.places
  for each row execute function private.record_change('place');

-- Access: privileges say which roles reach which columns, policies which rows
alter table public.places enable row level security;
revoke all on public.places from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, trigger, update on public.places to anon, authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on public.places to service_role;
grant select (address, address_ar, building_id, category_id, created_at, description, id, image_url, latitude, logo_url, longitude, manager_name, manager_name_ar, manager_phone, map_url, name, name_ar, name_ar_key, name_key, name_vector, opening_hours, phone, search_vector, slug, source, source_id, updated_at, website_url, whatsapp, youtube_url, zone_id) on public.places to anon;
grant select (address, address_ar, building_id, category_id, created_at, description, id, image_url, latitude, logo_url, longitude, manager_name, manager_name_ar, manager_phone, map_url, name, name_ar, name_ar_key, name_key, name_vector, opening_hours, phone, search_vector, slug, source, source_id, updated_at, website_url, whatsapp, youtube_url, zone_id) on public.places to authenticated;
create policy "Admins can create places" on public.places for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can delete places" on public.places for delete to authenticated using ((select private.is_admin()));
create policy "Admins can update places" on public.places for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Anyone can read places" on public.places for select to anon, authenticated using (true);
