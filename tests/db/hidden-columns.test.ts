import { afterAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../helpers/api.ts';

/**
 * Column privileges of the tables with a hidden column (migration 20260101005101, decision 014): the API
 * roles read every column but the hidden one. Column grants are per column, so a column a later migration
 * adds is unreadable until granted — this test lists it (grant select (it) to anon, authenticated).
 */
const sql = ownerSql();
afterAll(() => sql.end());

const HIDDEN: Record<string, { column: string; readers: string[] }> = {
  'public.places': { column: 'owner_id', readers: ['anon', 'authenticated'] },
  'public.place_requests': { column: 'reviewed_by', readers: ['authenticated'] },
};

async function columnPrivileges(table: string, role: string) {
  return sql<{ column: string; select: boolean }[]>`
    select a.attname as column, has_column_privilege(${role}, a.attrelid, a.attnum, 'select') as select
    from pg_attribute a where a.attrelid = ${table}::regclass and a.attnum > 0 and not a.attisdropped order by a.attnum`;
}

describe.each(Object.entries(HIDDEN))('%s', (table, { column, readers }) => {
  it.each(readers)(`%s reads every column but ${column}`, async (role) => {
    const columns = await columnPrivileges(table, role);
    expect(columns.length).toBeGreaterThan(5);
    expect(columns.filter((c) => c.column !== column && !c.select).map((c) => c.column), 'columns without `grant select (column)`').toEqual([]);
    expect(columns.find((c) => c.column === column)?.select).toBe(false);
    // and no table-wide SELECT that would bring it back
    const [tableWide] = await sql`select has_table_privilege(${role}, ${table}::regclass, 'select') as yes`;
    expect(tableWide!.yes).toBe(false);
  });

  it('the service role (Studio, tools) still reads it', async () => {
    const columns = await columnPrivileges(table, 'service_role');
    expect(columns.every((c) => c.select)).toBe(true);
  });
});
