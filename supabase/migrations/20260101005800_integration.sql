-- Where two changes of the same release meet (docs/decisions/014-faithful-to-supabase.md,
-- 017-single-flight-mutations.md, 013-import-identity.md, 020-history.md):
--
-- 1. approve_place_request: 20260101005400 (approvals take one advisory lock) redefined the function
--    from its body before 20260101005101 hid place_requests.reviewed_by from `authenticated` by column
--    privileges; its `returning *` then needs that column and every approval failed with 42501. The
--    function is defined once more with both: the lock first, and only the visible columns returned
--    (reviewed_by is the caller's own id, set from auth.uid()).
-- 2. Length limits (tests/db/length-limits.test.ts) for the columns the import added in
--    20260101005000: a record's source and source id, and its opening hours, equal to src/shared's
--    TEXT_LIMITS (sourceLabel 200, sourceId 400, openingHours 500).

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

-- The same helper as 20260101005100 (added NOT VALID, validated when the rows fit), for this migration only.
create or replace function private.add_length_limit(target regclass, name text, expression text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  violating boolean;
begin
  execute format('alter table %s add constraint %I check (%s) not valid', target, name, expression);
  execute format('select exists (select from %s where not (%s))', target, expression) into violating;
  if not violating then
    execute format('alter table %s validate constraint %I', target, name);
  end if;
end;
$$;
revoke all on function private.add_length_limit(regclass, text, text) from public;

select private.add_length_limit('public.places', 'places_source_length', 'length(source) <= 200');
select private.add_length_limit('public.places', 'places_source_id_length', 'length(source_id) <= 400');
select private.add_length_limit('public.places', 'places_opening_hours_length', 'length(opening_hours) <= 500');
select private.add_length_limit('public.categories', 'categories_source_length', 'length(source) <= 200');
select private.add_length_limit('public.categories', 'categories_source_id_length', 'length(source_id) <= 400');
select private.add_length_limit('public.zones', 'zones_source_length', 'length(source) <= 200');
select private.add_length_limit('public.zones', 'zones_source_id_length', 'length(source_id) <= 400');
select private.add_length_limit('public.buildings', 'buildings_source_length', 'length(source) <= 200');
select private.add_length_limit('public.buildings', 'buildings_source_id_length', 'length(source_id) <= 400');

drop function private.add_length_limit(regclass, text, text);
