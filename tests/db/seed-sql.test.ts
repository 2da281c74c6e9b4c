import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importDirectory } from '../../src/server/db/import-directory.ts';
import { renderSeedSql } from '../../src/server/db/seed-sql.ts';
import { DEFAULT_DATASET } from '../../src/server/stack.ts';
import { createScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * supabase/seed.sql — what `supabase start` / `supabase db reset` load after the migrations — is the
 * shipped dataset as the project's importer stores it (the rows `npm start` seeds), kept equal to the
 * generator (`npm run db:seed-sql`).
 */
const root = path.resolve(import.meta.dirname, '../..');
const seedFile = path.join(root, 'supabase/seed.sql');

describe('supabase/seed.sql', () => {
  it('is wired as the CLI seed in config.toml', () => {
    const toml = readFileSync(path.join(root, 'supabase/config.toml'), 'utf8');
    const seed = toml.split(/^\[/m).find((t) => t.startsWith('db.seed]')) ?? '';
    expect(seed).toMatch(/^enabled = true$/m);
    expect(seed).toMatch(/^sql_paths = \["\.\/seed\.sql"\]$/m);
  });

  it('equals what the generator writes from data/riyadh-osm.json (run `npm run db:seed-sql` when this fails)', async () => {
    const db = await createScratchDatabase();
    try {
      await importDirectory(db.sql, JSON.parse(readFileSync(DEFAULT_DATASET, 'utf8')));
      const expected = await renderSeedSql(db.sql);
      const committed = readFileSync(seedFile, 'utf8');
      expect(committed.length, 'seed.sql length').toBe(expected.length);
      expect(committed === expected, 'supabase/seed.sql is stale: run `npm run db:seed-sql`').toBe(true);
    } finally {
      await db.drop();
    }
  }, 120_000);

  it('applies after the migrations on a fresh database: 3,289 places with their search data, the same rows again', async () => {
    const db = await createScratchDatabase();
    try {
      const text = readFileSync(seedFile, 'utf8');
      await db.sql.begin((tx) => tx.unsafe(text));
      const [counts] = await db.sql`
        select (select count(*) from public.places)::int as places, (select count(*) from public.categories)::int as categories,
               (select count(*) from public.zones)::int as zones, (select count(*) from public.buildings)::int as buildings,
               (select count(*) from public.places where search_vector is null)::int as without_vector,
               (select n from private.place_counts where category_id = -1 and zone_id = -1)::int as counted`;
      expect(counts).toEqual({ places: 3289, categories: 20, zones: 148, buildings: 57, without_vector: 0, counted: 3289 });
      // identities continue after the seeded ids
      const [next] = await db.sql`insert into public.categories (slug, name) values ('after-seed', 'After seed') returning id`;
      expect(Number(next.id)).toBe(21);
      await db.sql`delete from public.categories where slug = 'after-seed'`;
      // a round trip: the seeded database renders the same file
      expect((await renderSeedSql(db.sql)) === text).toBe(true);
    } finally {
      await db.drop();
    }
  }, 120_000);
});
