-- Submitters are told (issue #16): the language a user signed up in (user_metadata.locale, set by
-- both auth providers at sign-up) is kept on the profile, next to the user's choice to receive
-- (or not) an e-mail when one of their place requests is approved or rejected. Decision 024.

alter table public.profiles
  add column locale text not null default 'en' check (locale in ('en', 'ar')),
  add column notify_decisions boolean not null default true;

-- Existing users: the locale their sign-up recorded, when it did.
update public.profiles p set locale = u.raw_user_meta_data ->> 'locale'
from auth.users u
where u.id = p.id and u.raw_user_meta_data ->> 'locale' in ('en', 'ar');

create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, name, locale)
  values (
    new.id,
    coalesce(left(new.raw_user_meta_data ->> 'name', 100), ''),
    case when new.raw_user_meta_data ->> 'locale' = 'ar' then 'ar' else 'en' end
  )
  on conflict (id) do nothing;
  return new;
end;
$$;

-- The owner turns the mails on or off (RLS: the existing policies — owner reads and updates, admins
-- read); the locale stays the sign-up's.
grant update (notify_decisions) on public.profiles to authenticated;
