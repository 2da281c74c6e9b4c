-- The substring/trigram search columns of the first schema, unused since the search service
-- (20260101002000_search_and_paging.sql) matches on word vectors and name keys instead:
--   places.search_name, places.search_text (their GIN indexes were dropped by that migration),
--   categories.search_text, zones.search_text, buildings.search_text (with their trigram indexes).
-- No query, function, view or policy reads them (decision 015, "dead weight"); being generated and
-- stored, every write still computed them. Dropping a column drops its indexes.
alter table public.places drop column if exists search_name, drop column if exists search_text;
alter table public.categories drop column if exists search_text;
alter table public.zones drop column if exists search_text;
alter table public.buildings drop column if exists search_text;
