import type { TransactionSql } from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { ownerSql } from '../helpers/api.ts';

/** Table constraints mirror the shared schemas (slugs, phones, URLs, enums, one settings row); all as owner, all rolled back. */
const sql = ownerSql();
afterAll(() => sql.end());
const ROLLBACK = Symbol('rollback');

type Case = [label: string, statement: string, expected: 'ok' | '23514' | '23505' | '23503'];

const place = (column: string, value: string) =>
  `insert into public.places (slug, name, category_id, ${column})
   values ('constraint-probe', 'Probe', (select min(id) from public.categories), ${value})`;

const CASES: Case[] = [
  ['valid category slug', `insert into public.categories (slug, name) values ('probe-cat-1', 'Probe')`, 'ok'],
  ['slug with spaces and capitals', `insert into public.categories (slug, name) values ('Bad Slug', 'Probe')`, '23514'],
  ['slug with a trailing hyphen', `insert into public.zones (slug, title) values ('probe-', 'Probe')`, '23514'],
  ['blank name', `insert into public.categories (slug, name) values ('probe-cat-2', '   ')`, '23514'],
  ['phone with +, spaces, parentheses, hyphens', place('phone', `'+966 (11) 123-4567'`), 'ok'],
  ['phone with letters', place('phone', `'call me'`), '23514'],
  ['phone too short', place('whatsapp', `'12345'`), '23514'],
  ['website over https', place('website_url', `'https://example.com/a?b=c'`), 'ok'],
  ['website with another scheme', place('website_url', `'javascript:alert(1)'`), '23514'],
  ['logo under /uploads/', place('logo_url', `'/uploads/places/logo.png'`), 'ok'],
  ['logo at another local path', place('logo_url', `'/etc/passwd'`), '23514'],
  ['latitude beyond 90', place('latitude', '91'), '23514'],
  ['unknown category', `insert into public.places (slug, name, category_id) values ('constraint-probe', 'Probe', -1)`, '23503'],
  ['duplicate place slug', `insert into public.places (slug, name, category_id) select slug, name, category_id from public.places limit 1`, '23505'],
  ['request type outside create/edit', `insert into public.place_requests (type, payload) values ('delete', '{}')`, '23514'],
  ['request status outside the three', `insert into public.place_requests (type, status, payload, reviewed_at) values ('create', 'done', '{}', now())`, '23514'],
  ['request payload that is not an object', `insert into public.place_requests (type, payload) values ('create', '[1]')`, '23514'],
  ['a second website_settings row', `insert into public.website_settings (id) values (false)`, '23514'],
  ['the settings row again', `insert into public.website_settings (id) values (true)`, '23505'],
];

describe('table constraints', () => {
  it.each(CASES)('%s → %s', async (_, statement, expected) => {
    let outcome = 'ok';
    await sql.begin(async (tx) => {
      try {
        await (tx as TransactionSql).unsafe(statement);
      } catch (error) {
        outcome = (error as { code?: string }).code ?? String(error);
      }
      throw ROLLBACK;
    }).catch((error) => {
      if (error !== ROLLBACK) throw error;
    });
    expect(outcome).toBe(expected);
  });

  it('deleting a zone removes its buildings and unlinks its places', async () => {
    await sql.begin(async (tx) => {
      const [zone] = await tx`
        select z.id from public.zones z
        where exists (select 1 from public.buildings b where b.zone_id = z.id) and exists (select 1 from public.places p where p.zone_id = z.id)
        limit 1`;
      const [before] = await tx`select (select count(*) from public.places where zone_id = ${zone.id})::int as places`;
      await tx`delete from public.zones where id = ${zone.id}`;
      const [after] = await tx`select (select count(*) from public.buildings where zone_id = ${zone.id})::int as buildings,
                                      (select count(*) from public.places where zone_id = ${zone.id})::int as places`;
      expect(before.places).toBeGreaterThan(0);
      expect(after).toEqual({ buildings: 0, places: 0 });
      throw ROLLBACK;
    }).catch((error) => {
      if (error !== ROLLBACK) throw error;
    });
  });
});
