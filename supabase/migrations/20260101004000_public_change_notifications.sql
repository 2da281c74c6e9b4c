-- Change notifications for the API's response cache (docs/decisions/011-response-cache.md).
--
-- The Node server keeps the bodies of anonymous public GET answers in memory and must drop them as
-- soon as any data such an answer reads changes — also when the change comes from Supabase Studio,
-- psql, an import or another API instance. Every table a public answer reads gets statement-level
-- AFTER INSERT/UPDATE/DELETE/TRUNCATE triggers sending `pg_notify('public_data_changed', <table>)`.
-- Notifications are delivered when the writing transaction commits (never for a rollback), and
-- identical (channel, payload) pairs of one transaction are folded into one, so a bulk import
-- costs one notification per table, not one per row.
--
-- Tables: what /api/public/* and /api/website-settings read — places, categories, zones, buildings,
-- website_settings — plus the derived tables maintained by their triggers (private.place_counts:
-- list totals; private.search_terms: typo alternatives), so a direct edit of those is seen too.
-- Listeners: the API's LISTEN connection (src/server/db/change-listener.ts). A new table read by
-- a public endpoint must be added here (tests/api/response-cache.test.ts checks the list).

create or replace function private.notify_public_data_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_notify('public_data_changed', tg_table_schema || '.' || tg_table_name);
  return null;
end;
$$;

revoke all on function private.notify_public_data_changed() from public;

do $$
declare
  t text;
begin
  foreach t in array array[
    'public.places', 'public.categories', 'public.zones', 'public.buildings', 'public.website_settings',
    'private.place_counts', 'private.search_terms'
  ] loop
    execute format(
      'create trigger notify_public_data_changed after insert or update or delete or truncate on %s
         for each statement execute function private.notify_public_data_changed()', t);
  end loop;
end;
$$;
