-- Storage: the public image buckets (spec.md §5 "Validation rules" and §9 "Business constants and limits": images
-- up to 5 MB; PNG, JPG or GIF) and who may write to
-- them. storage.buckets/objects belong to Supabase (the embedded stack's bootstrap creates their key
-- columns); only the rows and policies below are ours.
--
-- The API stores uploads itself after checking the caller, the size and the magic bytes (Supabase
-- Storage trusts the declared MIME type): on Supabase it writes with the service-role key, which
-- bypasses these policies. The bucket limits are a second line of defence. `supabase db diff` ignores
-- rows (DML): the insert ships in migration 20260101001000_storage.sql and config.toml's
-- [storage.buckets.*] declare the same buckets.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('places', 'places', true, 5242880, array['image/png', 'image/jpeg', 'image/gif']),
  ('categories', 'categories', true, 5242880, array['image/png', 'image/jpeg', 'image/gif']),
  ('website', 'website', true, 5242880, array['image/png', 'image/jpeg', 'image/gif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Anyone can read directory images" on storage.objects for select to anon, authenticated
  using (bucket_id in ('places', 'categories', 'website'));

create policy "Admins can add directory images" on storage.objects for insert to authenticated
  with check (bucket_id in ('places', 'categories', 'website') and (select private.is_admin()));

create policy "Admins can replace directory images" on storage.objects for update to authenticated
  using (bucket_id in ('places', 'categories', 'website') and (select private.is_admin()))
  with check (bucket_id in ('places', 'categories', 'website') and (select private.is_admin()));

create policy "Admins can delete directory images" on storage.objects for delete to authenticated
  using (bucket_id in ('places', 'categories', 'website') and (select private.is_admin()));
