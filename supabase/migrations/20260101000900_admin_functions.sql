-- Admin functions (DESIGN §3): the zone and building reorders of the admin console as SQL
-- functions, so the same rules hold for the API, PostgREST (rpc/…) and Studio. Each checks the
-- admin claim, runs as the caller (security invoker: RLS still applies) with search_path = '',
-- locks what it reorders, and applies the whole new order or nothing.
--
-- The order is a jsonb array of {"id": <bigint>, "order": <integer>}: ids unique, orders exactly
-- 1…n, and the ids exactly the existing zones (or the zone's buildings).
--
-- Errors carry SQLSTATEs the API maps to HTTP (src/server/routes/admin/reorder.ts):
--   42501 not an admin (403) · P0002 no such zone (404)
--   22023 the order is refused (400); HINT names the reason: invalid, duplicate_id, not_from_one,
--         missing_zones, unknown_zones, missing_buildings, unknown_buildings

-- The entries of an order, checked: well-formed, ids unique, orders 1…n. Raises 22023 otherwise.
create or replace function private.parse_order(p_order jsonb)
returns table (item_id bigint, item_order integer)
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
revoke all on function private.parse_order(jsonb) from public;
grant execute on function private.parse_order(jsonb) to authenticated, service_role;

-- Sets every zone's sort_order from p_order (all zones, orders 1…n). Returns how many zones moved.
create or replace function public.reorder_zones(p_order jsonb)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  moved integer;
begin
  if not (select private.is_admin()) then
    raise exception 'only admins can reorder zones' using errcode = '42501';
  end if;
  perform private.parse_order(p_order); -- checks the entries (22023) before any lock is taken
  -- no zone is created or deleted while the order is checked and applied
  lock table public.zones in share row exclusive mode;
  if exists (select 1 from private.parse_order(p_order) o where not exists (select 1 from public.zones z where z.id = o.item_id)) then
    raise exception 'unknown zone id in the order' using errcode = '22023', hint = 'unknown_zones';
  end if;
  if exists (select 1 from public.zones z where not exists (select 1 from private.parse_order(p_order) o where o.item_id = z.id)) then
    raise exception 'every zone must be in the order' using errcode = '22023', hint = 'missing_zones';
  end if;
  update public.zones z set sort_order = o.item_order
    from private.parse_order(p_order) o
   where z.id = o.item_id and z.sort_order is distinct from o.item_order;
  get diagnostics moved = row_count;
  return moved;
end
$$;
revoke all on function public.reorder_zones(jsonb) from public, anon;
grant execute on function public.reorder_zones(jsonb) to authenticated, service_role;

-- Sets the sort_order of every building of zone p_zone_id from p_order (all its buildings, orders
-- 1…n). Returns how many buildings moved.
create or replace function public.reorder_buildings(p_zone_id bigint, p_order jsonb)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  moved integer;
begin
  if not (select private.is_admin()) then
    raise exception 'only admins can reorder buildings' using errcode = '42501';
  end if;
  perform private.parse_order(p_order); -- checks the entries (22023) before any lock is taken
  -- the zone row locked FOR UPDATE: no building is added to (or moved into) the zone meanwhile
  -- (that takes a key-share lock on it); its buildings locked: none is deleted or moved out
  perform 1 from public.zones where id = p_zone_id for update;
  if not found then
    raise exception 'zone % not found', p_zone_id using errcode = 'P0002';
  end if;
  perform 1 from public.buildings where zone_id = p_zone_id for update;
  if exists (select 1 from private.parse_order(p_order) o
             where not exists (select 1 from public.buildings b where b.id = o.item_id and b.zone_id = p_zone_id)) then
    raise exception 'id in the order that is not a building of the zone' using errcode = '22023', hint = 'unknown_buildings';
  end if;
  if exists (select 1 from public.buildings b
             where b.zone_id = p_zone_id and not exists (select 1 from private.parse_order(p_order) o where o.item_id = b.id)) then
    raise exception 'every building of the zone must be in the order' using errcode = '22023', hint = 'missing_buildings';
  end if;
  update public.buildings b set sort_order = o.item_order
    from private.parse_order(p_order) o
   where b.id = o.item_id and b.zone_id = p_zone_id and b.sort_order is distinct from o.item_order;
  get diagnostics moved = row_count;
  return moved;
end
$$;
revoke all on function public.reorder_buildings(bigint, jsonb) from public, anon;
grant execute on function public.reorder_buildings(bigint, jsonb) to authenticated, service_role;
