import type { Sql } from 'postgres';

/**
 * The applied migration versions (supabase_migrations.schema_migrations, oldest first), asked with
 * a statement timeout of `timeoutMs`; rejects (code CONNECT_TIMEOUT) when the database does not
 * answer within `timeoutMs`.
 */
export async function appliedMigrations(sql: Sql, timeoutMs: number): Promise<string[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('health check timed out'), { code: 'CONNECT_TIMEOUT' })), timeoutMs);
  });
  try {
    const rows = await Promise.race([
      sql.begin(async (tx) => {
        await tx`select set_config('statement_timeout', ${String(timeoutMs)}, true)`;
        return tx<{ version: string }[]>`select version from supabase_migrations.schema_migrations order by version`;
      }),
      timeout,
    ]);
    return rows.map((r) => r.version);
  } finally {
    clearTimeout(timer);
  }
}
