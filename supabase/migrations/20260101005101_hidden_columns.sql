-- Two user ids were readable through the Data API (PostgREST, supabase-js, Studio's API): places.owner_id
-- (who submitted a place) by anyone, anon included, and place_requests.reviewed_by (which admin decided)
-- by the requester. Row-level security decides rows, not columns, so these columns are hidden with column
-- privileges: anon and authenticated may select every other column (granted below, column by column) and
-- reach these two only through security-definer functions that check who asks:
--   private.owned_place_ids()        the caller's own places (owner checks, "my places")
--   private.place_owner(place_id)    a place's owner, to admins and to that owner only
--   private.request_reviewer(id)     a request's reviewer, to admins only
--   private.place_payload(place_id)  a place in payload shape (replaces private.place_as_payload(p), whose
--                                    whole-row argument needs every column)
-- A column added to these tables later is NOT readable by anon/authenticated until granted:
-- `grant select (new_column) on public.places to anon, authenticated;` (tests/db/hidden-columns.test.ts
-- fails until then; docs/decisions/014-faithful-to-supabase.md).

-- ---- places.owner_id -----------------------------------------------------------------------------
revoke select on public.places from anon, authenticated;
do $$
declare
  columns text;
begin
  select string_agg(quote_ident(attname), ', ' order by attnum) into columns
    from pg_attribute where attrelid = 'public.places'::regclass and attnum > 0 and not attisdropped and attname <> 'owner_id';
  execute format('grant select (%s) on public.places to anon, authenticated', columns);
end
$$;

create or replace function private.owned_place_ids()
returns setof bigint
language sql
stable
security definer
set search_path = ''
as $$
  select p.id from public.places p where p.owner_id = (select auth.uid())
$$;
revoke all on function private.owned_place_ids() from public;
grant execute on function private.owned_place_ids() to authenticated, service_role;

create or replace function private.place_owner(place_id bigint)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.owner_id from public.places p
   where p.id = place_id
     and ((select private.is_admin()) or p.owner_id = (select auth.uid()) or (select auth.role()) = 'service_role')
$$;
revoke all on function private.place_owner(bigint) from public;
grant execute on function private.place_owner(bigint) to authenticated, service_role;

-- Every place is public (RLS "Anyone can read places"), and the payload holds no owner: no check needed.
create or replace function private.place_payload(place_id bigint)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select private.place_as_payload(p) from public.places p where p.id = place_id
$$;
revoke all on function private.place_payload(bigint) from public;
grant execute on function private.place_payload(bigint) to authenticated, service_role;

-- Edit requests only for one's own places: the policy's sub-select read owner_id as the caller.
drop policy "Users submit pending requests for themselves" on public.place_requests;
create policy "Users submit pending requests for themselves" on public.place_requests for insert to authenticated
  with check (
    (select auth.uid()) = user_id and status = 'pending' and reviewed_by is null and reviewed_at is null
    and (type = 'create' and place_id is null
         or type = 'edit' and place_id in (select private.owned_place_ids())
         or (select private.is_admin()))
  );

-- `previous` of a user's edit request (20260101003100): the same, through place_payload.
create or replace function private.place_request_previous_trigger()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  current jsonb;
  details jsonb;
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if new.type is distinct from 'edit' or jsonb_typeof(new.payload) is distinct from 'object' then
    new.previous := null; -- (a payload that is not an object is refused by the table's check)
    return new;
  end if;
  current := private.place_payload(new.place_id);
  if current is null then
    new.previous := null;
    return new;
  end if;
  select coalesce(jsonb_object_agg(k, coalesce(current -> k, 'null'::jsonb)), '{}'::jsonb)
    into new.previous
    from jsonb_object_keys(new.payload - 'details') k;
  if jsonb_typeof(new.payload -> 'details') = 'object' and new.payload -> 'details' <> '{}'::jsonb then
    select jsonb_object_agg(k, coalesce(current -> 'details' -> k, 'null'::jsonb))
      into details
      from jsonb_object_keys(new.payload -> 'details') k;
    new.previous := new.previous || jsonb_build_object('details', details);
  end if;
  return new;
end;
$$;

-- ---- place_requests.reviewed_by ----------------------------------------------------------------
revoke select on public.place_requests from anon, authenticated;
do $$
declare
  columns text;
begin
  select string_agg(quote_ident(attname), ', ' order by attnum) into columns
    from pg_attribute where attrelid = 'public.place_requests'::regclass and attnum > 0 and not attisdropped and attname <> 'reviewed_by';
  execute format('grant select (%s) on public.place_requests to authenticated', columns);
end
$$;

create or replace function private.request_reviewer(request_id bigint)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select r.reviewed_by from public.place_requests r
   where r.id = request_id and ((select private.is_admin()) or (select auth.role()) = 'service_role')
$$;
revoke all on function private.request_reviewer(bigint) from public;
grant execute on function private.request_reviewer(bigint) to authenticated, service_role;

-- The moderation functions run as the admin (security invoker): they read the request's columns by
-- name (`select *` / `returning *` would need reviewed_by) and return the row with the reviewer they set.
create or replace function private.lock_pending_request(request_id bigint)
returns public.place_requests
language plpgsql
set search_path = ''
as $$
declare
  r public.place_requests;
begin
  select q.id, q.type, q.status, q.payload, q.place_id, q.user_id, q.rejection_reason, q.reviewed_at, q.created_at, q.updated_at, q.previous
    into r.id, r.type, r.status, r.payload, r.place_id, r.user_id, r.rejection_reason, r.reviewed_at, r.created_at, r.updated_at, r.previous
    from public.place_requests q where q.id = request_id for update;
  if r.id is null then
    raise exception 'place request % does not exist', request_id using errcode = 'PR404';
  end if;
  if r.status <> 'pending' then
    raise exception 'place request % is already %', request_id, r.status using errcode = 'PR409';
  end if;
  return r;
end;
$$;

create or replace function public.approve_place_request(request_id bigint)
returns public.place_requests
language plpgsql
security invoker
set search_path = ''
as $$
declare
  r public.place_requests;
  target bigint;
begin
  perform private.require_admin();
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

create or replace function public.reject_place_request(request_id bigint, reason text)
returns public.place_requests
language plpgsql
security invoker
set search_path = ''
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
