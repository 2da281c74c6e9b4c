-- History (docs/decisions/020-history.md): the trigger that writes public.audit_log and its helpers.
-- Bodies are checked when a function runs, not here (as pg_dump does): a function may name a table
-- declared in a later file of config.toml's schema_paths.
set check_function_bodies = off;

-- The trigger: one audit row per inserted, updated or deleted row (tg_argv[0] = the entity name).
-- The request id comes from the transaction-local setting app.place_request_id when a caller sets
-- it, else it is filled in by private.link_approval_history when the approval marks its request.
create or replace function private.record_change() returns trigger
language plpgsql security definer set search_path = ''
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
revoke all on function private.record_change() from public, anon, authenticated, service_role;

-- Columns the history leaves out: updated_at, search_vector (kept by a trigger) and the generated
-- ones (search keys): derived values, never what a person changed.
create or replace function private.history_hidden_columns(tbl regclass) returns text[]
language sql stable set search_path = ''
as $$
  select array['updated_at', 'search_vector'] || coalesce(array_agg(a.attname::text), '{}')
  from pg_catalog.pg_attribute a
  where a.attrelid = tbl and a.attnum > 0 and not a.attisdropped and a.attgenerated <> ''
$$;
revoke all on function private.history_hidden_columns(regclass) from public, anon, authenticated, service_role;

-- Approving a request writes its place first and then marks the request approved (place_id set),
-- in one transaction: the place's audit rows of this transaction not yet linked get the request's
-- id. The approval functions stay untouched (any future version of them is linked the same way).
create or replace function private.link_approval_history() returns trigger
language plpgsql security definer set search_path = ''
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
revoke all on function private.link_approval_history() from public, anon, authenticated, service_role;
