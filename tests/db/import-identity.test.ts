import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillSourceIdentity, importDirectory } from '../../src/server/db/import-directory.ts';
import { DEFAULT_DATASET, startStack } from '../../src/server/stack.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * Import identity (#16): a record is identified by its source identity (OSM id, or a derived
 * name + ~10 m position key), never by its slug, so a second city's file cannot rewrite the first
 * city's places, zones or categories that happen to share a slug.
 */
const TABLES = ['categories', 'zones', 'buildings', 'places'] as const;
type Directory = Record<(typeof TABLES)[number], Record<string, unknown>[]> & { source?: Record<string, unknown> };
const riyadh = JSON.parse(readFileSync(DEFAULT_DATASET, 'utf8')) as Directory;
const jeddahFile = path.resolve(import.meta.dirname, '../fixtures/jeddah-directory.json');
const jeddah = () => JSON.parse(readFileSync(jeddahFile, 'utf8')) as Directory;

/** Per table: row count and an md5 over every column of the rows with id <= maxId (all rows when omitted). */
async function snapshot(sql: Sql, maxIds?: Record<string, number>) {
  const out: Record<string, { rows: number; digest: string }> = {};
  for (const table of TABLES) {
    const limit = maxIds?.[table] ?? Number.MAX_SAFE_INTEGER;
    const [r] = await sql.unsafe(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t.id), '')) as digest
       from public.${table} t where t.id <= $1`, [limit]);
    out[table] = { rows: r.rows, digest: r.digest };
  }
  return out;
}

async function maxIds(sql: Sql): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const [r] = await sql.unsafe(`select coalesce(max(id), 0)::int as id from public.${table}`);
    out[table] = r.id;
  }
  return out;
}

describe('two cities in one directory', () => {
  let db: ScratchDatabase;
  let riyadhIds: Record<string, number>;
  let riyadhRows: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    db = await createScratchDatabase();
    await importDirectory(db.sql, riyadh);
    riyadhIds = await maxIds(db.sql);
    riyadhRows = await snapshot(db.sql);
  }, 180_000);
  afterAll(() => db.drop());

  it('imports the second city without rewriting any row of the first', async () => {
    const report = await importDirectory(db.sql, jeddah());
    expect(await snapshot(db.sql, riyadhIds)).toEqual(riyadhRows);
    const after = await snapshot(db.sql);
    expect(after.places.rows).toBe(riyadhRows.places.rows + 5);
    expect(after.zones.rows).toBe(riyadhRows.zones.rows + 3);
    expect(after.buildings.rows).toBe(riyadhRows.buildings.rows + 1);
    // restaurants and cafes are the same categories (same names), mosques is not, waterfront is new
    expect(after.categories.rows).toBe(riyadhRows.categories.rows + 2);
    expect(report.lists.places).toMatchObject({ inFile: 5, inserted: 5, updated: 0 });
    expect(report.lists.categories).toMatchObject({ inFile: 4, inserted: 2, updated: 0, unchanged: 2 });

    const [riyadhZone] = await db.sql`select title, latitude, longitude from public.zones where slug = 'al-aziziyah'`;
    expect(riyadhZone).toEqual({ title: 'Al Aziziyah', latitude: 24.587662, longitude: 46.770124 });
    const [riyadhStarbucks] = await db.sql`select latitude, longitude from public.places where slug = 'starbucks'`;
    expect(riyadhStarbucks).toEqual({ latitude: 24.6930778, longitude: 46.6948692 });
    const [mosques] = await db.sql`select name from public.categories where slug = 'mosques'`;
    expect(mosques.name).toBe('Mosques');

    const jeddahPlaces = await db.sql<{ slug: string; name: string; zone: string; category: string; source: string; source_id: string }[]>`
      select p.slug, p.name, z.slug as zone, c.slug as category, p.source, p.source_id
      from public.places p join public.categories c on c.id = p.category_id left join public.zones z on z.id = p.zone_id
      where p.id > ${riyadhIds.places} order by p.id`;
    const slugs = jeddahPlaces.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(5);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(slugs).not.toContain('starbucks');
    expect(slugs).not.toContain('kudu');
    const [starbucks1, , kudu, mosque, viewpoint] = jeddahPlaces;
    expect(starbucks1).toMatchObject({ source: 'osm', source_id: '9900001001' });
    expect(starbucks1.zone).not.toBe('al-aziziyah'); // the Jeddah district got its own zone
    expect(kudu.category).toBe('restaurants'); // reused: the same category
    expect(mosque.category).not.toBe('mosques');
    expect(viewpoint.source).toBe('jeddah-test-fixture'); // no osmId: derived identity
    expect(viewpoint.source_id).toMatch(/jeddah fountain viewpoint/);

    const collisions = report.collisions.map((c) => `${c.list}:${c.wantedSlug}`);
    expect(collisions).toEqual(expect.arrayContaining([
      'categories:mosques', 'zones:al-aziziyah', 'zones:al-hamra', 'places:starbucks', 'places:starbucks-2', 'places:kudu',
    ]));
    for (const c of report.collisions) {
      expect(c.slug).not.toBe(c.wantedSlug);
      expect(c.reason).toBeTruthy();
    }
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await snapshot(db.sql);
    const report = await importDirectory(db.sql, jeddah());
    expect(await snapshot(db.sql)).toEqual(before);
    for (const list of TABLES) expect(report.lists[list]).toMatchObject({ inserted: 0, updated: 0 });
    expect(report.collisions).toEqual([]);
    const again = await importDirectory(db.sql, riyadh);
    expect(await snapshot(db.sql)).toEqual(before);
    expect(again.lists.places).toMatchObject({ inFile: 3289, inserted: 0, updated: 0, unchanged: 3289 });
  }, 120_000);

  it('updates only the record whose source data changed', async () => {
    const before = await snapshot(db.sql);
    const changed = jeddah();
    changed.places[2].phone = '+966 12 600 9999'; // Kudu in Jeddah, osmId 9900001003
    const report = await importDirectory(db.sql, changed);
    expect(report.lists.places).toMatchObject({ inserted: 0, updated: 1, unchanged: 4 });
    const rows = await db.sql`select slug, phone from public.places where updated_at > created_at`;
    expect(rows).toHaveLength(1);
    expect(rows[0].phone).toBe('+966 12 600 9999');
    expect(rows[0].slug).not.toBe('kudu');
    const [riyadhKudu] = await db.sql`select phone, source_id from public.places where slug = 'kudu'`;
    expect(riyadhKudu.source_id).not.toBe('9900001003');
    const after = await snapshot(db.sql);
    expect(after.places.rows).toBe(before.places.rows);
    for (const t of ['categories', 'zones', 'buildings'] as const) expect(after[t]).toEqual(before[t]);
  });

  it('a dry run reports what would be inserted and updated and writes nothing', async () => {
    const before = await snapshot(db.sql);
    const changed = jeddah();
    changed.places[2].phone = '+966 12 600 9999'; // as the previous test left it
    changed.places[0].phone = '+966 12 600 1234';
    changed.places.push({ name: 'Starbucks', nameAr: 'ستاربكس', categorySlug: 'cafes', zoneSlug: 'al-corniche-jeddah', lat: 21.53, lng: 39.14, osmId: 9900001099 });
    const report = await importDirectory(db.sql, changed, { dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.lists.places).toMatchObject({ inFile: 6, inserted: 1, updated: 1, unchanged: 4 });
    const inserted = report.changes.find((c) => c.list === 'places' && c.action === 'insert');
    expect(inserted?.slug).toMatch(/^starbucks-/);
    expect(report.changes.find((c) => c.list === 'places' && c.action === 'update')?.fields).toEqual(['phone']);
    expect(report.collisions.map((c) => `${c.list}:${c.wantedSlug}`)).toContain('places:starbucks-3');
    expect(await snapshot(db.sql)).toEqual(before);
  });
});

describe('records without a source id', () => {
  let db: ScratchDatabase;
  const handMade = () => {
    const file = jeddah();
    file.source = { name: 'hand-made' };
    for (const list of TABLES) for (const r of file[list]) delete r.osmId;
    return file;
  };
  beforeAll(async () => {
    db = await createScratchDatabase();
  }, 120_000);
  afterAll(() => db.drop());

  it('get a derived identity: re-import is idempotent, the same name elsewhere is another place', async () => {
    const first = await importDirectory(db.sql, handMade());
    expect(first.lists.places.inserted).toBe(5);
    const before = await snapshot(db.sql);
    const second = await importDirectory(db.sql, handMade());
    expect(second.lists.places).toMatchObject({ inserted: 0, updated: 0, unchanged: 5 });
    expect(await snapshot(db.sql)).toEqual(before);

    const moved = handMade();
    moved.places[2].lat = 21.6; // Kudu 5 km north: another Kudu, not a move (no id to tell otherwise)
    const third = await importDirectory(db.sql, moved);
    expect(third.lists.places).toMatchObject({ inserted: 1, updated: 0 });
    const kudus = await db.sql`select slug, latitude from public.places where name = 'Kudu' order by id`;
    expect(kudus.map((k) => k.latitude)).toEqual([21.5502, 21.6]);
    expect(kudus[1].slug).not.toBe(kudus[0].slug);
  });
});

describe('a database seeded before source identities existed', () => {
  let db: ScratchDatabase;
  beforeAll(async () => {
    db = await createScratchDatabase();
    await importDirectory(db.sql, riyadh);
    for (const table of TABLES) await db.sql.unsafe(`update public.${table} set source = null, source_id = null`);
  }, 180_000);
  afterAll(() => db.drop());

  it('gets the shipped file’s source ids back by matching, without inserting or rewriting anything', async () => {
    const before = await db.sql`select id, slug, name, latitude, longitude from public.places order by id`;
    await db.sql`update public.places set name = 'Renamed by an admin' where slug = 'starbucks-2'`;
    const result = await backfillSourceIdentity(db.sql, riyadh);
    expect(result.places).toBe(3289);
    const [missing] = await db.sql`select count(*)::int as n from public.places where source_id is null`;
    expect(missing.n).toBe(0);
    const [zones] = await db.sql`select count(*)::int as n from public.zones where source = 'osm' and source_id is not null`;
    expect(zones.n).toBe(148);
    const after = await db.sql`select id, slug, name, latitude, longitude from public.places order by id`;
    expect(after.length).toBe(before.length);
    expect(after.find((p) => p.slug === 'starbucks-2')?.name).toBe('Renamed by an admin');
    const [adopted] = await db.sql`select source, source_id from public.places where slug = 'starbucks'`;
    expect(adopted).toEqual({ source: 'osm', source_id: '673066536' });
    // once backfilled, the shipped file is an idempotent import
    const report = await importDirectory(db.sql, riyadh, { dryRun: true });
    expect(report.lists.places.inserted).toBe(0);
  }, 120_000);
});

describe('the server start on a database seeded by an older version', () => {
  let db: ScratchDatabase;
  beforeAll(async () => {
    db = await createScratchDatabase();
    await importDirectory(db.sql, riyadh);
    for (const table of TABLES) await db.sql.unsafe(`update public.${table} set source = null, source_id = null`);
    await db.sql.unsafe(`create table if not exists supabase_migrations.seeds (name text primary key, applied_at timestamptz not null default now())`);
    await db.sql`insert into supabase_migrations.seeds (name) values ('initial-dataset')`;
  }, 180_000);
  afterAll(() => db.drop());

  it('gives the seeded rows their source ids once (startStack), then never again', async () => {
    const lines: string[] = [];
    const start = () => startStack({ dataDir: path.join(tmpdir(), 'unused'), databaseUrl: db.url, embeddedPort: 0, log: (l) => lines.push(l), poolSize: 2 });
    const first = await start();
    await first.stop();
    expect(first.seeded).toBeNull(); // not seeded again
    expect(lines.join('\n')).toMatch(/Gave 3289 seeded places .* their source ids/);
    const [r] = await db.sql`select count(*)::int as n from public.places where source = 'osm'`;
    expect(r.n).toBe(3289);
    const [marker] = await db.sql`select count(*)::int as n from supabase_migrations.seeds where name = 'initial-dataset-source-ids'`;
    expect(marker.n).toBe(1);
    lines.length = 0;
    const second = await start();
    await second.stop();
    expect(lines.join('\n')).not.toMatch(/source ids/);
  }, 120_000);
});
