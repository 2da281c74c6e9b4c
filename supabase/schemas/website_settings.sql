-- public.website_settings: the single row of site-wide settings.

create table public.website_settings (
  id boolean default true not null,
  logo_url text,
  site_name text default 'Dalil'::text not null,
  site_name_ar text,
  site_description text default ''::text not null,
  site_description_ar text default ''::text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  time_zone text default 'Asia/Riyadh'::text not null,
  constraint website_settings_pkey PRIMARY KEY (id),
  constraint website_settings_id_check CHECK (id),
  constraint website_settings_logo_url_check CHECK (((logo_url IS NULL) OR (logo_url ~* '^(https?://|/uploads/)[^\s]+$'::text))),
  constraint website_settings_logo_url_length CHECK ((length(logo_url) <= 2048)),
  constraint website_settings_site_description_ar_check CHECK ((length(site_description_ar) <= 1000)),
  constraint website_settings_site_description_check CHECK ((length(site_description) <= 1000)),
  constraint website_settings_site_name_ar_check CHECK (((site_name_ar IS NULL) OR (length(site_name_ar) <= 200))),
  constraint website_settings_site_name_check CHECK ((length(site_name) <= 200)),
  constraint website_settings_time_zone_check CHECK (((length(time_zone) >= 1) AND (length(time_zone) <= 64)))
);
-- The one row, made before the triggers (so it is no history entry). `supabase db diff` ignores rows:
-- the insert ships in migration 20260101000600_website_settings.sql.
insert into public.website_settings (id, site_name, site_name_ar, site_description, site_description_ar)
values (true, 'Dalil', 'دليل',
  'Find businesses and services across the city by category, district and building.',
  'تصفّح المحلات والخدمات في المدينة حسب الفئة والحي والمبنى.')
on conflict (id) do nothing;

-- Triggers
create trigger notify_public_data_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.website_settings FOR EACH STATEMENT EXECUTE FUNCTION private.notify_public_data_changed();
create trigger record_change after insert or update or delete on public.website_settings
  for each row execute function private.record_change('website');
create trigger website_settings_set_updated_at before update on public.website_settings
  for each row execute function private.set_updated_at();

-- Access: privileges say which roles reach which columns, policies which rows
alter table public.website_settings enable row level security;
revoke all on public.website_settings from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, update on public.website_settings to anon, authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on public.website_settings to service_role;
create policy "Admins can update website settings" on public.website_settings for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Anyone can read website settings" on public.website_settings for select to anon, authenticated using (true);
