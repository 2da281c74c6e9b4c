-- public.audit_log: every change to the directory, written by private.record_change.

create table public.audit_log (
  id bigint generated always as identity not null,
  entity text not null,
  entity_id bigint not null,
  operation text not null,
  at timestamp with time zone default now() not null,
  actor_id uuid,
  actor_role text not null,
  before jsonb,
  after jsonb,
  request_id bigint,
  tx xid8 default pg_current_xact_id() not null,
  constraint audit_log_pkey PRIMARY KEY (id),
  constraint audit_log_actor_role_check CHECK ((length(actor_role) <= 200)),
  constraint audit_log_after_check CHECK (((after IS NULL) OR (jsonb_typeof(after) = 'object'::text))),
  constraint audit_log_before_check CHECK (((before IS NULL) OR (jsonb_typeof(before) = 'object'::text))),
  constraint audit_log_entity_check CHECK ((entity = ANY (ARRAY['place'::text, 'category'::text, 'zone'::text, 'building'::text, 'website'::text]))),
  constraint audit_log_operation_check CHECK ((operation = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text])))
);

-- Indexes
create index audit_log_deleted_places_idx on public.audit_log using btree (at DESC) WHERE ((entity = 'place'::text) AND (operation = 'delete'::text));
create index audit_log_entity_idx on public.audit_log using btree (entity, entity_id, id DESC);

-- Access: privileges say which roles reach which columns, policies which rows
alter table public.audit_log enable row level security;
revoke all on public.audit_log from public, anon, authenticated, service_role;
grant select on public.audit_log to authenticated, service_role;
create policy "Admins can read the history" on public.audit_log for select to authenticated
  using ((select private.is_admin()));
