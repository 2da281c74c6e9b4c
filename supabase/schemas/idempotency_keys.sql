-- public.idempotency_keys: the first answer to each Idempotency-Key of a signed-in write, kept 24 h
-- (docs/decisions/045-offline-and-idempotency.md). Each user reads and writes only their own keys.

create table public.idempotency_keys (
  user_id uuid not null references auth.users (id) on delete cascade,
  key text not null check (char_length(key) between 1 and 255),
  -- sha-256 (hex) of "<METHOD> <path>\n<body bytes>" of the first request
  request_hash text not null check (request_hash ~ '^[0-9a-f]{64}$'),
  method text not null check (method in ('POST', 'PUT', 'PATCH')),
  path text not null check (char_length(path) <= 2000),
  -- null while the first request runs
  response_status smallint check (response_status between 100 and 599),
  response_body text,
  response_content_type text,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  primary key (user_id, key),
  check ((response_status is null) = (completed_at is null))
);
-- the purge's scan (oldest first)
create index idempotency_keys_created_at_idx on public.idempotency_keys (created_at);

alter table public.idempotency_keys enable row level security;
-- Supabase's default privileges grant everything on a new public table to the API roles: take it back.
revoke all on public.idempotency_keys from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.idempotency_keys to authenticated;
grant select, insert, update, delete on public.idempotency_keys to service_role;

create policy "Users read their own idempotency keys" on public.idempotency_keys for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Users record their own idempotency keys" on public.idempotency_keys for insert to authenticated
  with check (user_id = (select auth.uid()) and response_status is null);
create policy "Users complete their own idempotency keys" on public.idempotency_keys for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Users drop their own idempotency keys" on public.idempotency_keys for delete to authenticated
  using (user_id = (select auth.uid()));

-- How long a key is kept (src/shared/idempotency-headers.ts IDEMPOTENCY_KEY_TTL_HOURS; tests/api/idempotency.test.ts
-- checks they are equal).
create or replace function private.idempotency_key_ttl() returns interval
language sql immutable parallel safe set search_path = ''
as $$
  select interval '24 hours'
$$;
revoke all on function private.idempotency_key_ttl() from public;
grant execute on function private.idempotency_key_ttl() to authenticated, service_role;

-- Deletes expired keys of every user, oldest first, at most `max_rows` per call (the API calls it as each
-- key is recorded, so the table holds about a day of keys without a scheduler); returns how many went.
create or replace function private.purge_idempotency_keys(max_rows integer default 500) returns integer
language sql security definer set search_path = ''
as $$
  with gone as (
    delete from public.idempotency_keys
    where ctid = any (array(
      select ctid from public.idempotency_keys
      where created_at < now() - private.idempotency_key_ttl()
      order by created_at
      limit greatest(max_rows, 0)
      for update skip locked))
    returning 1)
  select count(*)::integer from gone
$$;
revoke all on function private.purge_idempotency_keys(integer) from public;
grant execute on function private.purge_idempotency_keys(integer) to authenticated, service_role;
