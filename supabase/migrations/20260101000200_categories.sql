-- Categories of places.

create table public.categories (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 120),
  name text not null check (length(btrim(name)) between 1 and 200),
  name_ar text check (name_ar is null or length(name_ar) <= 200),
  icon_url text check (icon_url is null or icon_url ~* '^(https?://|/uploads/)[^\s]+$'),
  search_text text generated always as (public.search_normalize(name || ' ' || coalesce(name_ar, ''))) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index categories_name_idx on public.categories (name);
create index categories_search_text_trgm_idx on public.categories using gin (search_text extensions.gin_trgm_ops);
create trigger categories_set_updated_at before update on public.categories
  for each row execute function private.set_updated_at();

alter table public.categories enable row level security;
grant select on public.categories to anon, authenticated;
grant insert, update, delete on public.categories to authenticated;
grant all on public.categories to service_role;

create policy "Anyone can read categories" on public.categories for select to anon, authenticated using (true);
create policy "Admins can create categories" on public.categories for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can update categories" on public.categories for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can delete categories" on public.categories for delete to authenticated using ((select private.is_admin()));
