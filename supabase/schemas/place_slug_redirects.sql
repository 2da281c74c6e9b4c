-- public.place_slug_redirects: old slugs of merged or renamed places, so old links keep working.

create table public.place_slug_redirects (
  old_slug text not null,
  place_id bigint not null,
  created_at timestamp with time zone default now() not null,
  constraint place_slug_redirects_pkey PRIMARY KEY (old_slug),
  constraint place_slug_redirects_old_slug_check CHECK (((old_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text) AND (length(old_slug) <= 160))),
  constraint place_slug_redirects_place_id_fkey FOREIGN KEY (place_id) REFERENCES public.places(id) ON DELETE CASCADE
);

-- Indexes
create index place_slug_redirects_place_idx on public.place_slug_redirects using btree (place_id);

-- Triggers
create trigger notify_public_data_changed after truncate on public.place_slug_redirects
  for each statement execute function private.notify_slug_redirect_changes();
create trigger notify_public_data_changed_ins after insert on public.place_slug_redirects
  referencing new table as new_rows for each statement execute function private.notify_slug_redirect_changes();
create trigger notify_public_data_changed_upd after update on public.place_slug_redirects
  referencing old table as old_rows new table as new_rows for each statement execute function private.notify_slug_redirect_changes();
create trigger notify_public_data_changed_del after delete on public.place_slug_redirects
  referencing old table as old_rows for each statement execute function private.notify_slug_redirect_changes();

-- Access: privileges say which roles reach which columns, policies which rows
alter table public.place_slug_redirects enable row level security;
revoke all on public.place_slug_redirects from public, anon, authenticated, service_role;
grant select on public.place_slug_redirects to anon;
grant delete, insert, select, update on public.place_slug_redirects to authenticated, service_role;
create policy "Admins can create slug redirects" on public.place_slug_redirects for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can delete slug redirects" on public.place_slug_redirects for delete to authenticated using ((select private.is_admin()));
create policy "Admins can update slug redirects" on public.place_slug_redirects for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Anyone can read slug redirects" on public.place_slug_redirects for select to anon, authenticated using (true);
