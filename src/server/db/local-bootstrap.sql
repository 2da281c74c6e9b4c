-- Local bootstrap for the embedded stack: creates what Supabase's Postgres image provides and the
-- migrations rely on (roles, auth.users, auth.uid()/jwt()/role(), the storage schema). Idempotent.
-- Never applied to a Supabase project: there these objects already exist.

do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
grant usage on schema public to anon, authenticated, service_role;

-- Supabase's default privileges (supabase/postgres migrations/db/init-scripts/00000000000000-initial-schema.sql,
-- run there as `postgres`, and again `for user supabase_admin`): every table, sequence and function a
-- migration creates in public is granted ALL to anon, authenticated and service_role. On Supabase a new
-- table is therefore readable and writable through the Data API unless RLS is on; the same here, so a
-- table created without RLS fails tests/db/rls.test.ts locally instead of leaking on Supabase.
-- Given for the role that runs the migrations here (current_user: `postgres` on the embedded stack) and
-- for supabase_admin when that role exists. Default privileges belong to one database: this file runs
-- in every database it bootstraps.
do $$
declare
  creator text;
begin
  foreach creator in array array[current_user::text, 'supabase_admin'] loop
    continue when not exists (select from pg_roles where rolname = creator);
    -- only a member may set a role's default privileges (a scratch database on a Supabase cluster is
    -- bootstrapped by `postgres`, which is not a member of supabase_admin there)
    continue when not pg_has_role(creator, 'member');
    execute format('alter default privileges for role %I in schema public grant all on tables to anon, authenticated, service_role', creator);
    execute format('alter default privileges for role %I in schema public grant all on sequences to anon, authenticated, service_role', creator);
    execute format('alter default privileges for role %I in schema public grant all on functions to anon, authenticated, service_role', creator);
  end loop;
end
$$;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

-- GoTrue's key columns of auth.users (same names and types as Supabase's).
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  confirmation_sent_at timestamptz,
  recovery_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{}'::jsonb,
  raw_user_meta_data jsonb default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (lower(email)) where email is not null;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated, service_role;

-- Supabase Storage's catalogue tables (key columns), so storage migrations apply unchanged.
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;
create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  public boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  metadata jsonb,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  unique (bucket_id, name)
);
-- Columns of Supabase's storage.objects an API role can write (user_metadata: the uploader's own metadata,
-- which Storage stores as given; nothing here reads it) and the bucket type of Storage's newer tables.
alter table storage.objects add column if not exists last_accessed_at timestamptz default now();
alter table storage.objects add column if not exists version text;
alter table storage.objects add column if not exists owner_id text;
alter table storage.objects add column if not exists user_metadata jsonb;
alter table storage.buckets add column if not exists owner_id text;
do $$
begin
  if not exists (select from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'storage' and t.typname = 'buckettype') then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;
alter table storage.buckets add column if not exists type storage.buckettype not null default 'STANDARD';
alter table storage.objects enable row level security;
alter table storage.buckets enable row level security;
-- As on Supabase (supabase/storage migrations/tenant/0002-storage-schema.sql: default privileges of the
-- storage admin grant ALL on the storage tables to anon, authenticated and service_role): the table
-- privileges allow everything and only the RLS policies on storage.objects/buckets decide.
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- Storage refuses SQL deletes of objects and buckets (supabase/storage tenant migration
-- 0055-prevent-direct-deletes): files would be orphaned. The Storage API sets storage.allow_delete_query for its
-- own deletes; tests that clean up storage rows do the same.
create or replace function storage.protect_delete() returns trigger
language plpgsql
as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') != 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end;
$$;
create or replace trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();
create or replace trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();

-- Storage's analytics (Iceberg), vector and S3 multipart tables (key columns): RLS on without policies, so
-- anon and authenticated see and change no row; the grants are Supabase's (the service role bypasses RLS).
create table if not exists storage.buckets_analytics (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  type storage.buckettype not null default 'ANALYTICS',
  format text not null default 'ICEBERG',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create table if not exists storage.buckets_vectors (
  id text primary key,
  type storage.buckettype not null default 'VECTOR',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table if not exists storage.iceberg_namespaces (
  id uuid primary key default gen_random_uuid(),
  bucket_name text not null,
  name text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  metadata jsonb not null default '{}'::jsonb,
  catalog_id uuid not null references storage.buckets_analytics (id) on delete cascade
);
create table if not exists storage.iceberg_tables (
  id uuid primary key default gen_random_uuid(),
  namespace_id uuid not null references storage.iceberg_namespaces (id) on delete cascade,
  bucket_name text not null,
  name text not null,
  location text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  catalog_id uuid not null references storage.buckets_analytics (id) on delete cascade
);
create table if not exists storage.s3_multipart_uploads (
  id text primary key,
  in_progress_size bigint not null default 0,
  upload_signature text not null,
  bucket_id text not null references storage.buckets (id),
  key text not null,
  version text not null,
  owner_id text,
  created_at timestamptz not null default now(),
  user_metadata jsonb,
  metadata jsonb
);
create table if not exists storage.s3_multipart_uploads_parts (
  id uuid primary key default gen_random_uuid(),
  upload_id text not null references storage.s3_multipart_uploads (id) on delete cascade,
  size bigint not null default 0,
  part_number integer not null,
  bucket_id text not null references storage.buckets (id),
  key text not null,
  etag text not null,
  owner_id text,
  version text not null,
  created_at timestamptz not null default now()
);
create table if not exists storage.vector_indexes (
  id text primary key default gen_random_uuid(),
  name text not null,
  bucket_id text not null references storage.buckets_vectors (id),
  data_type text not null,
  dimension integer not null,
  distance_metric text not null,
  metadata_configuration jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table storage.buckets_analytics enable row level security;
alter table storage.buckets_vectors enable row level security;
alter table storage.iceberg_namespaces enable row level security;
alter table storage.iceberg_tables enable row level security;
alter table storage.s3_multipart_uploads enable row level security;
alter table storage.s3_multipart_uploads_parts enable row level security;
alter table storage.vector_indexes enable row level security;
grant all on storage.buckets_analytics to anon, authenticated, service_role;
grant select on storage.buckets_vectors, storage.vector_indexes to anon, authenticated, service_role;
grant select on storage.iceberg_namespaces, storage.iceberg_tables, storage.s3_multipart_uploads,
  storage.s3_multipart_uploads_parts to anon, authenticated;
grant all on storage.iceberg_namespaces, storage.iceberg_tables, storage.s3_multipart_uploads,
  storage.s3_multipart_uploads_parts to service_role;

-- Sessions, rotating refresh tokens and one-time codes of LocalAuthProvider (GoTrue's table and
-- column names). refresh_tokens.token and one_time_tokens.token_hash hold hashes, never the secret.
create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz,
  not_after timestamptz,
  user_agent text,
  ip text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

do $$
begin
  if not exists (select from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'auth' and t.typname = 'one_time_token_type') then
    create type auth.one_time_token_type as enum (
      'confirmation_token', 'reauthentication_token', 'recovery_token',
      'email_change_token_new', 'email_change_token_current', 'phone_change_token');
  end if;
end
$$;

-- One live code per user and type; `attempts` counts wrong guesses (5 burn the code).
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, token_type)
);
-- GoTrue's identities (one per sign-in method; the local provider keeps the e-mail one).
create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);

-- As on Supabase: no API role holds a privilege on Auth's tables, and RLS is on (without policies).
revoke all on auth.users, auth.identities, auth.sessions, auth.refresh_tokens, auth.one_time_tokens
  from anon, authenticated, service_role;
alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.one_time_tokens enable row level security;
