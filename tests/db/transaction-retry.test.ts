import { afterAll, describe, expect, it } from 'vitest';
import { TRANSACTION_ATTEMPTS, withClaims } from '../../src/server/db/client.ts';
import { classifyPgError } from '../../src/server/db/database-error.ts';
import { ownerSql } from '../helpers/api.ts';

const sql = ownerSql();
afterAll(() => sql.end());
const SERVICE = { role: 'service_role' as const };

/**
 * Two request transactions that lock the same two rows in opposite orders deadlock; PostgreSQL cancels
 * one (40P01) and rolls it back. withClaims runs that one again, so both callers succeed.
 */
describe('withClaims and SQLSTATE class 40', () => {
  it('runs a transaction again after a deadlock: both callers succeed, each once in effect', async () => {
    const [a, b] = await sql<{ id: number }[]>`select id::int from public.categories order by id limit 2`;
    let runs = 0;
    let firstStep = 0;
    const bothHoldOne = new Promise<void>((resolve) => {
      const check = setInterval(() => { if (firstStep >= 2) { clearInterval(check); resolve(); } }, 5);
    });
    const lockInOrder = (first: number, second: number) => withClaims(sql, SERVICE, async (tx) => {
      runs++;
      await tx`select id from public.categories where id = ${first} for update`;
      firstStep++;
      if (runs <= 2) await bothHoldOne; // first attempts: wait until the other holds its first row
      await tx`select id from public.categories where id = ${second} for update`;
      return 'ok';
    });
    const results = await Promise.all([lockInOrder(a.id, b.id), lockInOrder(b.id, a.id)]);
    expect(results).toEqual(['ok', 'ok']);
    expect(runs).toBe(3); // the deadlock victim ran twice
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} attempts and reports the class 40 error`, async () => {
    let runs = 0;
    const error = await withClaims(sql, SERVICE, async (tx) => {
      runs++;
      await tx`do $$ begin raise exception using errcode = '40001', message = 'could not serialize (test)'; end $$`;
    }).then(() => null, (e: unknown) => e);
    expect(classifyPgError(error)).toBe('retry');
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
  });
});
