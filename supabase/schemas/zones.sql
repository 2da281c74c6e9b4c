-- public.zones: the city's districts (spec: zones have buildings).

create table public.zones (
  id bigint generated always as identity not null,
  slug text not null,
  title text not null,
  title_ar text,
  description text,
  description_ar text,
  location_url text,
  sort_order integer default 0 not null,
  latitude double precision constraint zones_latitude_check CHECK (((latitude >= ('-90'::integer)::double precision) AND (latitude <= (90)::double precision))),
  longitude double precision constraint zones_longitude_check CHECK (((longitude >= ('-180'::integer)::double precision) AND (longitude <= (180)::double precision))),
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  title_key text generated always as (private.search_key(title)) stored,
  title_ar_key text generated always as (private.search_key(title_ar)) stored,
  search_vector tsvector generated always as (private.search_document(((title || ' '::text) || COALESCE(title_ar, ''::text)), NULL::text, NULL::text, NULL::text)) stored,
  source text,
  source_id text,
  constraint zones_pkey PRIMARY KEY (id),
  constraint zones_slug_key UNIQUE (slug),
  constraint zones_coordinates_floor CHECK ((((latitude IS NULL) OR (latitude = (0)::double precision) OR (abs(latitude) >= (0.000000001)::double precision)) AND ((longitude IS NULL) OR (longitude = (0)::double precision) OR (abs(longitude) >= (0.000000001)::double precision)))),
  constraint zones_description_ar_check CHECK (((description_ar IS NULL) OR (length(description_ar) <= 5000))),
  constraint zones_description_check CHECK (((description IS NULL) OR (length(description) <= 5000))),
  constraint zones_location_url_check CHECK (((location_url IS NULL) OR (location_url ~* '^https?://[^\s]+$'::text))),
  constraint zones_location_url_length CHECK ((length(location_url) <= 2048)),
  constraint zones_slug_check CHECK (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (length(slug) <= 120))),
  constraint zones_source_check CHECK (((source IS NULL) OR ((length(source) >= 1) AND (length(source) <= 200)))),
  constraint zones_source_id_check CHECK (((source_id IS NULL) OR ((length(source_id) >= 1) AND (length(source_id) <= 400)))),
  constraint zones_source_id_length CHECK ((length(source_id) <= 400)),
  constraint zones_source_length CHECK ((length(source) <= 200)),
  constraint zones_source_pair CHECK (((source IS NULL) = (source_id IS NULL))),
  constraint zones_title_ar_check CHECK (((title_ar IS NULL) OR (length(title_ar) <= 200))),
  constraint zones_title_check CHECK (((length(btrim(title)) >= 1) AND (length(btrim(title)) <= 200)))
);

-- Indexes
create index zones_search_vector_idx on public.zones using gin (search_vector);
create index zones_sort_order_idx on public.zones using btree (sort_order, id);
create unique index zones_source_identity_idx on public.zones using btree (source, source_id) WHERE (source_id IS NOT NULL);

-- Triggers
create trigger notify_public_data_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.zones FOR EACH STATEMENT EXECUTE FUNCTION private.notify_public_data_changed();
create trigger record_change after insert or update or delete on public.zones
  for each row execute function private.record_change('zone');
create trigger zones_collect_search_terms_ins after insert on public.zones
  referencing new table as new_rows for each statement execute function private.collect_search_terms_trigger();
create trigger zones_collect_search_terms_upd after update on public.zones
  referencing new table as new_rows for each statement execute function private.collect_search_terms_trigger();
create trigger zones_refresh_place_vectors after update of title, title_ar on public.zones
  for each row when ((old.title, old.title_ar) is distinct from (new.title, new.title_ar))
  execute function private.refresh_place_vectors_trigger();
create trigger zones_set_updated_at before update on public.zones
  for each row execute function private.set_updated_at();

-- Access: privileges say which roles reach which columns, policies which rows
alter table public.zones enable row level security;
revoke all on public.zones from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, update on public.zones to anon, authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on public.zones to service_role;
create policy "Admins can create zones" on public.zones for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can delete zones" on public.zones for delete to authenticated using ((select private.is_admin()));
create policy "Admins can update zones" on public.zones for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Anyone can read zones" on public.zones for select to anon, authenticated using (true);
