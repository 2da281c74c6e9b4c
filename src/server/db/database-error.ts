/** Maps Postgres error codes to HTTP-meaningful categories. Source: PostgreSQL Appendix A. */
export function classifyPgError(error: unknown):
  | 'unique_violation'
  | 'foreign_key_violation'
  | 'check_violation'
  | 'insufficient_privilege'
  | 'unavailable'
  | 'timeout'
  | 'retry'
  | 'other' {
  const code = (error as { code?: string } | null)?.code;
  switch (code) {
    case '23505': return 'unique_violation';
    case '23503': return 'foreign_key_violation';
    case '23514': case '23502': case '22001': case '22P02': case '22003': return 'check_violation';
    // text the database cannot hold (U+0000 in text: 22021; \u0000 or a lone surrogate escape in jsonb: 22P05):
    // the request schemas refuse it first (isStorableText); this keeps a missed field a 400, not a 500
    case '22021': case '22P05': return 'check_violation';
    case '42501': return 'insufficient_privilege';
    case '57014': return 'timeout';
    case '40P01': case '40001': return 'retry'; // deadlock_detected, serialization_failure: run it again
    case '57P01': case '57P02': case '57P03': case '08000': case '08001': case '08003': case '08006':
    case 'ECONNREFUSED': case 'ECONNRESET': case 'CONNECT_TIMEOUT': case 'CONNECTION_CLOSED':
    case 'CONNECTION_ENDED': case 'CONNECTION_DESTROYED': case 'DATABASE_UNAVAILABLE':
      return 'unavailable';
    default: return 'other';
  }
}

/**
 * postgres.js' own CONNECTION_CLOSED error raised from its socket close handler. postgres.js 3.4.9 can
 * reject a transaction's close-watcher promise with nobody listening when a backend dies mid-transaction
 * (the transaction itself fails and is answered 503); such a stray rejection must not end the process.
 */
export function isDriverConnectionClosed(error: unknown): boolean {
  const e = error as { code?: string; stack?: string } | null;
  return e?.code === 'CONNECTION_CLOSED' && /node_modules[\\/]postgres[\\/]/.test(e.stack ?? '');
}
