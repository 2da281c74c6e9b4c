import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Sql } from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../helpers/api.ts';

/**
 * The embedded stack grants exactly what Supabase grants. src/server/db/local-bootstrap.sql imitates
 * Supabase's own objects (auth.*, storage.*, the schemas); tests/fixtures/supabase-privileges.json records,
 * for each of them, what the API roles may do there and whether row-level security is on, as read from a
 * database Supabase's own SQL built (../shared/supabase-faithful, `npm run test:supabase`).
 *
 * - On the embedded stack: the bootstrap's objects are exactly the recorded ones, with the recorded
 *   privileges (a new imitation needs its record, and the record must then hold on Supabase).
 * - On a Supabase database (TEST_DATABASE_URL from `npm run test:supabase`): every recorded object exists
 *   there with the recorded privileges. Both runs together: the bootstrap grants what Supabase grants.
 *
 * `UPDATE_SUPABASE_PRIVILEGES=1` with TEST_DATABASE_URL = a Supabase database rewrites the record's values from
 * it (to record a new object, add its name with `{}` first: `schema.table`, `schema.function(args)`, `schema`).
 */
const sql = ownerSql();
afterAll(() => sql.end());

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/supabase-privileges.json');
const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
/** Supabase's schemas the bootstrap imitates (and public, whose grants it sets). */
const SCHEMAS = ['auth', 'storage', 'extensions', 'public'];

type Record_ = Record<string, string | boolean>;
type Snapshot = Record<string, Record_>;

/**
 * Per object of `names` (or of the auth and storage schemas when `names` is null): what each API role may
 * do (privilege letters as in aclitem: r select, a insert, w update, d delete, D truncate, x references,
 * t trigger; U usage/C create for schemas and sequences' usage; X execute), RLS on/off and the triggers
 * that call storage.protect_delete().
 */
async function snapshot(db: Sql, names: string[] | null): Promise<Snapshot> {
  const rows = await db<{ name: string; kind: string; role: string; privileges: string; rls: boolean | null; protect: string | null; definer: boolean | null }[]>`
    with objects as (
      select n.nspname || '.' || c.relname as name, c.oid, c.relkind::text as kind, c.relrowsecurity as rls
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'S') and (n.nspname = any(${['auth', 'storage']}) or n.nspname || '.' || c.relname = any(${names ?? []}))
    ), fns as (
      select p.oid::regprocedure::text as name, p.oid, p.prosecdef as definer
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any(${['auth', 'storage']}) or p.oid::regprocedure::text = any(${names ?? []})
    )
    select o.name, o.kind, r.role,
           case o.kind when 'S' then
             concat_ws('', case when has_sequence_privilege(r.role, o.oid, 'usage') then 'U' end,
                           case when has_sequence_privilege(r.role, o.oid, 'select') then 'r' end,
                           case when has_sequence_privilege(r.role, o.oid, 'update') then 'w' end)
           else
             concat_ws('', case when has_table_privilege(r.role, o.oid, 'select') then 'r' end,
                           case when has_table_privilege(r.role, o.oid, 'insert') then 'a' end,
                           case when has_table_privilege(r.role, o.oid, 'update') then 'w' end,
                           case when has_table_privilege(r.role, o.oid, 'delete') then 'd' end,
                           case when has_table_privilege(r.role, o.oid, 'truncate') then 'D' end,
                           case when has_table_privilege(r.role, o.oid, 'references') then 'x' end,
                           case when has_table_privilege(r.role, o.oid, 'trigger') then 't' end)
           end as privileges,
           case when o.kind <> 'S' then o.rls end as rls,
           case when o.kind <> 'S' then (select string_agg(t.tgname, ',' order by t.tgname) from pg_trigger t
                                           where t.tgrelid = o.oid and t.tgfoid = to_regprocedure('storage.protect_delete()')) end as protect,
           null::boolean as definer
    from objects o cross join unnest(${[...API_ROLES]}::text[]) r(role)
    union all
    select f.name, 'f', r.role, case when has_function_privilege(r.role, f.oid, 'execute') then 'X' else '' end, null, null, f.definer
    from fns f cross join unnest(${[...API_ROLES]}::text[]) r(role)
    union all
    select n.nspname, 'n', r.role,
           concat_ws('', case when has_schema_privilege(r.role, n.oid, 'usage') then 'U' end,
                         case when has_schema_privilege(r.role, n.oid, 'create') then 'C' end), null, null, null
    from pg_namespace n cross join unnest(${[...API_ROLES]}::text[]) r(role)
    where n.nspname = any(${SCHEMAS})`;
  const out: Snapshot = {};
  for (const r of rows) {
    if (names && !names.includes(r.name)) continue;
    const entry = (out[r.name] ??= {});
    entry[r.role] = r.privileges;
    if (r.rls !== null) entry.rls = r.rls;
    if (r.protect) entry.protect_delete = r.protect;
    if (r.definer !== null) entry.security_definer = r.definer;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

const isSupabase = async () => (await sql`select exists (select from pg_roles where rolname = 'supabase_admin') as yes`)[0]!.yes as boolean;

describe('Supabase\'s own objects: the bootstrap grants what Supabase grants', () => {
  it('each recorded object has the recorded privileges and RLS flag on this database (embedded or Supabase)', async () => {
    if (process.env.UPDATE_SUPABASE_PRIVILEGES === '1') {
      expect(await isSupabase(), 'UPDATE_SUPABASE_PRIVILEGES needs TEST_DATABASE_URL = a Supabase database').toBe(true);
      const names = Object.keys(JSON.parse(readFileSync(FIXTURE, 'utf8')) as Snapshot);
      writeFileSync(FIXTURE, `${JSON.stringify(await snapshot(sql, names), null, 2)}\n`);
    }
    const recorded = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Snapshot;
    expect(Object.keys(recorded).length).toBeGreaterThan(15);
    const here = await snapshot(sql, Object.keys(recorded));
    expect(here).toEqual(recorded);
  });

  it('on the embedded stack, the bootstrap\'s auth and storage objects are exactly the recorded ones', async () => {
    const recorded = Object.keys(JSON.parse(readFileSync(FIXTURE, 'utf8')) as Snapshot);
    const present = Object.keys(await snapshot(sql, null));
    if (await isSupabase()) {
      // Supabase has many more (GoTrue's and Storage's full schemas); the recorded ones must all be there
      expect(recorded.filter((name) => !present.includes(name))).toEqual([]);
    } else {
      expect(present.filter((name) => !SCHEMAS.includes(name)).sort()).toEqual(recorded.filter((name) => !SCHEMAS.includes(name)).sort());
    }
  });
});
