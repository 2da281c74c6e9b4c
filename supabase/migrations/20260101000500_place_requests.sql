-- Place requests: users' submissions (create) and proposed changes (edit), moderated by admins.

create table public.place_requests (
  id bigint generated always as identity primary key,
  type text not null check (type in ('create', 'edit')),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  payload jsonb not null check (jsonb_typeof(payload) = 'object'),
  place_id bigint references public.places (id) on delete set null,
  user_id uuid references auth.users (id) on delete set null,
  rejection_reason text check (rejection_reason is null or length(rejection_reason) <= 2000),
  reviewed_by uuid references auth.users (id) on delete set null,
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (type = 'create' or place_id is not null or status <> 'pending'),
  check ((status = 'pending') = (reviewed_at is null))
);
create index place_requests_user_idx on public.place_requests (user_id, created_at desc);
create index place_requests_status_type_idx on public.place_requests (status, type, created_at desc);
create index place_requests_place_idx on public.place_requests (place_id);
create trigger place_requests_set_updated_at before update on public.place_requests
  for each row execute function private.set_updated_at();

alter table public.place_requests enable row level security;
grant select, insert on public.place_requests to authenticated;
grant update, delete on public.place_requests to authenticated;
grant all on public.place_requests to service_role;

create policy "Users read their own requests; admins read all" on public.place_requests for select to authenticated
  using ((select auth.uid()) = user_id or (select private.is_admin()));
create policy "Users submit pending requests for themselves" on public.place_requests for insert to authenticated
  with check (
    (select auth.uid()) = user_id and status = 'pending' and reviewed_by is null and reviewed_at is null
    and (type = 'create' and place_id is null
         or type = 'edit' and exists (
           select 1 from public.places p where p.id = place_id and p.owner_id = (select auth.uid()))
         or (select private.is_admin()))
  );
create policy "Admins moderate requests" on public.place_requests for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins delete requests" on public.place_requests for delete to authenticated
  using ((select private.is_admin()));
