-- One home for the admin check of the admin RPCs (issue 27, docs/decisions/059-one-home-for-repeated-code.md).
-- Four functions wrote it out themselves (private.require_admin(), private.restore_place_version and
-- public.reorder_zones / public.reorder_buildings, the last two without the service role and with
-- their own wording). Now each calls private.require_admin(action, or_service_role): the same roles
-- pass as before (the reorders still refuse the service role), the same SQLSTATE 42501 is raised, the
-- message reads 'only administrators can <action>' everywhere (the reorders said 'only admins can …';
-- no caller reads it: the API maps 42501 to its own 403 message).
--
-- Creates private.require_admin(text, boolean); replaces private.require_admin(),
-- private.restore_place_version(bigint), public.reorder_zones(jsonb), public.reorder_buildings(bigint, jsonb)
-- (bodies otherwise unchanged; their grants and comments stay as they are).

-- The admin check of every admin RPC (its first statement), in one place: raises 42501 'only
-- administrators can <action>' unless the caller is an admin (private.is_admin) or, when
-- or_service_role, the service role (the server's own key).
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

-- Restores a place as it was before an audit entry (decision 020; as in 20260101009100, the check aside).
create or replace function private.restore_place_version(entry_id bigint) returns bigint
language plpgsql security definer set search_path = ''
as $$
declare
  e public.audit_log;
  current_row jsonb;
  state jsonb;
  b jsonb;
  deleted_at timestamptz;
  cols text;
  cols_no_id text;
begin
  perform private.require_admin('restore places');
  select * into e from public.audit_log where id = entry_id and entity = 'place';
  if not found then
    raise exception 'history entry % does not exist', entry_id using errcode = 'HI404';
  end if;
  if e.before is null and e.operation <> 'insert' then
    raise exception 'history entry % has no earlier version to restore', entry_id using errcode = 'HI422';
  end if;
  perform 1 from public.places where id = e.entity_id for update;
  select to_jsonb(p) - private.history_hidden_columns('public.places'::regclass) into current_row
    from public.places p where p.id = e.entity_id;
  if current_row is null then
    select max(at) into deleted_at from public.audit_log
     where entity = 'place' and entity_id = e.entity_id and operation = 'delete';
    if deleted_at < now() - interval '30 days' then
      raise exception 'place % was deleted more than 30 days ago', e.entity_id using errcode = 'HI410';
    end if;
  end if;
  state := coalesce(current_row, '{}'::jsonb);
  for b in
    select l.before from public.audit_log l
     where l.entity = 'place' and l.entity_id = e.entity_id and l.id >= e.id and l.before is not null
     order by l.id desc
  loop
    state := state || b;
  end loop;
  if e.operation = 'insert' and e.after is not null then
    state := state || e.after;
  end if;
  state := state || jsonb_build_object('id', e.entity_id);
  if state ->> 'name' is null or state ->> 'slug' is null or state ->> 'category_id' is null then
    raise exception 'history entry % does not hold a whole place', entry_id using errcode = 'HI422';
  end if;
  if not exists (select 1 from public.categories where id = (state ->> 'category_id')::bigint) then
    raise exception 'the category of place % no longer exists', e.entity_id using errcode = 'HI422';
  end if;
  if exists (select 1 from public.places where slug = state ->> 'slug' and id <> e.entity_id) then
    raise exception 'the slug % is taken by another place', state ->> 'slug' using errcode = 'HI409';
  end if;
  -- references deleted since: cleared, as their on delete set null would have done
  if not exists (select 1 from public.zones where id = (state ->> 'zone_id')::bigint) then
    state := state || '{"zone_id": null}'::jsonb;
  end if;
  if not exists (select 1 from public.buildings where id = (state ->> 'building_id')::bigint) then
    state := state || '{"building_id": null}'::jsonb;
  end if;
  if state ->> 'owner_id' is not null and not exists (select 1 from auth.users where id = (state ->> 'owner_id')::uuid) then
    state := state || '{"owner_id": null}'::jsonb;
  end if;
  select string_agg(quote_ident(a.attname), ', ' order by a.attnum),
         string_agg(quote_ident(a.attname), ', ' order by a.attnum) filter (where a.attname <> 'id')
    into cols, cols_no_id
    from pg_attribute a
   where a.attrelid = 'public.places'::regclass and a.attnum > 0 and not a.attisdropped
     and a.attname <> all (private.history_hidden_columns('public.places'::regclass));
  if current_row is null then
    execute format('insert into public.places (%s) overriding system value select %s from jsonb_populate_record(null::public.places, $1)', cols, cols)
      using state;
  else
    execute format('update public.places p set (%s) = (select %s from jsonb_populate_record(null::public.places, $1)) where p.id = $2', cols_no_id, cols_no_id)
      using state, e.entity_id;
  end if;
  return e.entity_id;
end;
$$;

-- Sets every zone's sort_order from p_order (as in 20260101000900, the check aside).
create or replace function public.reorder_zones(p_order jsonb) returns integer
language plpgsql set search_path = ''
as $$
declare
  moved integer;
begin
  perform private.require_admin('reorder zones', or_service_role => false);
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

-- Sets the sort_order of every building of a zone from p_order (as before, the check aside).
create or replace function public.reorder_buildings(p_zone_id bigint, p_order jsonb) returns integer
language plpgsql set search_path = ''
as $$
declare
  moved integer;
begin
  perform private.require_admin('reorder buildings', or_service_role => false);
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
