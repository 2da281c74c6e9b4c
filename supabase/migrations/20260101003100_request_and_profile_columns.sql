-- Hardening found by the RLS matrix (tests/db/rls-matrix.test.ts): the row policies decided WHICH
-- rows a signed-in user may write, but not WHICH COLUMNS. Through any client of the database
-- (PostgREST on Supabase, the API) a user could
--   * submit a pending request that already carries a rejection reason, a forged created_at
--     (jumping the approve-all queue, which goes oldest first) or updated_at;
--   * submit an edit request whose `previous` (the place's values before the change, shown to
--     admins once the request is reviewed) is made up;
--   * rewrite their profile's created_at.
-- Fix: column privileges for `authenticated` (what the API itself writes, nothing more), and the
-- database, not the caller, fills `previous` of a user's edit request.

-- Requests: a user supplies only what a submission is made of; status/user/place are still checked
-- by the insert policy ("pending, for themselves, edits of their own places"). Admins moderate with
-- UPDATE (unchanged) through the moderation functions.
revoke insert on public.place_requests from authenticated;
grant insert (type, status, payload, previous, place_id, user_id) on public.place_requests to authenticated;

-- Profiles: a user changes their name only.
revoke update on public.profiles from authenticated;
grant update (name) on public.profiles to authenticated;

-- `previous` of an edit request submitted by an API role is the place's current values of exactly
-- the fields the payload changes (payload shape, details nested, absent values as null): the same
-- value the API computes (diffPlaceChanges), but now nobody can supply another. A create request
-- has none. The owner connection (imports, tools, tests) is left alone.
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
  select private.place_as_payload(p) into current from public.places p where p.id = new.place_id;
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
revoke all on function private.place_request_previous_trigger() from public;

drop trigger if exists place_requests_set_previous on public.place_requests;
create trigger place_requests_set_previous before insert on public.place_requests
  for each row execute function private.place_request_previous_trigger();

-- TRUNCATE ignores row-level security. The migrations never grant it to an API role, but Supabase's
-- default privileges grant ALL on new tables of public to anon and authenticated: take it back.
revoke truncate on all tables in schema public from anon, authenticated;
revoke truncate on all tables in schema private from anon, authenticated;
