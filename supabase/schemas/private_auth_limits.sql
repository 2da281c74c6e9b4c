-- The local auth provider's rate limits, wrong-code counters and reset grants (no API role reads them).

create table private.auth_rate_limits (
  key text not null,
  window_start timestamp with time zone default now() not null,
  hits integer default 0 not null,
  constraint auth_rate_limits_pkey PRIMARY KEY (key),
  constraint auth_rate_limits_key_check CHECK ((length(key) <= 200))
);

-- Indexes
create index auth_rate_limits_window_start_idx on private.auth_rate_limits using btree (window_start);

-- Access: privileges say which roles reach which columns, policies which rows
alter table private.auth_rate_limits enable row level security;
revoke all on private.auth_rate_limits from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on private.auth_rate_limits to service_role;

-- Wrong codes per e-mail and purpose since the last code was sent (reset when a code is sent or used).
create table private.auth_code_failures (
  email_hash text not null,
  purpose text not null,
  failures integer default 0 not null,
  updated_at timestamp with time zone default now() not null,
  constraint auth_code_failures_pkey PRIMARY KEY (email_hash, purpose),
  constraint auth_code_failures_email_hash_check CHECK ((length(email_hash) = 64)),
  constraint auth_code_failures_purpose_check CHECK ((purpose = ANY (ARRAY['signup'::text, 'recovery'::text])))
);

-- Access: privileges say which roles reach which columns, policies which rows
alter table private.auth_code_failures enable row level security;
revoke all on private.auth_code_failures from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on private.auth_code_failures to service_role;

-- A reset code already checked with Supabase Auth (which uses it up): lets reset-password finish
-- with the same code within its lifetime. Single use.
create table private.auth_reset_grants (
  email_hash text not null,
  code_hash text not null,
  user_id uuid not null,
  expires_at timestamp with time zone not null,
  constraint auth_reset_grants_pkey PRIMARY KEY (email_hash),
  constraint auth_reset_grants_email_hash_check CHECK ((length(email_hash) = 64))
);

-- Access: privileges say which roles reach which columns, policies which rows
alter table private.auth_reset_grants enable row level security;
revoke all on private.auth_reset_grants from public, anon, authenticated, service_role;
grant delete, insert, maintain, references, select, trigger, truncate, update on private.auth_reset_grants to service_role;
