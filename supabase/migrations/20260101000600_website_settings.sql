-- Website settings: a single row of branding (logo, names, descriptions).

create table public.website_settings (
  id boolean primary key default true check (id),
  logo_url text check (logo_url is null or logo_url ~* '^(https?://|/uploads/)[^\s]+$'),
  site_name text not null default 'Dalil' check (length(site_name) <= 200),
  site_name_ar text check (site_name_ar is null or length(site_name_ar) <= 200),
  site_description text not null default '' check (length(site_description) <= 1000),
  site_description_ar text not null default '' check (length(site_description_ar) <= 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger website_settings_set_updated_at before update on public.website_settings
  for each row execute function private.set_updated_at();

insert into public.website_settings (id, site_name, site_name_ar, site_description, site_description_ar)
values (true, 'Dalil', 'دليل',
  'Find businesses and services across the city by category, district and building.',
  'اعثر على الأعمال والخدمات في المدينة حسب الفئة والحي والمبنى.')
on conflict (id) do nothing;

alter table public.website_settings enable row level security;
grant select on public.website_settings to anon, authenticated;
grant update on public.website_settings to authenticated;
grant all on public.website_settings to service_role;

create policy "Anyone can read website settings" on public.website_settings for select to anon, authenticated using (true);
create policy "Admins can update website settings" on public.website_settings for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
