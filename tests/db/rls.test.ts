import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_CLAIMS, withClaims, type JwtClaims, type Tx } from '../../src/server/db/client.ts';
import { createUser, ownerSql } from '../helpers/api.ts';

const sql = ownerSql();
afterAll(() => sql.end());

// Schemas whose tables and functions the API roles can reach (auth and storage: Supabase's, created
// locally by the bootstrap, with this project's storage policies).
const SCHEMAS = ['public', 'private', 'storage', 'auth'];
const OWN_SCHEMAS = ['public', 'private', 'storage'];
const PUBLIC_READ = ['buildings', 'categories', 'places', 'website_settings', 'zones'];
const ROLLBACK = Symbol('rollback');

/** Runs `fn` as anon (through withClaims) and always rolls back; returns its result or the SQLSTATE it failed with. */
async function asAnon<T>(fn: (tx: Tx) => Promise<T>): Promise<{ ok: T } | { code: string }> {
  let result: { ok: T } | undefined;
  try {
    await withClaims(sql, ANON_CLAIMS, async (tx) => {
      result = { ok: await fn(tx) };
      throw ROLLBACK;
    });
  } catch (error) {
    if (error === ROLLBACK) return result!;
    return { code: (error as { code?: string }).code ?? String(error) };
  }
  throw new Error('unreachable');
}

async function tablesOf(db: Sql, schemas: string[]) {
  return db<{ schema: string; table: string; rls: boolean; exposed: boolean; column: string }[]>`
    select n.nspname as schema, c.relname as table, c.relrowsecurity as rls,
           (select a.attname from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
              and a.attgenerated = '' and a.attidentity <> 'a' order by a.attnum limit 1) as column,
           (has_table_privilege('anon', c.oid, 'select, insert, update, delete, truncate')
            or has_table_privilege('authenticated', c.oid, 'select, insert, update, delete, truncate')) as exposed
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname = any(${schemas})
    order by 1, 2`;
}

/** Tables of public, and tables of other schemas an API role can touch, without row-level security. */
async function tablesLackingRls(db: Sql): Promise<string[]> {
  const tables = await tablesOf(db, SCHEMAS);
  return tables.filter((t) => !t.rls && (t.schema === 'public' || t.exposed)).map((t) => `${t.schema}.${t.table}`);
}

describe('RLS guard', () => {
  it('every table of public, and every table of private that anon or authenticated can touch, has RLS enabled', async () => {
    const tables = await tablesOf(sql, SCHEMAS);
    expect(tables.filter((t) => t.schema === 'public').map((t) => t.table)).toEqual(expect.arrayContaining([...PUBLIC_READ, 'profiles', 'place_requests']));
    expect(await tablesLackingRls(sql)).toEqual([]);
  });

  it('a later migration adding a table without RLS is caught, and (as on Supabase) anon could read and write it', async () => {
    // What a careless migration would do: no grants, no RLS. The default privileges of the migrating role
    // (Supabase's own on a Supabase database, the bootstrap's imitation on the embedded stack) expose it
    // anyway. Done in this run's database as the role migrations run as, and rolled back.
    let seen: unknown;
    const outcome = await sql.begin(async (tx) => {
      await tx.unsafe(`create table public.leaky (id bigserial primary key, secret text);
                       insert into public.leaky (secret) values ('s3cret');
                       create function public.leaky_fn() returns int language sql as 'select 1'`);
      expect(await tablesLackingRls(tx as unknown as Sql)).toEqual(['public.leaky']);
      const [privileges] = await tx`
        select has_table_privilege('anon', 'public.leaky', 'select, insert, update, delete') as anon_table,
               has_table_privilege('authenticated', 'public.leaky', 'select') as authenticated_table,
               has_sequence_privilege('anon', 'public.leaky_id_seq', 'usage') as anon_sequence,
               has_function_privilege('anon', 'public.leaky_fn()', 'execute') as anon_function`;
      expect(privileges).toEqual({ anon_table: true, authenticated_table: true, anon_sequence: true, anon_function: true });
      await tx`select set_config('role', 'anon', true), set_config('request.jwt.claims', ${JSON.stringify(ANON_CLAIMS)}, true)`;
      seen = (await tx`select secret from public.leaky`).map((r) => r.secret);
      throw ROLLBACK;
    }).catch((error: unknown) => error);
    expect(outcome).toBe(ROLLBACK);
    expect(seen).toEqual(['s3cret']);
    expect(await sql`select to_regclass('public.leaky') as t`).toEqual([{ t: null }]);
  });

  it('no API role holds TRUNCATE (it ignores RLS) on a table of public or private', async () => {
    const rows = await sql<{ name: string }[]>`
      select n.nspname || '.' || c.relname as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname in ('public', 'private')
        and (has_table_privilege('anon', c.oid, 'truncate') or has_table_privilege('authenticated', c.oid, 'truncate'))`;
    expect(rows.map((r) => r.name)).toEqual([]);
  });

  it('every policy names its roles (`to anon` / `to authenticated`), never the implicit PUBLIC', async () => {
    const policies = await sql<{ schemaname: string; tablename: string; policyname: string; roles: string[] }[]>`
      select schemaname, tablename, policyname, roles::text[] as roles from pg_policies where schemaname = any(${SCHEMAS})`;
    expect(policies.length).toBeGreaterThanOrEqual(PUBLIC_READ.length);
    const implicit = policies.filter((p) => p.roles.includes('public')).map((p) => `${p.schemaname}.${p.tablename}: ${p.policyname}`);
    expect(implicit).toEqual([]);
  });
});

/** Claims as the app issues them (see src/server/auth/tokens.ts). */
const userClaims = (u: { id: string; email: string }, admin = false): JwtClaims => ({
  sub: u.id, email: u.email, role: 'authenticated', aud: 'authenticated', app_metadata: admin ? { role: 'admin' } : {},
});

/** Runs `fn` as `claims` (through withClaims), always rolled back; its result or the SQLSTATE it failed with. */
async function asClaims<T>(claims: JwtClaims, fn: (tx: Tx) => Promise<T>): Promise<{ ok: T } | { code: string }> {
  let result: { ok: T } | undefined;
  try {
    await withClaims(sql, claims, async (tx) => {
      result = { ok: await fn(tx) };
      throw ROLLBACK;
    });
  } catch (error) {
    if (error === ROLLBACK) return result!;
    return { code: (error as { code?: string }).code ?? String(error) };
  }
  throw new Error('unreachable');
}

// Functions of public (callable through PostgREST's rpc/ on Supabase) that API roles may execute,
// each classified: admin-only ones with a call that an admin gets past the admin check with.
const ADMIN_ONLY_FUNCTIONS: Record<string, string> = {
  'approve_place_request': 'select public.approve_place_request(-1)',
  'reject_place_request': `select public.reject_place_request(-1, 'no')`,
  'approve_all_place_requests': `select public.approve_all_place_requests('nonsense')`,
  'reorder_zones': `select public.reorder_zones('"not an array"')`,
  'reorder_buildings': `select public.reorder_buildings(-1, '"not an array"')`,
};
// Admin-only functions outside the exposed schemas (the API calls them in the caller's transaction)
const PRIVATE_ADMIN_ONLY_FUNCTIONS: Record<string, string> = {
  'private.restore_place_version': 'select private.restore_place_version(-1)',
};
// Schemas whose functions PostgREST serves at /rest/v1/rpc/<name> (Supabase's Data API: config.toml [api] schemas)
const EXPOSED_SCHEMAS = ['public', 'graphql_public'];
// Security-definer functions of an exposed schema that anon or authenticated may execute, each with the
// reason it must be callable by every visitor or account through the Data API. None today (decision 038):
// a definer function bypasses RLS, so it lives in `private` or is executable only by the roles that need it.
const EXPOSED_DEFINER_ALLOWLIST: Record<string, string> = {};
// place_name_ar_order: the Arabic name order key of the place lists and their indexes (20260101005500)
const PUBLIC_FUNCTIONS = ['place_name_ar_order', 'search_normalize', 'search_query'];
// Security-definer functions an API role may execute (besides trigger functions, which cannot be
// called): each bypasses RLS, so each is reviewed — is_admin reads only the caller's claims;
// request_user returns {id,email,name} to admins and to that user only; owned_place_ids returns the
// caller's own place ids; place_owner a place's owner to admins and that owner only; place_payload a
// (public) place's public fields; request_reviewer a request's reviewer to admins only (the last four:
// the paths to the columns hidden by column privileges, tests/db/hidden-columns.test.ts);
// restore_place_version checks the admin claim first (it writes past the column privileges of places,
// recorded in the history).
const DEFINER_CALLABLE = [
  'private.is_admin', 'private.owned_place_ids', 'private.place_owner', 'private.place_payload',
  // purge_idempotency_keys: deletes expired Idempotency-Keys of every user, at most max_rows a call, as each key
  // is recorded (decision 045)
  'private.purge_idempotency_keys', 'private.request_reviewer', 'private.request_user',
  'private.restore_place_version',
];

describe('function guard', () => {
  it('every security definer function of public, private and storage has a fixed search_path', async () => {
    const rows = await sql<{ name: string; config: string[] | null }[]>`
      select n.nspname || '.' || p.proname as name, p.proconfig as config
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.prosecdef and n.nspname = any(${OWN_SCHEMAS})`;
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.filter((r) => !(r.config ?? []).some((c) => c.startsWith('search_path='))).map((r) => r.name)).toEqual([]);
  });

  it('the security definer functions API roles may call are only the reviewed ones (trigger functions aside)', async () => {
    const rows = await sql<{ name: string }[]>`
      select distinct n.nspname || '.' || p.proname as name
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.prosecdef and n.nspname = any(${OWN_SCHEMAS}) and p.prorettype <> 'trigger'::regtype
        and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
      order by 1`;
    expect(rows.map((r) => r.name)).toEqual(DEFINER_CALLABLE);
  });

  it('no security definer function of an exposed schema (public, graphql_public) is executable by anon or authenticated, but the allowlisted', async () => {
    const rows = await sql<{ name: string }[]>`
      select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.prosecdef and n.nspname = any(${EXPOSED_SCHEMAS})
        and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
      order by 1`;
    expect(rows.map((r) => r.name)).toEqual(Object.keys(EXPOSED_DEFINER_ALLOWLIST).sort());
    expect(Object.values(EXPOSED_DEFINER_ALLOWLIST).every((reason) => reason.length > 20)).toBe(true);
  });

  it('every function of public that API roles may execute is classified as public or admin-only', async () => {
    const rows = await sql<{ name: string; anon: boolean }[]>`
      select p.proname as name, has_function_privilege('anon', p.oid, 'execute') as anon
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prokind = 'f'
        and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))`;
    expect(rows.map((r) => r.name).sort()).toEqual([...PUBLIC_FUNCTIONS, ...Object.keys(ADMIN_ONLY_FUNCTIONS)].sort());
    expect(rows.filter((r) => r.anon && !PUBLIC_FUNCTIONS.includes(r.name)).map((r) => r.name)).toEqual([]);
  });

  it('moderation and reorder functions refuse anon and non-admin users (42501), and let an admin past the check', async () => {
    const user = await createUser(sql);
    const admin = await createUser(sql, { role: 'admin' });
    for (const [name, call] of Object.entries({ ...ADMIN_ONLY_FUNCTIONS, ...PRIVATE_ADMIN_ONLY_FUNCTIONS })) {
      const run = (claims: JwtClaims) => asClaims(claims, (tx) => tx.unsafe(call));
      expect(await run(ANON_CLAIMS), `${name} as anon`).toEqual({ code: '42501' });
      expect(await run(userClaims(user)), `${name} as a user`).toEqual({ code: '42501' });
      expect(await run({ ...userClaims(user), user_metadata: { role: 'admin' } }), `${name} with user_metadata.role=admin`).toEqual({ code: '42501' });
      const asAdmin = await run(userClaims(admin, true));
      expect('code' in asAdmin ? asAdmin.code : 'ok', `${name} as admin`).not.toBe('42501');
    }
  });
});

describe('RLS basics for anon (through withClaims)', () => {
  let tables: { schema: string; table: string; column: string }[];
  beforeAll(async () => {
    tables = await tablesOf(sql, SCHEMAS);
  });

  it('cannot insert into, update or delete from any table', async () => {
    const allowed: string[] = [];
    for (const { schema, table, column } of tables) {
      const name = `${schema}.${table}`;
      const attempts = {
        insert: await asAnon((tx) => tx.unsafe(`insert into ${name} default values`)),
        update: await asAnon(async (tx) => (await tx.unsafe(`update ${name} set "${column}" = "${column}"`)).count),
        delete: await asAnon(async (tx) => (await tx.unsafe(`delete from ${name}`)).count),
      };
      // Denied = permission/RLS error (42501), or (update/delete) no row visible to change.
      if (!('code' in attempts.insert) || attempts.insert.code !== '42501') allowed.push(`insert ${name}`);
      for (const op of ['update', 'delete'] as const) {
        const r = attempts[op];
        if ('ok' in r ? r.ok !== 0 : r.code !== '42501') allowed.push(`${op} ${name}`);
      }
    }
    expect(tables.length).toBeGreaterThanOrEqual(7);
    expect(allowed).toEqual([]);
  });

  it('reads the public tables', async () => {
    for (const table of PUBLIC_READ) {
      const r = await asAnon(async (tx) => (await tx.unsafe(`select count(*)::int as n from public.${table}`))[0].n as number);
      expect(r, table).toEqual({ ok: expect.any(Number) });
      expect((r as { ok: number }).ok, table).toBeGreaterThan(0);
    }
  });

  it('cannot read profiles or place requests that exist', async () => {
    const user = await createUser(sql, { name: 'RLS Probe' });
    await sql`insert into public.place_requests (type, payload, user_id) values ('create', ${sql.json({ name: 'RLS probe place' })}, ${user.id})`;
    const [owner] = await sql`select (select count(*) from public.profiles where id = ${user.id})::int as profiles,
                                     (select count(*) from public.place_requests where user_id = ${user.id})::int as requests`;
    expect(owner).toEqual({ profiles: 1, requests: 1 });
    for (const table of ['profiles', 'place_requests']) {
      const r = await asAnon(async (tx) => (await tx.unsafe(`select count(*)::int as n from public.${table}`))[0].n as number);
      expect('code' in r ? r.code : r.ok, table).toSatisfy((v: unknown) => v === '42501' || v === 0);
    }
  });
});
