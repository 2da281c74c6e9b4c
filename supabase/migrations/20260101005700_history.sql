-- History and undo (docs/decisions/020-history.md): every change of a place, category, zone,
-- building and the website settings is recorded by the database itself, whoever makes it — the
-- API, an approval, an import, Supabase Studio or psql.
--
-- public.audit_log holds one row per changed row: entity ('place' | 'category' | 'zone' |
-- 'building' | 'website'), entity_id (the row's id; 1 for the single website_settings row),
-- operation ('insert' | 'update' | 'delete'), at (the transaction's time), actor_id (auth.uid()
-- from the JWT claims, null for a database session without claims), actor_role (the JWT's role
-- when claims are set, else the SET ROLE role, else the session's login role, e.g. 'postgres'),
-- before/after (jsonb of the changed columns: an update keeps only the columns that changed, an
-- insert has after only, a delete before only, both with every column), request_id (the place
-- request whose approval made the change) and tx (the writing transaction, to link approvals).
-- Not recorded: updated_at and the derived search columns; an update that changes nothing else
-- writes no row; TRUNCATE is not recorded. Rows are kept (no automatic purge).
--
-- Written only by the security-definer trigger functions below: no API role may insert, update
-- or delete audit rows; admins (and the service role) read them. No change-notification trigger
-- (20260101004000): no public answer reads this table, so it never invalidates the response cache.

create table public.audit_log (
  id bigint generated always as identity primary key,
  entity text not null check (entity in ('place', 'category', 'zone', 'building', 'website')),
  entity_id bigint not null,
  operation text not null check (operation in ('insert', 'update', 'delete')),
  at timestamptz not null default now(),
  actor_id uuid,
  actor_role text not null check (length(actor_role) <= 200),
  before jsonb check (before is null or jsonb_typeof(before) = 'object'),
  after jsonb check (after is null or jsonb_typeof(after) = 'object'),
  request_id bigint,
  tx xid8 not null default pg_current_xact_id()
);
create index audit_log_entity_idx on public.audit_log (entity, entity_id, id desc);
create index audit_log_deleted_places_idx on public.audit_log (at desc) where entity = 'place' and operation = 'delete';

alter table public.audit_log enable row level security;
-- Supabase's default privileges grant everything on a new public table to the API roles: take it back.
revoke all on public.audit_log from public, anon, authenticated, service_role;
grant select on public.audit_log to authenticated, service_role;
create policy "Admins can read the history" on public.audit_log for select to authenticated
  using ((select private.is_admin()));

-- Columns the history leaves out: updated_at, search_vector (kept by a trigger) and the generated
-- ones (search keys): derived values, never what a person changed.
create or replace function private.history_hidden_columns(tbl regclass)
returns text[]
language sql
stable
set search_path = ''
as $$
  select array['updated_at', 'search_vector'] || coalesce(array_agg(a.attname::text), '{}')
  from pg_catalog.pg_attribute a
  where a.attrelid = tbl and a.attnum > 0 and not a.attisdropped and a.attgenerated <> ''
$$;
revoke all on function private.history_hidden_columns(regclass) from public;

-- The trigger: one audit row per inserted, updated or deleted row (tg_argv[0] = the entity name).
-- The request id comes from the transaction-local setting app.place_request_id when a caller sets
-- it, else it is filled in by private.link_approval_history when the approval marks its request.
create or replace function private.record_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  hidden constant text[] := private.history_hidden_columns(tg_relid);
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - hidden end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - hidden end;
  before_values jsonb := old_row;
  after_values jsonb := new_row;
  claims jsonb := (select auth.jwt());
begin
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, new_row -> o.key)
      into before_values, after_values
      from jsonb_each(old_row) o
     where o.value is distinct from new_row -> o.key;
    if before_values is null then
      return null; -- only updated_at (or nothing) changed
    end if;
  end if;
  insert into public.audit_log (entity, entity_id, operation, actor_id, actor_role, before, after, request_id)
  values (
    tg_argv[0],
    case when tg_table_name = 'website_settings' then 1 else (coalesce(new_row, old_row) ->> 'id')::bigint end,
    lower(tg_op),
    (select auth.uid()),
    coalesce(nullif(claims ->> 'role', ''), nullif(current_setting('role', true), 'none'), session_user),
    before_values,
    after_values,
    nullif(current_setting('app.place_request_id', true), '')::bigint
  );
  return null;
end;
$$;
revoke all on function private.record_change() from public;

create trigger record_change after insert or update or delete on public.places
  for each row execute function private.record_change('place');
create trigger record_change after insert or update or delete on public.categories
  for each row execute function private.record_change('category');
create trigger record_change after insert or update or delete on public.zones
  for each row execute function private.record_change('zone');
create trigger record_change after insert or update or delete on public.buildings
  for each row execute function private.record_change('building');
create trigger record_change after insert or update or delete on public.website_settings
  for each row execute function private.record_change('website');

-- Approving a request writes its place first and then marks the request approved (place_id set),
-- in one transaction: the place's audit rows of this transaction not yet linked get the request's
-- id. The approval functions stay untouched (any future version of them is linked the same way).
create or replace function private.link_approval_history()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'approved' and old.status is distinct from 'approved' and new.place_id is not null then
    update public.audit_log
       set request_id = new.id
     where entity = 'place' and entity_id = new.place_id and tx = pg_current_xact_id() and request_id is null;
  end if;
  return null;
end;
$$;
revoke all on function private.link_approval_history() from public;
create trigger link_approval_history after update of status on public.place_requests
  for each row execute function private.link_approval_history();

-- Restores a place as it was just before the change of audit entry `entry_id` (a place's update
-- or delete): the current row (if any) with the "before" values of that entry and every newer one
-- applied newest first. A deleted place comes back with its id and slug. The write is recorded like
-- any other (actor = the caller). Admins and the service role only. Returns the place id.
-- Errors: 42501 not an admin · HI404 no such place entry · HI422 nothing to restore (an insert,
-- or the category is gone) · HI409 the slug is taken by another place · HI410 the place was
-- deleted more than 30 days ago (HISTORY_RESTORE_DAYS in src/shared/history.ts).
create or replace function public.restore_place_version(entry_id bigint)
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
  if e.before is null then
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
revoke all on function public.restore_place_version(bigint) from public, anon;
grant execute on function public.restore_place_version(bigint) to authenticated, service_role;
