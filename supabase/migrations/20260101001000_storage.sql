-- Storage: the public image buckets of spec §7 and who may write to them.
-- Runs on Supabase (storage schema provided) and on the embedded stack (its bootstrap creates
-- storage.buckets/objects with the same key columns). Idempotent, so re-running is harmless.
--
-- The API stores uploads itself after checking the caller, the size and the magic bytes (Supabase
-- Storage trusts the declared MIME type, DESIGN §7): on Supabase it writes with the service-role
-- key, which bypasses these policies. The bucket limits below are a second line of defence.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('places', 'places', true, 5242880, array['image/png', 'image/jpeg', 'image/gif']),
  ('categories', 'categories', true, 5242880, array['image/png', 'image/jpeg', 'image/gif']),
  ('website', 'website', true, 5242880, array['image/png', 'image/jpeg', 'image/gif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

drop policy if exists "Anyone can read directory images" on storage.objects;
create policy "Anyone can read directory images" on storage.objects for select to anon, authenticated
  using (bucket_id in ('places', 'categories', 'website'));

drop policy if exists "Admins can add directory images" on storage.objects;
create policy "Admins can add directory images" on storage.objects for insert to authenticated
  with check (bucket_id in ('places', 'categories', 'website') and (select private.is_admin()));

drop policy if exists "Admins can replace directory images" on storage.objects;
create policy "Admins can replace directory images" on storage.objects for update to authenticated
  using (bucket_id in ('places', 'categories', 'website') and (select private.is_admin()))
  with check (bucket_id in ('places', 'categories', 'website') and (select private.is_admin()));

drop policy if exists "Admins can delete directory images" on storage.objects;
create policy "Admins can delete directory images" on storage.objects for delete to authenticated
  using (bucket_id in ('places', 'categories', 'website') and (select private.is_admin()));
