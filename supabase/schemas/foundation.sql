-- The database of Dalil as it is today, one readable definition (docs/decisions/046-declarative-schemas.md).
-- Files apply in the order supabase/config.toml's [db.migrations] schema_paths lists: this one, the
-- function groups (functions_*.sql), one file per table, then the functions that need a table's row
-- type (functions_row_types.sql) and the admin RPCs (rpc_admin.sql).
--
-- These files are what a person reads and edits; each change still ships as a migration in
-- supabase/migrations (README, "Changing the database"). tests/db/schema-drift.test.ts applies the
-- migrations to one fresh database and these files to another and fails on any difference.
--
-- What Supabase's image provides (roles anon/authenticated/service_role, auth.*, storage.*, the
-- extensions schema, default privileges granting ALL on new public tables, sequences and functions to
-- the API roles) is not declared here: src/server/db/local-bootstrap.sql creates it on the embedded stack.

-- Extensions live in their own schema (Supabase's convention); every reference is schema-qualified.
create schema if not exists extensions;
create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;
-- cube: the unit vectors of "near me" (docs/decisions/022-near-me.md).
create extension if not exists cube with schema extensions;

-- Helpers, counters and vocabularies the API roles may use but not see through the Data API
-- (schema `private` is not in config.toml's [api] schemas).
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- Name order that fits the language (docs/decisions/018-language-conventions.md): ICU collations at
-- primary strength (ks-level1), as the browser's Intl.Collator(<lang>, { sensitivity: 'base' }).
-- Non-deterministic (names equal at that strength compare equal); `id` breaks ties in every keyset.
create collation if not exists public.name_en (provider = icu, locale = 'en-u-ks-level1', deterministic = false);
create collation if not exists public.name_ar (provider = icu, locale = 'ar-u-ks-level1', deterministic = false);
comment on collation public.name_en is 'English names for people: case- and accent-insensitive (Intl.Collator en, sensitivity base)';
comment on collation public.name_ar is 'Arabic names for people: Arabic order, diacritics ignored (Intl.Collator ar, sensitivity base)';
