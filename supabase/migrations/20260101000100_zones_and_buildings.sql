-- Zones (districts) and the buildings inside them.

create table public.zones (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 120),
  title text not null check (length(btrim(title)) between 1 and 200),
  title_ar text check (title_ar is null or length(title_ar) <= 200),
  description text check (description is null or length(description) <= 5000),
  description_ar text check (description_ar is null or length(description_ar) <= 5000),
  location_url text check (location_url is null or location_url ~* '^https?://[^\s]+$'),
  sort_order integer not null default 0,
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  search_text text generated always as (public.search_normalize(title || ' ' || coalesce(title_ar, ''))) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index zones_sort_order_idx on public.zones (sort_order, id);
create index zones_search_text_trgm_idx on public.zones using gin (search_text extensions.gin_trgm_ops);
create trigger zones_set_updated_at before update on public.zones
  for each row execute function private.set_updated_at();

create table public.buildings (
  id bigint generated always as identity primary key,
  zone_id bigint not null references public.zones (id) on delete cascade,
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 120),
  name text not null check (length(btrim(name)) between 1 and 200),
  name_ar text check (name_ar is null or length(name_ar) <= 200),
  number text check (number is null or length(number) <= 40),
  description text check (description is null or length(description) <= 5000),
  description_ar text check (description_ar is null or length(description_ar) <= 5000),
  map_url text check (map_url is null or map_url ~* '^https?://[^\s]+$'),
  sort_order integer not null default 0,
  has_details boolean not null default false,
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  search_text text generated always as (public.search_normalize(name || ' ' || coalesce(name_ar, '') || ' ' || coalesce(number, ''))) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (zone_id, slug)
);
create index buildings_zone_sort_idx on public.buildings (zone_id, sort_order, id);
create index buildings_search_text_trgm_idx on public.buildings using gin (search_text extensions.gin_trgm_ops);
create trigger buildings_set_updated_at before update on public.buildings
  for each row execute function private.set_updated_at();

alter table public.zones enable row level security;
alter table public.buildings enable row level security;

grant select on public.zones, public.buildings to anon, authenticated;
grant insert, update, delete on public.zones, public.buildings to authenticated;
grant all on public.zones, public.buildings to service_role;

create policy "Anyone can read zones" on public.zones for select to anon, authenticated using (true);
create policy "Admins can create zones" on public.zones for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can update zones" on public.zones for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can delete zones" on public.zones for delete to authenticated using ((select private.is_admin()));

create policy "Anyone can read buildings" on public.buildings for select to anon, authenticated using (true);
create policy "Admins can create buildings" on public.buildings for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can update buildings" on public.buildings for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can delete buildings" on public.buildings for delete to authenticated using ((select private.is_admin()));
