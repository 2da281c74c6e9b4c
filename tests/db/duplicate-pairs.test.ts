import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUPLICATE_LIMITS } from '../../src/shared/schemas/duplicates-schemas.ts';
import { ownerSql } from '../helpers/api.ts';
import { tag } from '../helpers/admin-api.ts';

/**
 * The likely duplicate pairs are kept by the database (supabase/migrations/20260101007300_duplicate_pairs.sql,
 * docs/decisions/033-duplicate-pairs-table.md): plain SQL on the owner connection — as Supabase Studio or psql
 * would write — adds and removes the pairs of the places it changes, one statement of many rows included.
 */
const sql = ownerSql();
let category: number;
beforeAll(async () => {
  category = Number((await sql`select id from public.categories order by id limit 1`)[0]!.id);
});
afterAll(() => sql.end());

// a spot of its own per test, far from the seeded city and from the other test files' spots (0.001° ≈ 111 m)
let spot = 0;
const nextSpot = () => ({ lat: -30 - (spot += 1) * 0.1, lng: -60 - spot * 0.1 });
const phoneNo = () => `+966 5${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function insert(fields: { name: string; nameAr?: string; lat?: number; lng?: number; phone?: string }) {
  const [row] = await sql`
    insert into public.places (slug, name, name_ar, category_id, latitude, longitude, phone)
    values (${tag('pair').toLowerCase().replace(/[^a-z0-9-]/g, '')}, ${fields.name}, ${fields.nameAr ?? null}, ${category},
            ${fields.lat ?? null}, ${fields.lng ?? null}, ${fields.phone ?? null})
    returning id`;
  return Number(row!.id);
}
const pairsOf = async (id: number) => sql<{ place_a: number; place_b: number; by_name: boolean; by_phone: boolean; distance_m: number | null; similarity: number | null }[]>`
  select place_a::int, place_b::int, by_name, by_phone, distance_m, similarity from public.place_duplicate_pairs
  where place_a = ${id} or place_b = ${id} order by place_a, place_b`;
const pair = (x: number, y: number) => ({ place_a: Math.min(x, y), place_b: Math.max(x, y) });

describe('likely duplicate pairs kept by triggers on places', () => {
  it('the rule\'s limits in the database are DUPLICATE_LIMITS', async () => {
    const [row] = await sql`select radius_m, min_similarity from private.duplicate_limits()`;
    expect({ radius: Number(row!.radius_m), similarity: Number(row!.min_similarity) })
      .toEqual({ radius: DUPLICATE_LIMITS.radiusM, similarity: DUPLICATE_LIMITS.similarity });
  });

  it('a direct insert of a similar name within 150 m adds the pair; one 1 km away does not', async () => {
    const at = nextSpot();
    const a = await insert({ name: 'Crescent Moon Bakery', lat: at.lat, lng: at.lng });
    const b = await insert({ name: 'Crescent Moon Bakery Branch', lat: at.lat + 0.0005, lng: at.lng });
    const far = await insert({ name: 'Crescent Moon Bakery', lat: at.lat + 0.009, lng: at.lng });
    const rows = await pairsOf(a);
    expect(rows).toEqual([expect.objectContaining({ ...pair(a, b), by_name: true, by_phone: false })]);
    expect(rows[0]!.distance_m).toBeGreaterThan(40);
    expect(rows[0]!.distance_m).toBeLessThan(70);
    expect(rows[0]!.similarity).toBeGreaterThanOrEqual(DUPLICATE_LIMITS.similarity);
    expect(await pairsOf(far)).toEqual([]);
  });

  it('an update that moves a place away removes its pair, moving it back adds it again; a rename apart removes it', async () => {
    const at = nextSpot();
    const a = await insert({ name: 'Silver Key Locksmith', lat: at.lat, lng: at.lng });
    const b = await insert({ name: 'Silver Key Locksmiths', lat: at.lat, lng: at.lng + 0.0004 });
    expect(await pairsOf(b)).toEqual([expect.objectContaining(pair(a, b))]);
    await sql`update public.places set latitude = latitude + 0.02 where id = ${b}`;
    expect(await pairsOf(b)).toEqual([]);
    await sql`update public.places set latitude = ${at.lat} where id = ${b}`;
    expect(await pairsOf(a)).toEqual([expect.objectContaining(pair(a, b))]);
    await sql`update public.places set name = 'Orchard Flower Shop' where id = ${a}`;
    expect(await pairsOf(a)).toEqual([]);
  });

  it('the same phone pairs two places anywhere; clearing the phone removes the pair; a delete removes the pairs', async () => {
    const phone = phoneNo();
    const a = await insert({ name: 'Phone Kept Tailor', phone });
    const b = await insert({ name: 'Unrelated Name Garage', phone: phone.replace('+966 ', '0') });
    expect(await pairsOf(a)).toEqual([expect.objectContaining({ ...pair(a, b), by_name: false, by_phone: true, distance_m: null, similarity: null })]);
    await sql`update public.places set phone = null where id = ${b}`;
    expect(await pairsOf(a)).toEqual([]);
    await sql`update public.places set phone = ${phone} where id = ${b}`;
    expect(await pairsOf(a)).toHaveLength(1);
    await sql`delete from public.places where id = ${b}`;
    expect(await pairsOf(a)).toEqual([]);
  });

  it('an Arabic name pairs by its normalised form; one statement of many rows pairs them among themselves', async () => {
    const at = nextSpot();
    const slug = () => tag('bulk').toLowerCase().replace(/[^a-z0-9-]/g, '');
    const rows = [
      { slug: slug(), name: 'Hope Bakery', name_ar: 'مخبزة الأمل الحديثة', category_id: category, latitude: at.lat, longitude: at.lng },
      { slug: slug(), name: 'Al Amal Modern Bakery', name_ar: 'مخبزه الامل الحديثه', category_id: category, latitude: at.lat, longitude: at.lng + 0.0003 },
      { slug: slug(), name: 'Gear Up Bicycles', name_ar: null, category_id: category, latitude: at.lat, longitude: at.lng + 0.0006 },
    ];
    const ids = (await sql`insert into public.places ${sql(rows)} returning id`).map((r) => Number(r.id));
    expect(await pairsOf(ids[0]!)).toEqual([expect.objectContaining({ ...pair(ids[0]!, ids[1]!), by_name: true })]);
    expect(await pairsOf(ids[2]!)).toEqual([]);
  });

  it('two transactions adding the two halves of a pair at the same time: the pair is kept (the writers\' lock)', async () => {
    const at = nextSpot();
    const add = (tx: typeof sql, name: string, lat: number) => tx<{ id: number }[]>`
      insert into public.places (slug, name, category_id, latitude, longitude)
      values (${tag('race').toLowerCase().replace(/[^a-z0-9-]/g, '')}, ${name}, ${category}, ${lat}, ${at.lng}) returning id::int`;
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let firstIn!: () => void;
    const inserted = new Promise<void>((r) => { firstIn = r; });
    let a = 0;
    let b = 0;
    const first = sql.begin(async (tx) => {
      a = (await add(tx as unknown as typeof sql, 'Twin Cedars Pharmacy', at.lat))[0]!.id;
      firstIn();
      await held; // not committed yet while the second one inserts
    });
    await inserted;
    const second = sql.begin(async (tx) => { b = (await add(tx as unknown as typeof sql, 'Twin Cedars Pharmacy', at.lat + 0.0002))[0]!.id; });
    // the second insert's trigger waits for the first transaction's lock
    let waiting = false;
    for (let i = 0; i < 100 && !waiting; i++) {
      waiting = (await sql`select 1 from pg_locks where locktype = 'advisory' and not granted`).length > 0;
      if (!waiting) await new Promise((r) => setTimeout(r, 50));
    }
    release();
    await first;
    await second;
    expect(waiting).toBe(true);
    expect(await pairsOf(a)).toEqual([expect.objectContaining({ ...pair(a, b), by_name: true })]);
  });

  it('the table equals the pairs computed afresh over the whole directory', async () => {
    const diff = await sql`
      with fresh as (select * from private.place_duplicate_pairs_of(array(select id from public.places)))
      (select 'missing' as kind, place_a, place_b from fresh except select 'missing', place_a, place_b from public.place_duplicate_pairs)
      union all
      (select 'extra', place_a, place_b from public.place_duplicate_pairs except select 'extra', place_a, place_b from fresh)`;
    expect(diff).toEqual([]);
  });
});
