-- Helpers every table file uses: the admin check of the policies, updated_at, the change
-- notifications the response cache listens to, the reorder payload parser.
-- Bodies are checked when a function runs, not here (as pg_dump does): a function may name a table
-- declared in a later file of config.toml's schema_paths.
set check_function_bodies = off;

-- Is the caller an administrator? Reads the app_metadata.role claim of the JWT (set only with the
-- service role or SQL, never by the user), so it is safe to trust in policies.
create or replace function private.is_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'admin'
$$;
revoke all on function private.is_admin() from public, anon, authenticated, service_role;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- The admin check of every admin RPC (its first statement), in one place: raises 42501 'only
-- administrators can <action>' unless the caller is an admin (private.is_admin) or, when
-- or_service_role, the service role (the server's own key). Migration 20260101009700.
create or replace function private.require_admin(action text, or_service_role boolean default true) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if not (select private.is_admin()) and (not or_service_role or coalesce((select auth.role()), '') <> 'service_role') then
    raise exception 'only administrators can %', action using errcode = '42501';
  end if;
end;
$$;
revoke all on function private.require_admin(text, boolean) from public, anon, authenticated, service_role;
grant execute on function private.require_admin(text, boolean) to authenticated, service_role;

-- The check of the moderation RPCs (approve, approve all, reject): an admin or the service role.
create or replace function private.require_admin() returns void
language plpgsql stable set search_path = ''
as $$
begin
  perform private.require_admin('moderate place requests');
end;
$$;
revoke all on function private.require_admin() from public, anon, authenticated, service_role;
grant execute on function private.require_admin() to authenticated, service_role;

-- Keeps updated_at current on every row update.
create or replace function private.set_updated_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- Change notifications for the response cache (docs/decisions/042-precise-cache-invalidation.md).
-- The payload of NOTIFY public_data_changed is the list of cache tags a change touches, separated by
-- spaces, or `*` (empty everything); src/server/http/cache-tags.ts names the tags. Every tag list is
-- also appended to the transaction-local setting `dalil.changed_tags`, which the API reads before
-- committing its own writes (the writer then reads its write at once).
create or replace function private.notify_cache_tags(tags text) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  so_far text := nullif(current_setting('dalil.changed_tags', true), '');
begin
  if tags is null or tags = '' then
    return;
  end if;
  if length(tags) > 7000 then
    tags := '*';
  end if;
  perform pg_notify('public_data_changed', tags);
  perform set_config('dalil.changed_tags',
    case when so_far is null then tags
         when so_far = '*' or tags = '*' or length(so_far) + length(tags) > 7000 then '*'
         else so_far || ' ' || tags end,
    true);
end;
$$;
revoke all on function private.notify_cache_tags(text) from public;

-- The tables a public answer reads other than places and slug redirects: `*`. The derived tables only
-- when edited directly (a change made by a trigger of places is covered by the places notification).
create or replace function private.notify_public_data_changed() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_table_schema = 'private' and tg_table_name in ('place_counts', 'search_terms') and pg_trigger_depth() > 1 then
    return null;
  end if;
  perform private.notify_cache_tags('*');
  return null;
end;
$$;
revoke all on function private.notify_public_data_changed() from public, anon, authenticated, service_role;

-- The entries of an order, checked: well-formed, ids unique, orders 1…n. Raises 22023 otherwise.
create or replace function private.parse_order(p_order jsonb) returns TABLE(item_id bigint, item_order integer)
language plpgsql immutable set search_path = ''
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

-- Most rows of one statement on places described tag by tag (private.place_change_tags); a larger
-- one (an import, a bulk edit) or TRUNCATE empties everything.
create or replace function private.notify_place_changes() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  olds public.places[] := '{}';
  news public.places[] := '{}';
  rows bigint := 0;
begin
  if tg_op = 'TRUNCATE' then
    perform private.notify_cache_tags('*');
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select count(*) into rows from old_rows;
  else
    select count(*) into rows from new_rows;
  end if;
  if rows = 0 then
    return null;
  end if;
  if rows > 200 then
    perform private.notify_cache_tags('*');
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    select array_agg(r) into olds from old_rows r;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select array_agg(r) into news from new_rows r;
  end if;
  perform private.notify_cache_tags(private.place_change_tags(coalesce(olds, '{}'), coalesce(news, '{}')));
  return null;
end;
$$;
revoke all on function private.notify_place_changes() from public;

-- Slug redirects (decision 023) decide only whether /p/<old slug> answers 301: `p:<old slug>`.
create or replace function private.notify_slug_redirect_changes() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  tags text;
begin
  if tg_op = 'TRUNCATE' then
    perform private.notify_cache_tags('*');
  elsif tg_op = 'INSERT' then
    select string_agg(distinct 'p:' || r.old_slug, ' ') into tags from new_rows r;
  elsif tg_op = 'DELETE' then
    select string_agg(distinct 'p:' || r.old_slug, ' ') into tags from old_rows r;
  else
    select string_agg(distinct 'p:' || s, ' ') into tags from (select old_slug from old_rows union select old_slug from new_rows) x(s);
  end if;
  perform private.notify_cache_tags(tags);
  return null;
end;
$$;
revoke all on function private.notify_slug_redirect_changes() from public;
