import postgres, { type Sql, type TransactionSql } from 'postgres';

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

/**
 * Opens a postgres.js pool on the owner connection. `max` defaults to 10 connections; `prepare:
 * false` turns off named prepared statements, which a transaction-mode pooler (Supabase's
 * Supavisor on port 6543, used by Edge Functions) cannot keep across transactions.
 */
export function createSql(url: string, options: { max?: number; prepare?: boolean } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    prepare: options.prepare ?? true,
    onnotice: () => {},
    connect_timeout: 5,
    idle_timeout: 30,
    connection: { application_name: 'city-directory-api' },
  });
}

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Runs `fn` in one transaction as PostgREST does: `set local role <claims.role>` and
 * `request.jwt.claims` = the claims JSON, so auth.uid(), auth.jwt() and every RLS policy see the
 * caller. Also sets a per-statement timeout (ms). Rolls back when `fn` throws.
 */
export async function withClaims<T>(
  sql: Sql,
  claims: JwtClaims,
  fn: (tx: Tx) => Promise<T>,
  options: { statementTimeoutMs?: number } = {},
): Promise<T> {
  if (!ROLES.has(claims.role)) throw new Error(`Unknown database role ${String(claims.role)}`);
  return sql.begin(async (tx) => {
    await tx`select set_config('role', ${claims.role}, true),
                    set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
                    set_config('statement_timeout', ${String(options.statementTimeoutMs ?? 5000)}, true)`;
    return fn(tx as unknown as Tx);
  }) as Promise<T>;
}
