-- public.profiles: one row per auth user (made by private.handle_new_user), name and preferences.

create table public.profiles (
  id uuid not null,
  name text default ''::text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  locale text default 'en'::text not null,
  notify_decisions boolean default true not null,
  constraint profiles_pkey PRIMARY KEY (id),
  constraint profiles_locale_check CHECK ((locale = ANY (ARRAY['en'::text, 'ar'::text]))),
  constraint profiles_name_length CHECK ((length(name) <= 100)),
  constraint profiles_id_fkey FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE
);

-- Triggers
create trigger profiles_set_updated_at before update on public.profiles
  for each row execute function private.set_updated_at();

-- Access: privileges say which roles reach which columns, policies which rows
alter table public.profiles enable row level security;
revoke all on public.profiles from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, update on public.profiles to anon;
grant delete, insert, maintain, references, select, trigger on public.profiles to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on public.profiles to service_role;
grant update (name, notify_decisions) on public.profiles to authenticated;
create policy "Users can read their own profile" on public.profiles for select to authenticated
  using ((select auth.uid()) = id or (select private.is_admin()));
create policy "Users can update their own profile" on public.profiles for update to authenticated
  using ((select auth.uid()) = id) with check ((select auth.uid()) = id);

-- Every new auth user gets a profile (name and language from the sign-up's user_metadata).
create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();
