import type { Tx } from '../db/client.ts';

/** Low-level helpers of every queries/*.ts module (no imports from the other query modules). */

/**
 * Runs a statement as a named prepared statement (per connection): the tiered search and list
 * queries cost more to plan than to run. Every value is a parameter, so the SQL texts stay few.
 * `prepare: false` plans each run with the actual values (for queries whose best plan depends on
 * how common the searched words are).
 */
export function run<Row = Record<string, unknown>>(tx: Tx, text: string, params: Params | unknown[] = [], options: { prepare?: boolean } = {}) {
  const values = params instanceof Params ? params.values : params;
  return tx.unsafe(text, values as never[], { prepare: options.prepare ?? true }) as unknown as Promise<Row[]>;
}

/** Collects positional parameters for tx.unsafe: `p.add(value)` returns `$n`. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The snake_case columns of the fields of `body` that are present (not undefined), renamed by
 * `columns` ({ apiName: column }). Used for inserts (absent = default) and updates (absent = unchanged).
 */
export function toColumns(body: Record<string, unknown>, columns: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns)) {
    if (body[field] !== undefined) out[column] = body[field];
  }
  return out;
}

/** Sets this transaction's statement timeout (ms) for the statements that follow. */
export async function setStatementTimeout(tx: Tx, ms: number): Promise<void> {
  await tx`select set_config('statement_timeout', ${String(ms)}, true)`;
}
