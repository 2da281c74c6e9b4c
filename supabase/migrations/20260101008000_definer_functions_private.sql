-- Security-definer functions bypass row-level security, so none stays where the Data API exposes it:
-- every function of `public` (and `graphql_public`) that anon or authenticated may execute is callable by
-- any visitor or account at /rest/v1/rpc/<name> on Supabase. public.restore_place_version checks the admin
-- claim first, yet a bug there would be a write past RLS for every signed-in account; in `private` (not
-- exposed) only the API's own transactions reach it, as the caller's role. Its grants (authenticated,
-- service_role; not anon) and body (schema-qualified, search_path '') move with it. Decision 038;
-- tests/db/rls.test.ts lists every definer function of an exposed schema that an API role may execute.
alter function public.restore_place_version(bigint) set schema private;
comment on function private.restore_place_version(bigint) is
  'Restores a place as it was just before audit entry entry_id (admins and the service role; decision 020). Security definer, outside the exposed schemas (decision 038).';
