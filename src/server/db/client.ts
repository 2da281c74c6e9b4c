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
 */
export function createSql(url: string, options: { max?: number; prepare?: boolean; log?: (line: string) => void } = {}): Sql {
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
  const end = sql.end.bind(sql);
  sql.end = ((endOptions?: { timeout?: number }) => {
    guard.close();
    return end(endOptions);
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
