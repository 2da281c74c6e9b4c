-- Places: the directory's listings.

create table public.places (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 160),
  name text not null check (length(btrim(name)) between 1 and 200),
  name_ar text check (name_ar is null or length(name_ar) <= 200),
  logo_url text check (logo_url is null or logo_url ~* '^(https?://|/uploads/)[^\s]+$'),
  address text check (address is null or length(address) <= 500),
  address_ar text check (address_ar is null or length(address_ar) <= 500),
  phone text check (phone is null or phone ~ '^\+?[0-9 ()-]{6,20}$'),
  whatsapp text check (whatsapp is null or whatsapp ~ '^\+?[0-9 ()-]{6,20}$'),
  website_url text check (website_url is null or website_url ~* '^https?://[^\s]+$'),
  map_url text check (map_url is null or map_url ~* '^https?://[^\s]+$'),
  category_id bigint not null references public.categories (id) on delete restrict,
  zone_id bigint references public.zones (id) on delete set null,
  building_id bigint references public.buildings (id) on delete set null,
  description text check (description is null or length(description) <= 5000),
  image_url text check (image_url is null or image_url ~* '^(https?://|/uploads/)[^\s]+$'),
  youtube_url text check (youtube_url is null or youtube_url ~* '^https?://[^\s]+$'),
  manager_name text check (manager_name is null or length(manager_name) <= 200),
  manager_name_ar text check (manager_name_ar is null or length(manager_name_ar) <= 200),
  manager_phone text check (manager_phone is null or manager_phone ~ '^\+?[0-9 ()-]{6,20}$'),
  owner_id uuid references auth.users (id) on delete set null,
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  search_name text generated always as (public.search_normalize(name || ' ' || coalesce(name_ar, ''))) stored,
  search_text text generated always as (public.search_normalize(
    name || ' ' || coalesce(name_ar, '') || ' ' || coalesce(address, '') || ' ' || coalesce(address_ar, '')
    || ' ' || coalesce(phone, ''))) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index places_category_name_idx on public.places (category_id, name, id);
create index places_zone_name_idx on public.places (zone_id, name, id);
create index places_name_idx on public.places (name, id);
create index places_created_idx on public.places (created_at desc, id desc);
create index places_building_idx on public.places (building_id);
create index places_owner_idx on public.places (owner_id);
create index places_search_name_trgm_idx on public.places using gin (search_name extensions.gin_trgm_ops);
create index places_search_text_trgm_idx on public.places using gin (search_text extensions.gin_trgm_ops);
create trigger places_set_updated_at before update on public.places
  for each row execute function private.set_updated_at();

alter table public.places enable row level security;
grant select on public.places to anon, authenticated;
grant insert, update, delete on public.places to authenticated;
grant all on public.places to service_role;

create policy "Anyone can read places" on public.places for select to anon, authenticated using (true);
create policy "Admins can create places" on public.places for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can update places" on public.places for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can delete places" on public.places for delete to authenticated using ((select private.is_admin()));
