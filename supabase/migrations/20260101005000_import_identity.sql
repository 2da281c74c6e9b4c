-- Source identity of imported records (docs/decisions/013-import-identity.md).
--
-- An imported category, zone, building or place is identified by where it came from, not by its
-- slug: `source` names the source ('osm' for OpenStreetMap ids, else the file's source label) and
-- `source_id` the record's id there (an OSM id such as '336216070' or 'node/123', or a derived key
-- '~<normalised name>@<lat>,<lng>' rounded to ~10 m for records that carry no id). Rows made in the
-- app (admin forms, approved requests) have neither. One (source, source_id) names at most one row
-- per table, so re-importing a file finds its rows again, and two cities' "Starbucks" stay two places.
--
-- Existing databases: the first start seeded the shipped file before these columns existed; the
-- server fills them on its next start by matching that file (src/server/stack.ts,
-- backfillSourceIdentity), as SQL alone cannot read the file.

alter table public.categories
  add column source text check (source is null or length(source) between 1 and 200),
  add column source_id text check (source_id is null or length(source_id) between 1 and 400),
  add constraint categories_source_pair check ((source is null) = (source_id is null));
alter table public.zones
  add column source text check (source is null or length(source) between 1 and 200),
  add column source_id text check (source_id is null or length(source_id) between 1 and 400),
  add constraint zones_source_pair check ((source is null) = (source_id is null));
alter table public.buildings
  add column source text check (source is null or length(source) between 1 and 200),
  add column source_id text check (source_id is null or length(source_id) between 1 and 400),
  add constraint buildings_source_pair check ((source is null) = (source_id is null));
alter table public.places
  add column source text check (source is null or length(source) between 1 and 200),
  add column source_id text check (source_id is null or length(source_id) between 1 and 400),
  add constraint places_source_pair check ((source is null) = (source_id is null)),
  -- OpenStreetMap opening_hours syntax as given by the source ("Mo-Su 06:00-24:00"); shown and exported as is
  add column opening_hours text check (opening_hours is null or length(opening_hours) <= 500);

create unique index categories_source_identity_idx on public.categories (source, source_id) where source_id is not null;
create unique index zones_source_identity_idx on public.zones (source, source_id) where source_id is not null;
create unique index buildings_source_identity_idx on public.buildings (source, source_id) where source_id is not null;
create unique index places_source_identity_idx on public.places (source, source_id) where source_id is not null;
