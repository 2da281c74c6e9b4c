-- Duplicates caught before they land (docs/decisions/023-duplicates.md).
--
-- Likely duplicates of a place are found by name similarity (pg_trgm on the normalised name keys the
-- search uses: name_key / name_ar_key = private.search_key(name)) within ~150 m, or by the same phone
-- number (private.phone_forms: the digit strings people type, Arabic-Indic digits included). The
-- indexes below serve both: trigram GiST on each name key (KNN and `%` lookups), a btree on latitude
-- for the bounding box, and a GIN on the phone forms.
--
-- A merge (POST /api/admin/duplicates/merge) deletes the removed place and keeps its slug in
-- public.place_slug_redirects, so /p/<old slug> and GET /api/public/places/<old slug> answer 301 to
-- the kept place. The places update and delete of a merge are recorded by the history triggers
-- (20260101005700); the redirect rows are not history (they are derived from the merge).

create index places_name_key_trgm_idx on public.places using gist (name_key extensions.gist_trgm_ops);
create index places_name_ar_key_trgm_idx on public.places using gist (name_ar_key extensions.gist_trgm_ops);
create index places_latitude_idx on public.places (latitude) where latitude is not null;
create index places_phone_forms_idx on public.places using gin (private.phone_forms(phone)) where phone is not null;

-- The name key and phone forms of a candidate place are computed with the same functions as the
-- stored keys; API roles call them in the duplicates queries.
grant execute on function private.search_key(text), private.phone_forms(text) to anon, authenticated, service_role;

create table public.place_slug_redirects (
  old_slug text primary key check (old_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(old_slug) <= 160),
  place_id bigint not null references public.places (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index place_slug_redirects_place_idx on public.place_slug_redirects (place_id);

alter table public.place_slug_redirects enable row level security;
revoke all on public.place_slug_redirects from public, anon, authenticated, service_role;
grant select on public.place_slug_redirects to anon, authenticated, service_role;
grant insert, update, delete on public.place_slug_redirects to authenticated, service_role;
create policy "Anyone can read slug redirects" on public.place_slug_redirects for select to anon, authenticated using (true);
create policy "Admins can create slug redirects" on public.place_slug_redirects for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can update slug redirects" on public.place_slug_redirects for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can delete slug redirects" on public.place_slug_redirects for delete to authenticated using ((select private.is_admin()));

-- Public answers read this table (the 301s): a change invalidates the response cache like places do.
create trigger notify_public_data_changed after insert or update or delete or truncate on public.place_slug_redirects
  for each statement execute function private.notify_public_data_changed();
