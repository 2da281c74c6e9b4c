-- Foundation: extensions, the private helper schema, shared trigger and search normalisation.
-- Runs unchanged on a Supabase project (where auth.*, anon, authenticated, service_role and
-- the extensions schema already exist) and on the embedded stack (whose bootstrap creates them).

create schema if not exists extensions;
create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- Is the caller an administrator? Reads the app_metadata.role claim of the JWT (set only with the
-- service role or SQL, never by the user), so it is safe to trust in policies.
create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'admin'
$$;
revoke all on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- Keeps updated_at current on every row update.
create or replace function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- unaccent() is only STABLE (its dictionary could change); with the dictionary named explicitly
-- it is safe to declare IMMUTABLE, which generated columns and indexes need.
create or replace function private.immutable_unaccent(input text)
returns text
language sql
immutable
parallel safe
strict
set search_path = ''
as $$
  select extensions.unaccent('extensions.unaccent'::regdictionary, input)
$$;

-- Search normalisation shared by every search column and every query (DESIGN §3):
-- Arabic: strip tashkeel (U+064B–U+065F, U+0670) and tatweel (U+0640); أ إ آ ٱ → ا; ى → ي;
-- ة → ه; ؤ → و; ئ → ي; Arabic-Indic and Persian digits → ASCII.
-- Latin: lower-case and unaccent. Whitespace collapsed. NULL → ''.
create or replace function public.search_normalize(input text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select btrim(regexp_replace(lower(private.immutable_unaccent(translate(
    regexp_replace(coalesce(input, ''), '[\u064B-\u065F\u0670\u0640]', '', 'g'),
    'أإآٱىةؤئ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹',
    'اااايهوي01234567890123456789'
  ))), '\s+', ' ', 'g'))
$$;
grant execute on function public.search_normalize(text) to anon, authenticated, service_role;
