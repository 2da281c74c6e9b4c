import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../helpers/api.ts';

const sql = ownerSql();
const other = ownerSql();
afterAll(() => Promise.all([sql.end(), other.end()]));

/**
 * private.auth_rate_limit_hit (the auth rate limits, src/server/auth/rate-limit.ts): its answer is the
 * `Retry-After` of a refused attempt, so it must never exceed the window, whatever order concurrent
 * transactions' clocks (`now()` = the start of each transaction) arrive in.
 */
describe('private.auth_rate_limit_hit', () => {
  it('counts hits in a fixed window and answers the seconds left once over the limit', async () => {
    const key = `test:${randomUUID()}`;
    const waits = [];
    for (let i = 0; i < 3; i++) waits.push((await sql<{ wait: number }[]>`select private.auth_rate_limit_hit(${key}, 2, 30) as wait`)[0]!.wait);
    expect(waits.slice(0, 2)).toEqual([0, 0]);
    expect(waits[2]).toBeGreaterThanOrEqual(29);
    expect(waits[2]).toBeLessThanOrEqual(30);
  });

  it('never answers more than the window when an earlier-started transaction hits a bucket a later one opened (a double tap)', async () => {
    const key = `test:${randomUUID()}`;
    let wait: number | undefined;
    await sql.begin(async (tx) => {
      await tx`select now()`; // this transaction's clock starts here
      await new Promise((r) => setTimeout(r, 1200));
      await other`select private.auth_rate_limit_hit(${key}, 1, 30)`; // the other call opens the window 1.2 s later
      [{ wait }] = await tx<{ wait: number }[]>`select private.auth_rate_limit_hit(${key}, 1, 30) as wait`;
    });
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
  });
});
