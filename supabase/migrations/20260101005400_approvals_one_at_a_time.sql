-- Approvals one at a time (issue #17, docs/decisions/017-single-flight-mutations.md).
-- Two approve-alls running side by side (a double click, two admins) each locked part of the queue
-- (for update skip locked) and inserted places concurrently: creates with the same name computed the
-- same unique slug, one waited on the other's uncommitted row and the pair ended in "deadlock
-- detected" or a duplicate slug, reported as failures while the requests stayed pending.
-- Every approval now first takes one transaction-scoped advisory lock: a second approve-all (or a
-- single approval) waits until the first commits, then sees what it approved and goes on with what is
-- still pending. Both calls succeed, each request is approved once with one place, and the approved
-- ids of the two answers add up to the queue. The lock is re-entrant: approve-all holds it while it
-- calls approve_place_request for each request.

create or replace function private.lock_approvals()
returns void
language sql
set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtextextended('public.place_requests approval', 0));
$$;
revoke all on function private.lock_approvals() from public;
grant execute on function private.lock_approvals() to authenticated, service_role;

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
  update public.place_requests
     set status = 'approved', place_id = target, rejection_reason = null,
         reviewed_by = (select auth.uid()), reviewed_at = now()
   where id = request_id
  returning * into r;
  return r;
end;
$$;

create or replace function public.approve_all_place_requests(request_type text default null)
returns jsonb
language plpgsql
security invoker
set search_path = ''
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

revoke all on function public.approve_place_request(bigint) from public, anon;
revoke all on function public.approve_all_place_requests(text) from public, anon;
grant execute on function public.approve_place_request(bigint) to authenticated, service_role;
grant execute on function public.approve_all_place_requests(text) to authenticated, service_role;
