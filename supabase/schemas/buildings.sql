-- public.buildings: buildings inside a zone.

create table public.buildings (
  id bigint generated always as identity not null,
  zone_id bigint not null,
  slug text not null,
  name text not null,
  name_ar text,
  number text,
  description text,
  description_ar text,
  map_url text,
  sort_order integer default 0 not null,
  has_details boolean default false not null,
  latitude double precision constraint buildings_latitude_check CHECK (((latitude >= ('-90'::integer)::double precision) AND (latitude <= (90)::double precision))),
  longitude double precision constraint buildings_longitude_check CHECK (((longitude >= ('-180'::integer)::double precision) AND (longitude <= (180)::double precision))),
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  name_key text generated always as (private.search_key(name)) stored,
  name_ar_key text generated always as (private.search_key(name_ar)) stored,
  search_vector tsvector generated always as (private.search_document(((name || ' '::text) || COALESCE(name_ar, ''::text)), number, NULL::text, NULL::text)) stored,
  source text,
  source_id text,
  constraint buildings_pkey PRIMARY KEY (id),
  constraint buildings_zone_id_slug_key UNIQUE (zone_id, slug),
  constraint buildings_coordinates_floor CHECK ((((latitude IS NULL) OR (latitude = (0)::double precision) OR (abs(latitude) >= (0.000000001)::double precision)) AND ((longitude IS NULL) OR (longitude = (0)::double precision) OR (abs(longitude) >= (0.000000001)::double precision)))),
  constraint buildings_description_ar_check CHECK (((description_ar IS NULL) OR (length(description_ar) <= 5000))),
  constraint buildings_description_check CHECK (((description IS NULL) OR (length(description) <= 5000))),
  constraint buildings_map_url_check CHECK (((map_url IS NULL) OR (map_url ~* '^https?://[^\s]+$'::text))),
  constraint buildings_map_url_length CHECK ((length(map_url) <= 2048)),
  constraint buildings_name_ar_check CHECK (((name_ar IS NULL) OR (length(name_ar) <= 200))),
  constraint buildings_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 200))),
  constraint buildings_number_check CHECK (((number IS NULL) OR (length(number) <= 40))),
  constraint buildings_slug_check CHECK (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (length(slug) <= 120))),
  constraint buildings_source_check CHECK (((source IS NULL) OR ((length(source) >= 1) AND (length(source) <= 200)))),
  constraint buildings_source_id_check CHECK (((source_id IS NULL) OR ((length(source_id) >= 1) AND (length(source_id) <= 400)))),
  constraint buildings_source_id_length CHECK ((length(source_id) <= 400)),
  constraint buildings_source_length CHECK ((length(source) <= 200)),
  constraint buildings_source_pair CHECK (((source IS NULL) = (source_id IS NULL))),
  constraint buildings_zone_id_fkey FOREIGN KEY (zone_id) REFERENCES public.zones(id) ON DELETE CASCADE
);

-- Indexes
create index buildings_search_vector_idx on public.buildings using gin (search_vector);
create unique index buildings_source_identity_idx on public.buildings using btree (source, source_id) WHERE (source_id IS NOT NULL);
create index buildings_zone_sort_idx on public.buildings using btree (zone_id, sort_order, id);

-- Triggers
create trigger buildings_collect_search_terms_ins after insert on public.buildings
  referencing new table as new_rows for each statement execute function private.collect_search_terms_trigger();
create trigger buildings_collect_search_terms_upd after update on public.buildings
  referencing new table as new_rows for each statement execute function private.collect_search_terms_trigger();
create trigger buildings_refresh_place_vectors after update of name, name_ar, number on public.buildings
  for each row when ((old.name, old.name_ar, old.number) is distinct from (new.name, new.name_ar, new.number))
  execute function private.refresh_place_vectors_trigger();
create trigger buildings_set_updated_at before update on public.buildings
  for each row execute function private.set_updated_at();
create trigger notify_public_data_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.buildings FOR EACH STATEMENT EXECUTE FUNCTION private.notify_public_data_changed();
create trigger record_change after insert or update or delete on public.buildings
  for each row execute function private.record_change('building');

-- Access: privileges say which roles reach which columns, policies which rows
alter table public.buildings enable row level security;
revoke all on public.buildings from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, update on public.buildings to anon, authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on public.buildings to service_role;
create policy "Admins can create buildings" on public.buildings for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can delete buildings" on public.buildings for delete to authenticated using ((select private.is_admin()));
create policy "Admins can update buildings" on public.buildings for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Anyone can read buildings" on public.buildings for select to anon, authenticated using (true);
