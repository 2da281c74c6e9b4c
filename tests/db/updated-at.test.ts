import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../helpers/api.ts';

const sql = ownerSql();
afterAll(() => sql.end());
const ROLLBACK = Symbol('rollback');

describe('updated_at triggers', () => {
  it('every public table with updated_at has a BEFORE UPDATE trigger calling private.set_updated_at()', async () => {
    const rows = await sql<{ table: string; triggered: boolean }[]>`
      select c.table_name as table,
             exists (select 1 from pg_trigger t join pg_proc p on p.oid = t.tgfoid join pg_namespace n on n.oid = p.pronamespace
                     where t.tgrelid = format('public.%I', c.table_name)::regclass and not t.tgisinternal
                       and n.nspname = 'private' and p.proname = 'set_updated_at'
                       and (t.tgtype & 2) <> 0 /* before */ and (t.tgtype & 16) <> 0 /* update */) as triggered
      from information_schema.columns c
      where c.table_schema = 'public' and c.column_name = 'updated_at'
      order by 1`;
    expect(rows.map((r) => r.table)).toEqual(expect.arrayContaining(['buildings', 'categories', 'places', 'profiles', 'website_settings', 'zones']));
    expect(rows.filter((r) => !r.triggered).map((r) => r.table)).toEqual([]);
  });

  it('an update stamps now() on each table, whatever updated_at the statement tried to set', async () => {
    const stamped: Record<string, boolean> = {};
    await sql.begin(async (tx) => {
      // rows for tables the seed leaves empty; the whole transaction is rolled back
      const userId = randomUUID();
      await tx`insert into auth.users (id, email, raw_user_meta_data) values (${userId}, ${`stamp-${userId}@example.test`}, ${tx.json({ name: 'Stamp' })})`;
      await tx`insert into public.place_requests (type, payload, user_id) values ('create', ${tx.json({ name: 'Stamp' })}, ${userId})`;
      const tables = (await tx<{ table: string }[]>`
        select table_name as table from information_schema.columns where table_schema = 'public' and column_name = 'updated_at'`).map((r) => r.table);
      for (const table of tables) {
        const [row] = await tx.unsafe(`
          update public.${table} set updated_at = '2000-01-01T00:00:00Z'
          where ctid = (select ctid from public.${table} limit 1)
          returning updated_at = now() as stamped`);
        stamped[table] = row?.stamped === true;
      }
      throw ROLLBACK;
    }).catch((error) => {
      if (error !== ROLLBACK) throw error;
    });
    expect(Object.keys(stamped).length).toBeGreaterThanOrEqual(6);
    expect(Object.entries(stamped).filter(([, ok]) => !ok).map(([t]) => t)).toEqual([]);
  });

  it('an insert leaves created_at = updated_at', async () => {
    const slug = `stamp-${randomUUID().slice(0, 8)}`;
    await sql.begin(async (tx) => {
      const [row] = await tx`insert into public.categories (slug, name) values (${slug}, 'Stamp') returning created_at = updated_at as same`;
      expect(row.same).toBe(true);
      throw ROLLBACK;
    }).catch((error) => {
      if (error !== ROLLBACK) throw error;
    });
  });
});
