-- A refused auth attempt's Retry-After never exceeds the limit's window (CI run of stop 34: the
-- resend-code double tap answered `Retry-After: 31` for a 30 s cooldown). private.auth_rate_limit_hit
-- read the transaction's clock (now()): of two calls at once, the one whose transaction started first
-- could reach the bucket after the other had opened it, and count the wait from its earlier clock.
-- Now it reads the statement's clock (clock_timestamp()) and caps the answer at p_window_seconds.
--
-- Replaces private.auth_rate_limit_hit(text, integer, integer) (same signature, grants unchanged).

-- Counts one hit on bucket `p_key` in a fixed window of `p_window_seconds`; returns 0 when the hit
-- is within `p_max`, else the seconds until the window ends (for Retry-After): at least 1, at most
-- `p_window_seconds`. The clock is the statement's (clock_timestamp()), not the transaction's, and the
-- answer is capped: two calls at once (a double tap) may reach the row in the other order than their
-- clocks were read. Old buckets are swept now and then.
create or replace function private.auth_rate_limit_hit(p_key text, p_max integer, p_window_seconds integer) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  at timestamptz := clock_timestamp();
  started timestamptz;
  count integer;
begin
  insert into private.auth_rate_limits as l (key, window_start, hits)
  values (p_key, at, 1)
  on conflict (key) do update set
    window_start = case when l.window_start <= at - make_interval(secs => p_window_seconds) then at else l.window_start end,
    hits = case when l.window_start <= at - make_interval(secs => p_window_seconds) then 1 else l.hits + 1 end
  returning l.window_start, l.hits into started, count;
  if random() < 0.01 then
    delete from private.auth_rate_limits where window_start < at - interval '1 day';
  end if;
  if count <= p_max then
    return 0;
  end if;
  return least(p_window_seconds, greatest(1, ceil(extract(epoch from (started + make_interval(secs => p_window_seconds) - at)))::integer));
end;
$$;
revoke all on function private.auth_rate_limit_hit(text,integer,integer) from public, anon, authenticated, service_role;
grant execute on function private.auth_rate_limit_hit(text,integer,integer) to service_role;
