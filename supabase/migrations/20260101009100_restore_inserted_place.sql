-- Restoring a place's insert history entry puts the place back as it was first created (issue #27):
-- until now it answered HI422 (409 history_nothing_to_restore), while "as first created" is the most
-- common undo. Replaces private.restore_place_version(bigint); its grants and comment are restated.
-- The current definition lives in supabase/schemas/rpc_admin.sql.

-- Restores a place as it was just before the change of audit entry `entry_id` (a place's update
-- or delete), or as it was first created (its insert, migration 20260101009100): the current row (if
-- any) with the "before" values of that entry and every newer one applied newest first, and for an
-- insert then the inserted values ("after"). A deleted place comes back with its id and slug. The write
-- is recorded like any other (actor = the caller). Admins and the service role only. Returns the place id.
-- Errors: 42501 not an admin · HI404 no such place entry · HI422 nothing to restore (the entries do
-- not hold a whole place, or the category is gone) · HI409 the slug is taken by another place · HI410
-- the place was deleted more than 30 days ago (HISTORY_RESTORE_DAYS in src/shared/schemas/history.ts).
create or replace function private.restore_place_version(entry_id bigint)
returns bigint
language plpgsql
security definer
set search_path = ''
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
  if not (select private.is_admin()) and coalesce((select auth.role()), '') <> 'service_role' then
    raise exception 'only administrators can restore places' using errcode = '42501';
  end if;
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
