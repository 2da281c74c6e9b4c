import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ANON_CLAIMS, type JwtClaims } from '../../src/server/db/client.ts';
import { ownerSql } from '../helpers/api.ts';

/**
 * Supabase's Data API next to the app (docs/data-api.md, decision 038): column privileges hide
 * places.owner_id and place_requests.reviewed_by, so `select=*` fails with 42501 for the API roles and
 * clients name the columns docs/data-api.md lists. Each statement runs as PostgREST runs it: one
 * transaction, `set local role <role>`, `request.jwt.claims` set; rolled back.
 */
const sql = ownerSql();
afterAll(() => sql.end());

const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/data-api.md'), 'utf8');
/** The `select=` list docs/data-api.md gives for `table`. */
const documented = (table: string) => new RegExp(`- \`${table.replace('.', '\\.')}\` \\([^)]*\\):\\s*\`select=([a-z_,]+)\``).exec(doc)?.[1]?.split(',') ?? [];

const USER: JwtClaims = { sub: '00000000-0000-4000-8000-000000000001', role: 'authenticated', aud: 'authenticated', app_metadata: {} };
const ROLLBACK = Symbol('rollback');

/** Runs `statement` as PostgREST would for `claims`; the rows' count or the SQLSTATE. */
async function asPostgrest(claims: JwtClaims, statement: string): Promise<{ rows: number } | { code: string }> {
  let out: { rows: number } | undefined;
  try {
    await sql.begin(async (tx) => {
      await tx`select set_config('role', ${claims.role}, true), set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`;
      out = { rows: (await tx.unsafe(statement)).count };
      throw ROLLBACK;
    });
  } catch (error) {
    if (error === ROLLBACK) return out!;
    return { code: (error as { code?: string }).code ?? String(error) };
  }
  throw new Error('unreachable');
}

const TABLES = [
  { table: 'public.places', callers: { anon: ANON_CLAIMS, authenticated: USER } },
  { table: 'public.place_requests', callers: { authenticated: USER } },
] as const;

describe.each(TABLES)('Data API: $table', ({ table, callers }) => {
  describe.each(Object.entries(callers))('as %s', (role, claims) => {
    it('`select *` is refused with 42501 (a hidden column), never answered without it', async () => {
      expect(await asPostgrest(claims, `select * from ${table} limit 1`)).toEqual({ code: '42501' });
    });

    it('the documented column list is exactly what the role may read, and answers', async () => {
      const readable = await sql<{ column: string }[]>`
        select a.attname as column from pg_attribute a
        where a.attrelid = ${table}::regclass and a.attnum > 0 and not a.attisdropped
          and has_column_privilege(${role}, a.attrelid, a.attnum, 'select')
        order by a.attnum`;
      expect(documented(table)).toEqual(readable.map((r) => r.column));
      const outcome = await asPostgrest(claims, `select ${documented(table).join(', ')} from ${table} limit 1`);
      expect('rows' in outcome, JSON.stringify(outcome)).toBe(true);
    });
  });
});

it('every other table of public answers `select *` to the roles that may select it', async () => {
  const tables = await sql<{ name: string; role: string }[]>`
    select 'public.' || c.relname as name, r.role
    from pg_class c cross join (values ('anon'), ('authenticated')) r(role)
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'p')
      and (has_table_privilege(r.role, c.oid, 'select')
           or exists (select from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                        and has_column_privilege(r.role, c.oid, a.attnum, 'select')))
    order by 1, 2`;
  const refused: string[] = [];
  for (const { name, role } of tables) {
    if (TABLES.some((t) => t.table === name)) continue;
    const outcome = await asPostgrest(role === 'anon' ? ANON_CLAIMS : USER, `select * from ${name} limit 1`);
    if (!('rows' in outcome)) refused.push(`${name} as ${role}: ${outcome.code}`);
  }
  expect(tables.length).toBeGreaterThan(5);
  expect(refused).toEqual([]);
});
