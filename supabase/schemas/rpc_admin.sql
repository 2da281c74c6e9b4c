-- The RPCs admins call (also through PostgREST on Supabase): approving and rejecting place requests,
-- restoring a history entry, reordering zones and buildings. Each checks private.require_admin() first.
-- Bodies are checked when a function runs, not here (as pg_dump does): a function may name a table
-- declared in a later file of config.toml's schema_paths.
set check_function_bodies = off;

-- Approves one pending request: a create inserts its place (unique slug from the name, owner =
-- requester), an edit applies its changes. Returns the updated request (place_id set).
create or replace function public.approve_place_request(request_id bigint) returns public.place_requests
language plpgsql set search_path = ''
as $$
declare
  r public.place_requests;
  target bigint;
begin
  perform private.require_admin();
  perform private.lock_approvals();
  r := private.lock_pending_request(request_id);
  begin
    if r.type = 'create' then
      target := private.insert_place_from_payload(r.payload, r.user_id);
    else
      perform private.apply_place_changes(r.place_id, r.payload);
      target := r.place_id;
    end if;
  exception
    when data_exception or integrity_constraint_violation then
      raise exception '%', sqlerrm using errcode = 'PR422';
  end;
  update public.place_requests q
     set status = 'approved', place_id = target, rejection_reason = null,
         reviewed_by = (select auth.uid()), reviewed_at = now()
   where q.id = request_id
  returning q.status, q.place_id, q.rejection_reason, q.reviewed_at, q.updated_at
       into r.status, r.place_id, r.rejection_reason, r.reviewed_at, r.updated_at;
  r.reviewed_by := (select auth.uid());
  return r;
end;
$$;
revoke all on function public.approve_place_request(bigint) from public, anon, authenticated, service_role;
grant execute on function public.approve_place_request(bigint) to authenticated, service_role;

-- Approves every pending request (optionally only 'create' or 'edit'), oldest first, each in its
-- own sub-transaction: one that cannot be applied is rolled back alone, stays pending and is
-- reported. Requests another admin is reviewing at this moment are skipped (skip locked).
-- Returns {"approved": [ids], "failed": [{"id", "code", "reason"}]}.
create or replace function public.approve_all_place_requests(request_type text DEFAULT NULL::text) returns jsonb
language plpgsql set search_path = ''
as $$
declare
  pending record;
  approved jsonb := '[]'::jsonb;
  failed jsonb := '[]'::jsonb;
begin
  perform private.require_admin();
  if request_type is not null and request_type not in ('create', 'edit') then
    raise exception 'request type must be create or edit' using errcode = '22023';
  end if;
  -- Taken before the queue is read: the query below starts after a concurrent approve-all committed.
  perform private.lock_approvals();
  for pending in
    select id from public.place_requests
    where status = 'pending' and (request_type is null or type = request_type)
    order by created_at, id
    for update skip locked
  loop
    begin
      perform public.approve_place_request(pending.id);
      approved := approved || to_jsonb(pending.id);
    exception when others then
      failed := failed || jsonb_build_object('id', pending.id, 'code', sqlstate, 'reason', sqlerrm);
    end;
  end loop;
  return jsonb_build_object('approved', approved, 'failed', failed);
end;
$$;
revoke all on function public.approve_all_place_requests(text) from public, anon, authenticated, service_role;
grant execute on function public.approve_all_place_requests(text) to authenticated, service_role;

-- Rejects one pending request with a reason shown to the requester (1–2000 characters).
create or replace function public.reject_place_request(request_id bigint, reason text) returns public.place_requests
language plpgsql set search_path = ''
as $$
declare
  r public.place_requests;
  clean text := btrim(coalesce(reason, ''));
begin
  perform private.require_admin();
  if clean = '' or length(clean) > 2000 then
    raise exception 'a rejection reason of 1 to 2000 characters is required' using errcode = '22023';
  end if;
  r := private.lock_pending_request(request_id);
  update public.place_requests q
     set status = 'rejected', rejection_reason = clean,
         reviewed_by = (select auth.uid()), reviewed_at = now()
   where q.id = request_id
  returning q.status, q.rejection_reason, q.reviewed_at, q.updated_at
       into r.status, r.rejection_reason, r.reviewed_at, r.updated_at;
  r.reviewed_by := (select auth.uid());
  return r;
end;
$$;
revoke all on function public.reject_place_request(bigint,text) from public, anon, authenticated, service_role;
grant execute on function public.reject_place_request(bigint,text) to authenticated, service_role;

-- Restores a place as it was just before the change of audit entry `entry_id` (a place's update
-- or delete), or as it was first created (its insert, migration 20260101009100): the current row (if
-- any) with the "before" values of that entry and every newer one applied newest first, and for an
-- insert then the inserted values ("after"). A deleted place comes back with its id and slug. The write
-- is recorded like any other (actor = the caller). Admins and the service role only. Returns the place id.
-- Errors: 42501 not an admin · HI404 no such place entry · HI422 nothing to restore (the entries do
-- not hold a whole place, or the category is gone) · HI409 the slug is taken by another place · HI410
-- the place was deleted more than 30 days ago (HISTORY_RESTORE_DAYS in src/shared/schemas/history-schemas.ts).
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
revoke all on function private.restore_place_version(bigint) from public, anon, authenticated, service_role;
grant execute on function private.restore_place_version(bigint) to authenticated, service_role;
comment on function private.restore_place_version(bigint) is
  'Restores a place as it was just before audit entry entry_id, or as created for an insert entry (admins and the service role; decision 020). Security definer, outside the exposed schemas (decision 038).';

-- Reordering (the admin console's drag and drop): the order is a jsonb array of {"id": <bigint>,
-- "order": <integer>}: ids unique, orders exactly 1…n, and the ids exactly the existing zones (or the
-- zone's buildings). Errors carry SQLSTATEs that src/server/queries/reorder-queries.ts maps to HTTP:
--   42501 not an admin (403) · P0002 no such zone (404)
--   22023 the order is refused (400); HINT names the reason: invalid, duplicate_id, not_from_one,
--         missing_zones, unknown_zones, missing_buildings, unknown_buildings
--
-- Sets every zone's sort_order from p_order (all zones, orders 1…n). Returns how many zones moved.
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
revoke all on function public.reorder_zones(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.reorder_zones(jsonb) to authenticated, service_role;

-- Sets the sort_order of every building of zone p_zone_id from p_order (all its buildings, orders
-- 1…n). Returns how many buildings moved.
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
revoke all on function public.reorder_buildings(bigint,jsonb) from public, anon, authenticated, service_role;
grant execute on function public.reorder_buildings(bigint,jsonb) to authenticated, service_role;
