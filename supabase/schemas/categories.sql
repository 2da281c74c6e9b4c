-- public.categories: what a place is (restaurant, pharmacy ...).

create table public.categories (
  id bigint generated always as identity not null,
  slug text not null,
  name text not null,
  name_ar text,
  icon_url text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  name_key text generated always as (private.search_key(name)) stored,
  name_ar_key text generated always as (private.search_key(name_ar)) stored,
  search_vector tsvector generated always as (private.search_document(((name || ' '::text) || COALESCE(name_ar, ''::text)), NULL::text, NULL::text, NULL::text)) stored,
  source text,
  source_id text,
  constraint categories_pkey PRIMARY KEY (id),
  constraint categories_slug_key UNIQUE (slug),
  constraint categories_icon_url_check CHECK (((icon_url IS NULL) OR (icon_url ~* '^(https?://|/uploads/)[^\s]+$'::text))),
  constraint categories_icon_url_length CHECK ((length(icon_url) <= 2048)),
  constraint categories_name_ar_check CHECK (((name_ar IS NULL) OR (length(name_ar) <= 200))),
  constraint categories_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 200))),
  constraint categories_slug_check CHECK (((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (length(slug) <= 120))),
  constraint categories_source_check CHECK (((source IS NULL) OR ((length(source) >= 1) AND (length(source) <= 200)))),
  constraint categories_source_id_check CHECK (((source_id IS NULL) OR ((length(source_id) >= 1) AND (length(source_id) <= 400)))),
  constraint categories_source_id_length CHECK ((length(source_id) <= 400)),
  constraint categories_source_length CHECK ((length(source) <= 200)),
  constraint categories_source_pair CHECK (((source IS NULL) = (source_id IS NULL)))
);

-- Indexes
create index categories_name_idx on public.categories using btree (name);
create index categories_search_vector_idx on public.categories using gin (search_vector);
create unique index categories_source_identity_idx on public.categories using btree (source, source_id) WHERE (source_id IS NOT NULL);

-- Triggers
create trigger categories_collect_search_terms_ins after insert on public.categories
  referencing new table as new_rows for each statement execute function private.collect_search_terms_trigger();
create trigger categories_collect_search_terms_upd after update on public.categories
  referencing new table as new_rows for each statement execute function private.collect_search_terms_trigger();
create trigger categories_refresh_place_vectors after update of name, name_ar on public.categories
  for each row when ((old.name, old.name_ar) is distinct from (new.name, new.name_ar))
  execute function private.refresh_place_vectors_trigger();
create trigger categories_set_updated_at before update on public.categories
  for each row execute function private.set_updated_at();
create trigger notify_public_data_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.categories FOR EACH STATEMENT EXECUTE FUNCTION private.notify_public_data_changed();
create trigger record_change after insert or update or delete on public.categories
  for each row execute function private.record_change('category');

-- Access: privileges say which roles reach which columns, policies which rows
alter table public.categories enable row level security;
revoke all on public.categories from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, update on public.categories to anon, authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on public.categories to service_role;
create policy "Admins can create categories" on public.categories for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can delete categories" on public.categories for delete to authenticated using ((select private.is_admin()));
create policy "Admins can update categories" on public.categories for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Anyone can read categories" on public.categories for select to anon, authenticated using (true);
