import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ANON_CLAIMS, createSql, withAnonRead, withClaims, type Tx } from '../../src/server/db/client.ts';
import { classifyPgError } from '../../src/server/db/database-error.ts';
import { createUser, ownerSql } from '../helpers/api.ts';

/**
 * withAnonRead (decision 060): an anonymous read without a transaction, on sessions that are anonymous from
 * their start. What a statement sees must be what it sees in withClaims(ANON_CLAIMS): the role, the claims
 * through auth.uid()/auth.jwt(), RLS, the statement timeout, the errors; writes are refused; a reconnected
 * session is still anonymous. (The RLS matrix runs anon's cells through it too: rls-matrix.test.ts.)
 */
const sql = ownerSql();
afterAll(() => sql.end());

/** What a statement sees of the caller. */
const SEEN = `select current_user::text as "user", current_setting('role') as role, auth.uid()::text as uid, auth.jwt() as jwt,
                     auth.role() as auth_role, current_setting('request.jwt.claims', true) as claims`;

const failure = async (run: Promise<unknown>) => {
  try {
    await run;
  } catch (error) {
    return { code: (error as { code?: string }).code, kind: classifyPgError(error) };
  }
  return { code: 'none', kind: 'none' };
};

describe('withAnonRead', () => {
  it('runs as anon with the anonymous claims, exactly as a claims transaction does, without a transaction', async () => {
    const [session] = await withAnonRead(sql, (tx) => tx.unsafe(SEEN));
    const [transaction] = await withClaims(sql, ANON_CLAIMS, (tx) => tx.unsafe(SEEN));
    expect(session).toEqual({ user: 'anon', role: 'anon', uid: null, jwt: { role: 'anon' }, auth_role: 'anon', claims: '{"role":"anon"}' });
    expect(session).toEqual(transaction);
    // no transaction around it: the statement is its own (implicit) transaction, on the anonymous sessions' pool
    const [where] = await withAnonRead(sql, (tx) => tx`select current_setting('application_name') as app, current_setting('transaction_read_only') as ro`);
    expect(where).toEqual({ app: 'city-directory-api-anon', ro: 'on' });
  });

  it('every statement of a request runs as anon, those sent together too', async () => {
    const rows = await withAnonRead(sql, (tx) => Promise.all([tx`select current_user::text as u`, tx.unsafe(SEEN), tx`select current_user::text as u`]));
    expect(rows.map((r) => (r[0] as { u?: string; user?: string }).u ?? (r[0] as { user: string }).user)).toEqual(['anon', 'anon', 'anon']);
  });

  it('grants and RLS as anon: the same rows and the same refusals as in a claims transaction', async () => {
    const [{ before }] = await sql<{ before: Date }[]>`select now() as before`;
    const { id: userId } = await createUser(sql);
    await sql`insert into public.place_requests (type, payload, user_id) values ('create', ${sql.json({ name: 'Hidden' })}, ${userId})`;
    try {
      const outcome = async (run: (tx: Tx) => Promise<unknown>, read: typeof withAnonRead) => {
        try {
          return { rows: await read(sql, run) };
        } catch (error) {
          return { code: (error as { code?: string }).code };
        }
      };
      const inClaims: typeof withAnonRead = (s, run) => withClaims(s, ANON_CLAIMS, run);
      const statements: ((tx: Tx) => Promise<unknown>)[] = [
        (tx) => tx`select count(*)::int as n from public.place_requests where user_id = ${userId}`,
        (tx) => tx`select count(*)::int as n from auth.users`,
        (tx) => tx`select count(*)::int as n from public.profiles where id = ${userId}`,
        // rows older than the test: other test files write places and files on the same database meanwhile
        (tx) => tx`select count(*)::int as n from public.places where created_at < ${before}`,
        (tx) => tx`select count(*)::int as n from storage.objects where created_at < ${before}`,
      ];
      const seen = [];
      for (const run of statements) {
        const session = await outcome(run, withAnonRead);
        expect(session).toEqual(await outcome(run, inClaims));
        seen.push(session);
      }
      expect(seen[0]).toEqual({ code: '42501' }); // another user's request: anon has no grant at all
      expect(seen[1]).toEqual({ code: '42501' });
      expect((seen[3] as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await sql`delete from public.place_requests where user_id = ${userId}`;
    }
  });

  it('refuses every write (read-only sessions), even one anon could make in a transaction', async () => {
    const slug = `anon-read-${Date.now()}`;
    expect(await failure(withAnonRead(sql, (tx) => tx`insert into public.categories (slug, name) values (${slug}, 'X')`))).toEqual({ code: '25006', kind: 'other' });
    expect((await sql`select 1 from public.categories where slug = ${slug}`).count).toBe(0);
  });

  it('the statement timeout applies as in a claims transaction (57014 → timeout)', async () => {
    const slow = (tx: Tx) => tx`select pg_sleep(0.5)`;
    expect(await failure(withAnonRead(sql, slow, { statementTimeoutMs: 100 }))).toEqual({ code: '57014', kind: 'timeout' });
    expect(await failure(withClaims(sql, ANON_CLAIMS, slow, { statementTimeoutMs: 100 }))).toEqual({ code: '57014', kind: 'timeout' });
    const [row] = await withAnonRead(sql, (tx) => tx`select current_setting('statement_timeout') as t`, { statementTimeoutMs: 1234 });
    expect(row!.t).toBe('1234ms');
    const [fallback] = await withAnonRead(sql, (tx) => tx`select current_setting('statement_timeout') as t`);
    expect(fallback!.t).toBe('5s');
  });

  it('a session cut by the server is answered as unavailable, and the next read runs on a new session that is anonymous again', async () => {
    // a pool of one session of its own (other files' reads share the suite's database)
    const own = createSql(inject('databaseUrl'), { max: 1 });
    try {
      const [{ pid }] = await withAnonRead(own, (tx) => tx<{ pid: number }[]>`select pg_backend_pid() as pid`);
      const slow = withAnonRead(own, (tx) => tx`select pg_sleep(5)`);
      await new Promise((r) => setTimeout(r, 200));
      expect((await sql`select pg_terminate_backend(${pid})`)[0]!.pg_terminate_backend).toBe(true);
      expect((await failure(slow)).kind).toBe('unavailable');
      const [after] = await withAnonRead(own, (tx) => tx.unsafe<{ pid: number }[]>(`${SEEN}, pg_backend_pid() as pid`));
      expect(after).toMatchObject({ user: 'anon', role: 'anon', claims: '{"role":"anon"}' });
      expect(after!.pid).not.toBe(pid);
    } finally {
      await own.end();
    }
  });

  it('a pool for a transaction-mode pooler (prepare: false, the Edge Function) reads in a claims transaction instead', async () => {
    const edge = createSql(inject('databaseUrl'), { max: 1, prepare: false });
    try {
      const [row] = await withAnonRead(edge, (tx) => tx.unsafe(`${SEEN}, current_setting('application_name') as app, current_setting('transaction_read_only') as ro`));
      expect(row).toMatchObject({ user: 'anon', role: 'anon', claims: '{"role":"anon"}', app: 'city-directory-api', ro: 'off' });
    } finally {
      await edge.end();
    }
  });

  it('the anonymous sessions end with their pool', async () => {
    const own = createSql(inject('databaseUrl'), { max: 1 });
    const [{ pid }] = await withAnonRead(own, (tx) => tx<{ pid: number }[]>`select pg_backend_pid() as pid`);
    const alive = async () => (await sql`select 1 from pg_stat_activity where pid = ${pid}`).count;
    expect(await alive()).toBe(1);
    await own.end();
    for (let i = 0; i < 20 && (await alive()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await alive()).toBe(0);
  });
});
