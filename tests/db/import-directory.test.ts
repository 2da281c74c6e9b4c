import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportError, importDirectory } from '../../src/server/db/import-directory.ts';
import { DEFAULT_DATASET } from '../../src/server/stack.ts';
import { ownerSql } from '../helpers/api.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

const TABLES = ['categories', 'zones', 'buildings', 'places'] as const;
const dataset = JSON.parse(readFileSync(DEFAULT_DATASET, 'utf8')) as Record<(typeof TABLES)[number], { slug?: string }[]>;

/** Row count and an md5 over every column of every row (updated_at included), per table. */
async function snapshot(sql: Sql) {
  const out: Record<string, { rows: number; digest: string }> = {};
  for (const table of TABLES) {
    const [r] = await sql.unsafe(`select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as digest from public.${table} t`);
    out[table] = { rows: r.rows, digest: r.digest };
  }
  return out;
}

const rowCounts = (s: Awaited<ReturnType<typeof snapshot>>) => Object.fromEntries(TABLES.map((t) => [t, s[t].rows]));

describe('the shipped dataset', () => {
  it('holds 3,289 places, 20 categories, 148 zones and 57 buildings', () => {
    expect(Object.fromEntries(TABLES.map((t) => [t, dataset[t].length]))).toEqual({ categories: 20, zones: 148, buildings: 57, places: 3289 });
  });

  it('was seeded into the run database on first start (every category and zone slug present)', async () => {
    const sql = ownerSql();
    try {
      const [r] = await sql`
        select (select count(*) from public.categories where slug = any(${dataset.categories.map((c) => c.slug!)}))::int as categories,
               (select count(*) from public.zones where slug = any(${dataset.zones.map((z) => z.slug!)}))::int as zones`;
      expect(r).toEqual({ categories: 20, zones: 148 });
    } finally {
      await sql.end();
    }
  });
});

describe('importDirectory on a fresh database', () => {
  let db: ScratchDatabase;
  beforeAll(async () => {
    db = await createScratchDatabase();
  }, 120_000);
  afterAll(() => db.drop());

  it('imports the dataset with the counts of the file', async () => {
    const { counts } = await importDirectory(db.sql, dataset);
    expect(counts).toEqual({ categories: 20, zones: 148, buildings: 57, places: 3289 });
    expect(rowCounts(await snapshot(db.sql))).toEqual(counts);
    const [linked] = await db.sql`
      select count(*) filter (where zone_id is not null)::int as with_zone, count(*) filter (where name_ar is not null)::int as with_arabic
      from public.places`;
    expect(linked.with_zone).toBeGreaterThan(0);
    expect(linked.with_arabic).toBeGreaterThan(0);
  });

  it('stores the 367 opening hours the opening_hours library accepts and reports the 4 it refuses (issue #15)', async () => {
    const [r] = await db.sql`select count(opening_hours)::int as n from public.places`;
    expect(r.n).toBe(367);
    const report = await importDirectory(db.sql, dataset, { dryRun: true });
    expect(report.refusedOpeningHours.map((x) => x.value).sort()).toEqual([
      '06:30-14:00 \\ 16:00-00:00', '08:00-13:00 / 16:00-00:00', '10', 'Mo-We,Sa-Su 07:00-01:00; PH unknown; Th 07:00-02:00; Fr 12:00-02:00',
    ]);
    const [kept] = await db.sql`select count(*)::int as n from public.places where opening_hours = 'Mo-Th,Sa-Su 08:30-12:30,16:00-20:30'`;
    expect(kept.n).toBeGreaterThan(0);
  });

  it('is idempotent: a second run reports the same counts and changes no row (updated_at included)', async () => {
    const before = await snapshot(db.sql);
    const [{ latest }] = await db.sql`select max(updated_at) as latest from public.places`;
    const { counts } = await importDirectory(db.sql, dataset);
    expect(counts).toEqual({ categories: 20, zones: 148, buildings: 57, places: 3289 });
    expect(await snapshot(db.sql)).toEqual(before);
    const [{ latest: after }] = await db.sql`select max(updated_at) as latest from public.places`;
    expect(after).toEqual(latest);
    const [dupes] = await db.sql`select count(*)::int as n from (select slug from public.places group by slug having count(*) > 1) d`;
    expect(dupes.n).toBe(0);
  });

  it('updates a changed record in place, touching only that row', async () => {
    const before = await snapshot(db.sql);
    const changed = structuredClone(dataset) as typeof dataset & { categories: { name: string; nameAr?: string | null; slug: string }[] };
    changed.categories[0].name = `${changed.categories[0].name} (renamed)`;
    await importDirectory(db.sql, changed);
    const after = await snapshot(db.sql);
    expect(rowCounts(after)).toEqual(rowCounts(before));
    expect(after.categories.digest).not.toBe(before.categories.digest);
    const [row] = await db.sql`select name, updated_at > created_at as touched from public.categories where slug = ${changed.categories[0].slug}`;
    expect(row).toEqual({ name: changed.categories[0].name, touched: true });
    const [untouched] = await db.sql`select count(*)::int as n from public.categories where updated_at > created_at`;
    expect(untouched.n).toBe(1);
    await importDirectory(db.sql, dataset); // back to the shipped names
  });

  describe('a malformed file', () => {
    const tag = randomUUID().slice(0, 8);
    const file = () => ({
      categories: [{ name: `Test category ${tag}`, slug: `test-category-${tag}` }],
      zones: [{ title: `Test zone ${tag}`, slug: `test-zone-${tag}`, lat: 24.7, lng: 46.7 }],
      buildings: [{ zoneSlug: `test-zone-${tag}`, name: `Test tower ${tag}`, number: '7' }],
      places: [
        { name: `Test place one ${tag}`, categorySlug: `test-category-${tag}`, zoneSlug: `test-zone-${tag}`, lat: 24.7, lng: 46.7 },
        { name: `Test place two ${tag}`, categorySlug: `test-category-${tag}`, lat: 24.7, lng: 46.7 },
      ],
    });

    it('is rejected naming list, index and reason, with nothing written', async () => {
      const before = await snapshot(db.sql);
      const bad = file();
      bad.places[1].lat = 123.4;
      const error = await importDirectory(db.sql, bad).then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(ImportError);
      expect((error as ImportError).problems).toEqual([{ list: 'places', index: 1, reason: expect.stringMatching(/^lat: .*90/), issues: [expect.objectContaining({ path: 'lat', code: 'too_big' })] }]);
      expect((error as ImportError).message).toMatch(/places\[1\]: lat/);
      expect(await snapshot(db.sql)).toEqual(before);
    });

    it('reports every bad record, including references to unknown slugs', async () => {
      const bad = file();
      bad.zones[0].slug = 'Not A Slug';
      bad.places[0].categorySlug = `missing-${tag}`;
      const error = (await importDirectory(db.sql, bad).catch((e: unknown) => e)) as ImportError;
      // the bad zone slug also orphans the building and place that reference it
      expect(error.problems.map((p) => `${p.list}[${p.index}]: ${p.reason.split(':')[0]}`).sort()).toEqual([
        `buildings[0]: unknown zoneSlug test-zone-${tag}`,
        `places[0]: unknown categorySlug missing-${tag}`,
        `places[0]: unknown zoneSlug test-zone-${tag}`,
        'zones[0]: slug',
      ].sort());
    });

    it('rolls back everything when the database refuses a record mid-import', async () => {
      const before = await snapshot(db.sql);
      const bad = file() as ReturnType<typeof file> & { zones: Record<string, unknown>[] };
      bad.zones[0].order = 2 ** 40; // valid to the schema, out of range for the integer column
      await expect(importDirectory(db.sql, bad)).rejects.toThrow(/out of range/);
      expect(await snapshot(db.sql)).toEqual(before); // categories were inserted first, then rolled back
    });

    it('imports once the bad record is fixed', async () => {
      const before = rowCounts(await snapshot(db.sql));
      await importDirectory(db.sql, file());
      expect(rowCounts(await snapshot(db.sql))).toEqual({
        categories: before.categories + 1, zones: before.zones + 1, buildings: before.buildings + 1, places: before.places + 2,
      });
      const [place] = await db.sql`
        select p.slug, z.slug as zone, c.slug as category, p.building_id is null as no_building
        from public.places p join public.categories c on c.id = p.category_id left join public.zones z on z.id = p.zone_id
        where p.name = ${`Test place one ${tag}`}`;
      expect(place).toEqual({ slug: `test-place-one-${tag}`, zone: `test-zone-${tag}`, category: `test-category-${tag}`, no_building: true });
    });
  });
});
