-- Helpers every table file uses: the admin check of the policies, updated_at, the change
-- notifications the response cache listens to, the reorder payload parser.
-- Bodies are checked when a function runs, not here (as pg_dump does): a function may name a table
-- declared in a later file of config.toml's schema_paths.
set check_function_bodies = off;

-- Is the caller an administrator? Reads the app_metadata.role claim of the JWT (set only with the
-- service role or SQL, never by the user), so it is safe to trust in policies.
create or replace function private.is_admin()
returns boolean
language sql
stable security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'admin'
$$;
revoke all on function private.is_admin() from public, anon, authenticated, service_role;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- Raises 42501 unless the caller is an admin or the service role: the first statement of every admin RPC.
create or replace function private.require_admin()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not (select private.is_admin()) and coalesce((select auth.role()), '') <> 'service_role' then
    raise exception 'only administrators can moderate place requests' using errcode = '42501';
  end if;
end;
$$;
revoke all on function private.require_admin() from public, anon, authenticated, service_role;
grant execute on function private.require_admin() to authenticated, service_role;

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

-- Statement trigger on every table a public answer reads: NOTIFY public_data_changed, which empties
-- the response cache of every API instance (docs/decisions/011-response-cache.md).
create or replace function private.notify_public_data_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_notify('public_data_changed', tg_table_schema || '.' || tg_table_name);
  return null;
end;
$$;
revoke all on function private.notify_public_data_changed() from public, anon, authenticated, service_role;

-- The entries of an order, checked: well-formed, ids unique, orders 1…n. Raises 22023 otherwise.
create or replace function private.parse_order(p_order jsonb)
returns TABLE(item_id bigint, item_order integer)
language plpgsql
immutable
set search_path = ''
as $$
declare
  n integer;
begin
  if p_order is null or jsonb_typeof(p_order) <> 'array' then
    raise exception 'order must be an array of {id, order}' using errcode = '22023', hint = 'invalid';
  end if;
  n := jsonb_array_length(p_order);
  if exists (
    select 1 from jsonb_array_elements(p_order) e
    where jsonb_typeof(e) <> 'object'
       or jsonb_typeof(e -> 'id') is distinct from 'number' or jsonb_typeof(e -> 'order') is distinct from 'number'
       or (e ->> 'id')::numeric <> trunc((e ->> 'id')::numeric) or (e ->> 'order')::numeric <> trunc((e ->> 'order')::numeric)
       or (e ->> 'id')::numeric not between 1 and 9223372036854775807
  ) then
    raise exception 'order must be an array of {id, order} with integer values' using errcode = '22023', hint = 'invalid';
  end if;
  if (select count(distinct (e ->> 'id')::bigint) from jsonb_array_elements(p_order) e) <> n then
    raise exception 'each id may appear only once' using errcode = '22023', hint = 'duplicate_id';
  end if;
  if exists (select 1 from jsonb_array_elements(p_order) e where (e ->> 'order')::numeric not between 1 and n)
     or (select count(distinct (e ->> 'order')::numeric) from jsonb_array_elements(p_order) e) <> n then
    raise exception 'orders must be 1…n, each once' using errcode = '22023', hint = 'not_from_one';
  end if;
  return query select (e ->> 'id')::bigint, (e ->> 'order')::integer from jsonb_array_elements(p_order) e;
end
$$;
revoke all on function private.parse_order(jsonb) from public, anon, authenticated, service_role;
grant execute on function private.parse_order(jsonb) to authenticated, service_role;
