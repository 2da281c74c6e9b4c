import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPlaces } from '../../src/server/queries/places-queries.ts';
import { planSearch, searchPlaces } from '../../src/server/queries/search-queries.ts';
import type { Tx } from '../../src/server/db/client.ts';
import { ownerSql, testApp } from '../helpers/api.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * What the search and paging indexes depend on stays right as data changes: the per-place vector
 * follows renamed categories/zones/buildings (without touching the place's updated_at), the
 * vocabulary learns new words (typo alternatives), the counters equal real counts after inserts,
 * moves and deletes, and keyset pages walk a list exactly like offset pages.
 */
let db: ScratchDatabase;
const seeded = ownerSql();
const app = testApp(seeded);

beforeAll(async () => {
  db = await createScratchDatabase();
  const { sql } = db;
  await sql`insert into public.categories (slug, name, name_ar) values ('bakeries', 'Bakeries', 'مخابز'), ('florists', 'Florists', 'محلات زهور')`;
  await sql`insert into public.zones (slug, title, title_ar) values ('north', 'North Hills', 'التلال الشمالية'), ('south', 'South Gate', 'البوابة الجنوبية')`;
  await sql`insert into public.buildings (zone_id, slug, name, number) select id, 'tower', 'Crystal Tower', '7' from public.zones where slug = 'north'`;
});
afterAll(async () => {
  await db?.drop();
  await seeded.end();
});

const expectedCounts = (sql: ScratchDatabase['sql']) => sql<{ category_id: string; zone_id: string; n: string }[]>`
  select coalesce(category_id, -1) as category_id, coalesce(zone_id, -1) as zone_id, count(*) as n
  from (select category_id, coalesce(zone_id, 0) as zone_id from public.places) p
  group by grouping sets ((category_id, zone_id), (category_id), (zone_id), ()) order by 1, 2`;
const actualCounts = (sql: ScratchDatabase['sql']) => sql<{ category_id: string; zone_id: string; n: string }[]>`
  select category_id, zone_id, n from private.place_counts where n <> 0 order by 1, 2`;

describe('search index maintenance', () => {
  it('keeps the place counters (and their roll-ups) equal to real counts', async () => {
    const { sql } = db;
    await sql`insert into public.places (slug, name, category_id, zone_id)
              select 'p-' || i, 'Place ' || i, (select id from public.categories where slug = case when i % 3 = 0 then 'florists' else 'bakeries' end),
                     case when i % 4 = 0 then null else (select id from public.zones where slug = case when i % 2 = 0 then 'north' else 'south' end) end
              from generate_series(1, 40) i`;
    expect(await actualCounts(sql)).toEqual(await expectedCounts(sql));
    await sql`update public.places set zone_id = null where slug in ('p-1', 'p-2')`;
    await sql`update public.places set category_id = (select id from public.categories where slug = 'florists') where slug like 'p-1%'`;
    await sql`update public.places set name = 'Renamed' where slug = 'p-5'`;
    expect(await actualCounts(sql)).toEqual(await expectedCounts(sql));
    await sql`delete from public.places where slug in ('p-3', 'p-4', 'p-30')`;
    expect(await actualCounts(sql)).toEqual(await expectedCounts(sql));
    const [{ n }] = await sql`select n from private.place_counts where category_id = -1 and zone_id = -1`;
    expect(Number(n)).toBe(37);
  });

  it('finds a place by its category, zone and building names, and follows their renames', async () => {
    const { sql } = db;
    await sql`insert into public.places (slug, name, category_id, zone_id, building_id, updated_at)
              select 'golden-crust', 'Golden Crust', c.id, z.id, b.id, '2020-01-01T00:00:00Z'
              from public.categories c, public.zones z join public.buildings b on b.zone_id = z.id
              where c.slug = 'bakeries' and z.slug = 'north'`;
    const find = async (q: string) => {
      const plan = await planSearch(sql as unknown as Tx, q);
      return plan ? (await searchPlaces(sql as unknown as Tx, plan, { limit: 50 })).map((r) => r.slug as string) : [];
    };
    expect(await find('golden crust')).toContain('golden-crust');
    expect(await find('bakery north hills')).toContain('golden-crust');
    expect(await find('مخابز التلال الشمالية')).toContain('golden-crust');
    expect(await find('crystal tower')).toContain('golden-crust');

    await sql`update public.categories set name = 'Patisseries', name_ar = 'حلويات' where slug = 'bakeries'`;
    await sql`update public.zones set title = 'Palm Gardens' where slug = 'north'`;
    await sql`update public.buildings set name = 'Sapphire Court' where slug = 'tower'`;
    expect(await find('patisseries palm gardens')).toContain('golden-crust');
    expect(await find('sapphire court')).toContain('golden-crust');
    expect(await find('north hills')).not.toContain('golden-crust');
    // the place itself did not change
    const [place] = await sql`select updated_at from public.places where slug = 'golden-crust'`;
    expect(new Date(place!.updated_at).toISOString()).toBe('2020-01-01T00:00:00.000Z');
  });

  it('learns new words, so a typo in a just-added name still finds it', async () => {
    const { sql } = db;
    await sql`insert into public.places (slug, name, name_ar, category_id)
              select 'zaitouna', 'Zaitouna Kitchen', 'مطبخ الزيتونة', id from public.categories where slug = 'florists'`;
    const [{ found }] = await sql`select count(*)::int as found from private.search_terms where term in ('zaitouna', 'الزيتونه', 'زيتونه')`;
    expect(found).toBe(3);
    const plan = await planSearch(sql as unknown as Tx, 'ziatouna');
    const rows = await searchPlaces(sql as unknown as Tx, plan!, { limit: 5 });
    expect(rows[0]?.slug).toBe('zaitouna');
  });

  it('walks a list page by page identically with cursor and with page numbers', async () => {
    for (const sort of ['name-asc', 'name-desc', 'newest', 'oldest'] as const) {
      const byPage: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const r = await listPlaces(seeded as unknown as Tx, { categorySlug: 'pharmacies' }, { page, limit: 15, sort });
        byPage.push(...r.rows.map((p) => p.slug as string));
      }
      const byCursor: string[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 4; i++) {
        const r = await listPlaces(seeded as unknown as Tx, { categorySlug: 'pharmacies' }, { page: 1, limit: 15, sort, cursor });
        byCursor.push(...r.rows.map((p) => p.slug as string));
        if (!r.nextCursor) break;
        cursor = r.nextCursor;
      }
      expect(byCursor, sort).toEqual(byPage);
      expect(new Set(byPage).size, sort).toBe(byPage.length);
    }
  });

  it('ends the cursor chain on the last page and reports exact totals through the API', async () => {
    const first = await app.request('/api/public/places?categorySlug=pharmacies&limit=100');
    const body = (await first.json()) as any;
    const [{ n }] = await seeded`select count(*)::int as n from public.places p join public.categories c on c.id = p.category_id where c.slug = 'pharmacies'`;
    expect(body.meta.total).toBe(n);
    let cursor = body.meta.nextCursor as string | null;
    let seen = body.data.length;
    while (cursor) {
      const res = await app.request(`/api/public/places?categorySlug=pharmacies&limit=100&cursor=${cursor}`);
      const page = (await res.json()) as any;
      seen += page.data.length;
      cursor = page.meta.nextCursor;
    }
    expect(seen).toBe(n);
  });
});
