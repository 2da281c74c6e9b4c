import postgres, { type Sql, type TransactionSql } from 'postgres';
import { classifyPgError } from './database-error.ts';
import { DatabaseGuard, type DatabaseStatus } from './outage-guard.ts';

/** JWT claims as GoTrue issues them; `role` selects the Postgres role of the request. */
export interface JwtClaims {
  sub?: string;
  email?: string;
  role: 'anon' | 'authenticated' | 'service_role';
  aud?: string;
  exp?: number;
  iat?: number;
  app_metadata?: { role?: string; [key: string]: unknown };
  user_metadata?: Record<string, unknown>;
  [key: string]: unknown;
}

export const ANON_CLAIMS: JwtClaims = { role: 'anon' };

export type Tx = TransactionSql<Record<string, unknown>>;

/** The outage guard of each pool made by createSql (withClaims goes through it). */
const guards = new WeakMap<Sql, DatabaseGuard>();

/** How createSql made each pool: what an anonymous-session pool beside it needs (see withAnonRead). */
interface PoolSettings { url: string; max: number; anonSessions: boolean; ended: boolean; log: (line: string) => void; anon: Map<number, AnonPool> }
const pools = new WeakMap<Sql, PoolSettings>();

/** Seconds a connection attempt may take before it fails (CONNECT_TIMEOUT → 503). */
export const CONNECT_TIMEOUT_SECONDS = 2;

/**
 * Opens a postgres.js pool on the owner connection. `max` defaults to 10 connections; `prepare:
 * false` turns off named prepared statements, which a transaction-mode pooler (Supabase's
 * Supavisor on port 6543, used by Edge Functions) cannot keep across transactions.
 *
 * Outages (docs/decisions/010-database-outages.md): connection attempts time out after
 * CONNECT_TIMEOUT_SECONDS, and there is no reconnect back-off in the pool (postgres.js would wait up
 * to 20 s before reconnecting after repeated failures): the pool's DatabaseGuard does the waiting
 * instead — while the database is down, request transactions fail at once and a probe on its own
 * connection watches for the database to come back. `sql.end()` also stops the guard.
 *
 * `anonSessions` (default: `prepare`, so on for a direct or session-mode connection and off for a transaction-mode
 * pooler) lets withAnonRead open a pool of anonymous sessions beside this one (decision 060); `sql.end()` ends it too.
 */
export function createSql(
  url: string,
  options: { max?: number; prepare?: boolean; log?: (line: string) => void; anonSessions?: boolean } = {},
): Sql {
  const sql = postgres(url, {
    max: options.max ?? 10,
    prepare: options.prepare ?? true,
    onnotice: () => {},
    connect_timeout: CONNECT_TIMEOUT_SECONDS,
    backoff: () => 0,
    idle_timeout: 30,
    connection: { application_name: 'city-directory-api' },
  });
  let probeSql: Sql | null = null;
  const releaseProbe = () => {
    const old = probeSql;
    probeSql = null;
    old?.end({ timeout: 0 }).catch(() => {});
  };
  const guard = new DatabaseGuard({
    isConnectionError: (error) => classifyPgError(error) === 'unavailable',
    async probe() {
      probeSql ??= postgres(url, {
        // `select 1` needs no array types: no types query on each new probe connection (one round trip less,
        // and nothing in flight when a slow probe's pool is released)
        max: 1, prepare: false, fetch_types: false, onnotice: () => {}, connect_timeout: 3, backoff: () => 0, idle_timeout: 5,
        connection: { application_name: 'city-directory-api-probe' },
      });
      try {
        await probeSql`select 1`;
      } catch (error) {
        releaseProbe();
        throw error;
      }
    },
    releaseProbe,
    onStateChange: (state, detail) => {
      const log = options.log ?? ((line: string) => console.warn(line));
      log(state === 'down'
        ? `[db] database unavailable (${String((detail.error as { code?: string; message?: string })?.code ?? (detail.error as Error)?.message ?? detail.error)}): answering 503 until it is back`
        : '[db] database available again');
    },
  });
  guards.set(sql, guard);
  const settings: PoolSettings = {
    url, max: options.max ?? 10, anonSessions: options.anonSessions ?? (options.prepare ?? true), ended: false,
    log: options.log ?? ((line: string) => console.warn(line)), anon: new Map(),
  };
  pools.set(sql, settings);
  const end = sql.end.bind(sql);
  sql.end = (async (endOptions?: { timeout?: number }) => {
    guard.close();
    // the anonymous-session pools made beside this one (withAnonRead) end with it
    settings.ended = true;
    const anon = [...settings.anon.values()];
    settings.anon.clear();
    await Promise.all([end(endOptions), ...anon.map((a) => a.sql.end(endOptions))]);
  }) as Sql['end'];
  return sql;
}

/** The outage state of a pool made by createSql (null for other pools), for health checks. */
export function databaseStatus(sql: Sql): DatabaseStatus | null {
  return guards.get(sql)?.status() ?? null;
}

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Runs `fn` in one transaction as PostgREST does: `set local role <claims.role>` and
 * `request.jwt.claims` = the claims JSON, so auth.uid(), auth.jwt() and every RLS policy see the
 * caller. Also sets a per-statement timeout (ms). Rolls back when `fn` throws. Round trips: BEGIN,
 * the settings, `fn`'s statements (issue independent ones together, e.g. with Promise.all, to share a
 * round trip), COMMIT. The settings are awaited before `fn` runs: pipelining them saved no measurable
 * time here, and a full-suite run with them pipelined once left a request hanging during a database
 * outage (tests/api/db-outage.test.ts timed out), so the simpler order stays.
 * Through the pool's outage guard: throws DatabaseUnavailableError (code DATABASE_UNAVAILABLE → 503)
 * at once while the database is known to be down.
 */
export async function withClaims<T>(
  sql: Sql,
  claims: JwtClaims,
  fn: (tx: Tx) => Promise<T>,
  options: { statementTimeoutMs?: number } = {},
): Promise<T> {
  if (!ROLES.has(claims.role)) throw new Error(`Unknown database role ${String(claims.role)}`);
  const transaction = (enter?: () => void) => sql.begin(async (tx) => {
    enter?.();
    await tx`select set_config('role', ${claims.role}, true),
                    set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
                    set_config('statement_timeout', ${String(options.statementTimeoutMs ?? 5000)}, true)`;
    return fn(tx as unknown as Tx);
  }) as Promise<T>;
  const guard = guards.get(sql);
  const attempt = () => (guard ? guard.run(transaction) : transaction());
  // A deadlock or serialization failure rolled the whole transaction back: run it again (PostgreSQL's
  // advice for SQLSTATE class 40), at most TRANSACTION_ATTEMPTS times, after a short random pause.
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= TRANSACTION_ATTEMPTS || classifyPgError(error) !== 'retry') throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * n));
    }
  }
}

/** How many times withClaims runs a transaction that ends in a deadlock or serialization failure. */
export const TRANSACTION_ATTEMPTS = 3;

/**
 * A pool beside a createSql pool whose sessions ARE the anonymous caller: every connection opens with the
 * startup parameters `role=anon`, `request.jwt.claims={"role":"anon"}`, `statement_timeout=<ms>` and
 * `default_transaction_read_only=on` (a client's startup parameters outrank the owner's per-role and
 * per-database settings). A reconnected session gets them again, so no statement sent to this pool can run
 * as the owner. `usable` is null until the self-check ran (withAnonRead), then whether the server honoured them.
 */
interface AnonPool { sql: Sql; usable: boolean | null; checking: Promise<boolean> | null }

function anonPoolOf(sql: Sql, statementTimeoutMs: number): AnonPool | null {
  const settings = pools.get(sql);
  if (!settings?.anonSessions || settings.ended) return null;
  let pool = settings.anon.get(statementTimeoutMs);
  if (!pool) {
    pool = {
      sql: postgres(settings.url, {
        max: settings.max, prepare: true, onnotice: () => {}, connect_timeout: CONNECT_TIMEOUT_SECONDS, backoff: () => 0, idle_timeout: 30,
        connection: {
          application_name: 'city-directory-api-anon',
          role: ANON_CLAIMS.role,
          'request.jwt.claims': JSON.stringify(ANON_CLAIMS),
          statement_timeout: String(statementTimeoutMs),
          default_transaction_read_only: 'on',
        } as Record<string, string>,
      }),
      usable: null,
      checking: null,
    };
    settings.anon.set(statementTimeoutMs, pool);
  }
  return pool;
}

/**
 * Whether `pool`'s sessions are what its startup parameters ask (checked once per pool, on its first use): the
 * current role anon, the anonymous claims, read-only transactions. A server or pooler that ignored them
 * (a connection pooler dropping unknown startup parameters would leave the owner's session) fails the check
 * and the pool is never used: withAnonRead falls back to withClaims; so is a server or pooler that refuses
 * them (an error other than a connection one). A check that could not run (database unreachable) is retried on
 * the next read.
 */
function anonPoolUsable(pool: AnonPool, log: (line: string) => void): Promise<boolean> {
  pool.checking ??= (async () => {
    try {
      const [row] = await pool.sql<{ role: string; claims: string | null; read_only: string }[]>`
        select current_user::text as role, current_setting('request.jwt.claims', true) as claims,
               current_setting('transaction_read_only') as read_only`;
      const ok = row?.role === ANON_CLAIMS.role && row.claims === JSON.stringify(ANON_CLAIMS) && row.read_only === 'on';
      if (!ok) log(`[db] anonymous sessions not honoured by the server (${JSON.stringify(row)}): anonymous reads use claims transactions`);
      pool.usable = ok;
      return ok;
    } catch (error) {
      // database unreachable: check again on the next read; refused (a pooler or server rejecting the startup
      // parameters): never use the pool
      if (classifyPgError(error) === 'unavailable') pool.checking = null;
      else {
        log(`[db] anonymous sessions refused by the server (${String((error as { code?: string; message?: string })?.code ?? (error as Error)?.message)}): anonymous reads use claims transactions`);
        pool.usable = false;
      }
      return false;
    }
  })();
  return pool.checking;
}

/**
 * Runs the read-only work `fn` as the anonymous caller (role anon, claims `{"role":"anon"}`, RLS in force,
 * `auth.uid()` null, `auth.jwt()` the claims, the statement timeout) with no transaction around it: its
 * statements go to a pool whose sessions are anonymous from their start (see AnonPool), so a request costs
 * its statements' round trips only — no BEGIN, settings and COMMIT (three of a detail's four round trips;
 * decision 060). Each statement is its own implicit transaction: at READ COMMITTED each statement of a
 * transaction takes its own snapshot anyway, so a read sees what it saw in withClaims; `now()` may differ
 * between two statements of one request, and a write is refused (read-only sessions: SQLSTATE 25006).
 * `fn` must not need a transaction: no cursors, no `set_config(…, true)` (e.g. setStatementTimeout), no
 * savepoints — use withClaims for those.
 *
 * Falls back to withClaims(sql, ANON_CLAIMS, fn) when `sql` was not made by createSql with anonymous
 * sessions (the Edge Function's pool: a transaction-mode pooler shares server sessions between clients,
 * so session settings are not ours to set) or when the server did not honour them (anonPoolUsable).
 * Through the pool's outage guard like withClaims (503 at once while the database is known to be down).
 */
export async function withAnonRead<T>(
  sql: Sql,
  fn: (tx: Tx) => Promise<T>,
  options: { statementTimeoutMs?: number } = {},
): Promise<T> {
  const pool = anonPoolOf(sql, options.statementTimeoutMs ?? 5000);
  const guard = guards.get(sql);
  // (while the database is known to be down, the self-check is not tried: withClaims' guard answers at once)
  if (!pool || pool.usable === false
      || (pool.usable === null && (guard?.status().state === 'down' || !(await anonPoolUsable(pool, pools.get(sql)!.log))))) {
    return withClaims(sql, ANON_CLAIMS, fn, options);
  }
  const read = () => fn(pool.sql as unknown as Tx);
  return guard ? guard.run(read) : read();
}
