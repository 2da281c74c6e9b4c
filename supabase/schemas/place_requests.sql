-- public.place_requests: new places and edits submitted by users, reviewed by admins.

create table public.place_requests (
  id bigint generated always as identity not null,
  type text not null,
  status text default 'pending'::text not null,
  payload jsonb not null,
  place_id bigint,
  user_id uuid,
  rejection_reason text,
  reviewed_by uuid,
  reviewed_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  previous jsonb,
  constraint place_requests_pkey PRIMARY KEY (id),
  constraint place_requests_check CHECK (((type = 'create'::text) OR (place_id IS NOT NULL) OR (status <> 'pending'::text))),
  constraint place_requests_check1 CHECK (((status = 'pending'::text) = (reviewed_at IS NULL))),
  constraint place_requests_payload_check CHECK ((jsonb_typeof(payload) = 'object'::text)),
  constraint place_requests_payload_size CHECK ((octet_length((payload)::text) <= 65536)),
  constraint place_requests_previous_check CHECK (((previous IS NULL) OR (jsonb_typeof(previous) = 'object'::text))),
  constraint place_requests_previous_size CHECK ((octet_length((previous)::text) <= 65536)),
  constraint place_requests_rejection_reason_check CHECK (((rejection_reason IS NULL) OR (length(rejection_reason) <= 2000))),
  constraint place_requests_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text]))),
  constraint place_requests_type_check CHECK ((type = ANY (ARRAY['create'::text, 'edit'::text]))),
  constraint place_requests_place_id_fkey FOREIGN KEY (place_id) REFERENCES public.places(id) ON DELETE SET NULL,
  constraint place_requests_reviewed_by_fkey FOREIGN KEY (reviewed_by) REFERENCES auth.users(id) ON DELETE SET NULL,
  constraint place_requests_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL
);

-- Indexes
create index place_requests_place_idx on public.place_requests using btree (place_id);
create index place_requests_status_type_idx on public.place_requests using btree (status, type, created_at DESC);
create index place_requests_user_idx on public.place_requests using btree (user_id, created_at DESC);

-- Triggers
create trigger link_approval_history after update of status on public.place_requests
  for each row execute function private.link_approval_history();
create trigger place_requests_set_previous before insert on public.place_requests
  for each row execute function private.place_request_previous_trigger();
create trigger place_requests_set_updated_at before update on public.place_requests
  for each row execute function private.set_updated_at();

-- Access: privileges say which roles reach which columns, policies which rows
alter table public.place_requests enable row level security;
revoke all on public.place_requests from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, trigger, update on public.place_requests to anon;
grant delete, maintain, references, trigger, update on public.place_requests to authenticated;
grant delete, insert, maintain, references, select, trigger, truncate, update on public.place_requests to service_role;
grant select (created_at, id, payload, place_id, previous, rejection_reason, reviewed_at, status, type, updated_at, user_id) on public.place_requests to authenticated;
grant insert (payload, place_id, previous, status, type, user_id) on public.place_requests to authenticated;
create policy "Admins delete requests" on public.place_requests for delete to authenticated
  using ((select private.is_admin()));
create policy "Admins moderate requests" on public.place_requests for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Users read their own requests; admins read all" on public.place_requests for select to authenticated
  using ((select auth.uid()) = user_id or (select private.is_admin()));
create policy "Users submit pending requests for themselves" on public.place_requests for insert to authenticated
  with check (
    (select auth.uid()) = user_id and status = 'pending' and reviewed_by is null and reviewed_at is null
    and (type = 'create' and place_id is null
         or type = 'edit' and place_id in (select private.owned_place_ids())
         or (select private.is_admin()))
  );
