import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_CLAIMS, withClaims } from '../../src/server/db/client.ts';
import { createUser } from '../helpers/api.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

// Statements a transaction issues together (Promise.all, one round trip) must all run as the caller:
// RLS already applies to the first of them.
let db: ScratchDatabase;
beforeAll(async () => {
  db = await createScratchDatabase();
});
afterAll(() => db?.drop());

describe('withClaims: the caller\'s role and claims apply to every statement, pipelined ones too', () => {
  it('the very first statements already run as the caller (role, claims)', async () => {
    const user = await createUser(db.sql);
    const claims = { role: 'authenticated' as const, sub: user.id };
    const [first, second] = await withClaims(db.sql, claims, (tx) => Promise.all([
      tx`select current_user as role, auth.uid()::text as uid`,
      tx`select count(*)::int as n from public.place_requests`,
    ]));
    expect(first[0]).toEqual({ role: 'authenticated', uid: user.id });
    expect(second[0]!.n).toBe(0);
    const [anon] = await withClaims(db.sql, ANON_CLAIMS, (tx) => tx`select current_user as role`);
    expect(anon!.role).toBe('anon');
  });

  it('a failing statement rolls the whole transaction back', async () => {
    await expect(withClaims(db.sql, ANON_CLAIMS, (tx) => Promise.all([tx`select 1`, tx`select 1/0`]))).rejects.toThrow(/division by zero/);
    await expect(withClaims(db.sql, ANON_CLAIMS, (tx) => tx`insert into public.categories (slug, name) values ('x', 'X')`)).rejects.toThrow();
    const [row] = await db.sql`select count(*)::int as n from public.categories where slug = 'x'`;
    expect(row!.n).toBe(0);
  });
});
