-- Auth support shared by both auth providers (embedded stack and Supabase Auth): rate-limit
-- buckets, failed code verifications per e-mail (Supabase Auth does not burn a code after wrong
-- guesses, DESIGN §7) and short-lived reset grants. All in schema private, used only through the
-- owner connection; anon and authenticated get nothing. E-mail addresses are stored as SHA-256 hex.

create table private.auth_rate_limits (
  key text primary key check (length(key) <= 200),
  window_start timestamptz not null default now(),
  hits integer not null default 0
);
create index auth_rate_limits_window_start_idx on private.auth_rate_limits (window_start);
alter table private.auth_rate_limits enable row level security;

-- Counts one hit on bucket `p_key` in a fixed window of `p_window_seconds`; returns 0 when the hit
-- is within `p_max`, else the seconds until the window ends (for Retry-After). Old buckets are
-- swept now and then.
create or replace function private.auth_rate_limit_hit(p_key text, p_max integer, p_window_seconds integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  started timestamptz;
  count integer;
begin
  insert into private.auth_rate_limits as l (key, window_start, hits)
  values (p_key, now(), 1)
  on conflict (key) do update set
    window_start = case when l.window_start <= now() - make_interval(secs => p_window_seconds) then now() else l.window_start end,
    hits = case when l.window_start <= now() - make_interval(secs => p_window_seconds) then 1 else l.hits + 1 end
  returning l.window_start, l.hits into started, count;
  if random() < 0.01 then
    delete from private.auth_rate_limits where window_start < now() - interval '1 day';
  end if;
  if count <= p_max then
    return 0;
  end if;
  return greatest(1, ceil(extract(epoch from (started + make_interval(secs => p_window_seconds) - now())))::integer);
end;
$$;

-- Wrong codes per e-mail and purpose since the last code was sent (reset when a code is sent or used).
create table private.auth_code_failures (
  email_hash text not null check (length(email_hash) = 64),
  purpose text not null check (purpose in ('signup', 'recovery')),
  failures integer not null default 0,
  updated_at timestamptz not null default now(),
  primary key (email_hash, purpose)
);
alter table private.auth_code_failures enable row level security;

-- A reset code already checked with Supabase Auth (which uses it up): lets reset-password finish
-- with the same code within its lifetime. Single use.
create table private.auth_reset_grants (
  email_hash text primary key check (length(email_hash) = 64),
  code_hash text not null,
  user_id uuid not null,
  expires_at timestamptz not null
);
alter table private.auth_reset_grants enable row level security;

revoke all on table private.auth_rate_limits, private.auth_code_failures, private.auth_reset_grants from public, anon, authenticated;
grant all on table private.auth_rate_limits, private.auth_code_failures, private.auth_reset_grants to service_role;
revoke all on function private.auth_rate_limit_hit(text, integer, integer) from public, anon, authenticated;
grant execute on function private.auth_rate_limit_hit(text, integer, integer) to service_role;
