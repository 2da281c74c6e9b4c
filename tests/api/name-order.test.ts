import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSql, testApp } from '../helpers/api.ts';
import { adminAndUser, caller, tag } from '../helpers/admin-api.ts';

const sql = ownerSql();
const app = testApp(sql);
const call = caller(app);
afterAll(() => sql.end());

// English names that byte order gets wrong (case, accents) and Arabic names with and without
// diacritics; `zebra` has no Arabic name, so Arabic pages sort it by its English name.
const PLACES: { name: string; nameAr: string | null }[] = [
  { name: 'zebra', nameAr: null },
  { name: 'Émile', nameAr: 'إميل' },
  { name: 'apple', nameAr: 'تُفّاحة' },
  { name: 'Banana', nameAr: 'موز' },
  { name: 'ecole', nameAr: 'مدرسة' },
  { name: 'Dates', nameAr: 'تمر' },
  { name: 'cafe', nameAr: 'بن' },
];

const t = tag('order');
let categorySlug = '';
let zoneSlug = '';
let categoryId = 0;
let adminToken = '';

beforeAll(async () => {
  categorySlug = `${t}-cat`;
  zoneSlug = `${t}-zone`;
  [{ id: categoryId }] = await sql`insert into public.categories (slug, name) values (${categorySlug}, 'Order test') returning id::int`;
  const [{ id: zoneId }] = await sql`insert into public.zones (slug, title) values (${zoneSlug}, 'Order zone') returning id::int`;
  for (const [i, p] of PLACES.entries()) {
    await sql`insert into public.places (slug, name, name_ar, category_id, zone_id)
              values (${`${t}-${i}`}, ${p.name}, ${p.nameAr}, ${categoryId}, ${zoneId})`;
  }
  adminToken = (await adminAndUser(sql)).admin;
});

const english = (list: typeof PLACES) => [...list].sort((a, b) => new Intl.Collator('en', { sensitivity: 'base' }).compare(a.name, b.name)).map((p) => p.name);
const arabic = (list: typeof PLACES) => [...list].sort((a, b) => new Intl.Collator('ar', { sensitivity: 'base' }).compare(a.nameAr ?? a.name, b.nameAr ?? b.name)).map((p) => p.name);

async function names(path: string): Promise<string[]> {
  const { status, body } = await call('GET', path, { token: adminToken });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.map((p: { name: string }) => p.name);
}

describe('name order follows the page language (lang)', () => {
  it('English (the default): case- and accent-insensitive, as Intl.Collator("en")', async () => {
    const expected = english(PLACES);
    expect(expected).toEqual(['apple', 'Banana', 'cafe', 'Dates', 'ecole', 'Émile', 'zebra']);
    expect(await names(`/public/places?categorySlug=${categorySlug}&sort=name-asc`)).toEqual(expected);
    expect(await names(`/public/places?categorySlug=${categorySlug}&sort=name-asc&lang=en`)).toEqual(expected);
    expect(await names(`/public/places?categorySlug=${categorySlug}&sort=name-desc&lang=en`)).toEqual([...expected].reverse());
  });

  it('Arabic: the Arabic name (else the English one) in Arabic collation, as Intl.Collator("ar")', async () => {
    const expected = arabic(PLACES);
    expect(await names(`/public/places?categorySlug=${categorySlug}&sort=name-asc&lang=ar`)).toEqual(expected);
    expect(await names(`/public/places?categorySlug=${categorySlug}&sort=name-desc&lang=ar`)).toEqual([...expected].reverse());
  });

  it('the category, zone and admin lists sort the same way', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const expected = lang === 'ar' ? arabic(PLACES) : english(PLACES);
      expect(await names(`/public/categories/${categorySlug}/places?sort=name-asc&lang=${lang}`), lang).toEqual(expected);
      expect(await names(`/public/zones/${zoneSlug}/places?sort=name-asc&lang=${lang}`), lang).toEqual(expected);
      expect(await names(`/admin/places?categoryId=${categoryId}&sort=name-asc&lang=${lang}`), lang).toEqual(expected);
    }
  });

  it('keyset cursors continue in the language order, and a cursor of one language is refused by the other', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const expected = lang === 'ar' ? arabic(PLACES) : english(PLACES);
      const seen: string[] = [];
      let url = `/public/places?categorySlug=${categorySlug}&sort=name-asc&lang=${lang}&limit=2`;
      for (;;) {
        const { status, body } = await call('GET', url);
        expect(status).toBe(200);
        seen.push(...body.data.map((p: { name: string }) => p.name));
        if (!body.meta.nextCursor) break;
        url = `/public/places?categorySlug=${categorySlug}&sort=name-asc&lang=${lang}&limit=2&cursor=${body.meta.nextCursor}`;
      }
      expect(seen, lang).toEqual(expected);
    }
    const first = await call('GET', `/public/places?categorySlug=${categorySlug}&sort=name-asc&lang=ar&limit=2`);
    const other = await call('GET', `/public/places?categorySlug=${categorySlug}&sort=name-asc&lang=en&limit=2&cursor=${first.body.meta.nextCursor}`);
    expect(other.status).toBe(400);
    expect(other.body.error.fields.cursor).toBeDefined();
  });

  it('refuses an unknown lang with a field error', async () => {
    const { status, body } = await call('GET', '/public/places?sort=name-asc&lang=fr');
    expect(status).toBe(400);
    expect(body.error.fields.lang).toBeDefined();
  });

  it('indexes serve the language orders (no sort step over the whole table)', async () => {
    for (const expr of ['(p.name collate public.name_en)', '(public.place_name_ar_order(p.name, p.name_ar) collate public.name_ar)']) {
      await sql.begin(async (tx) => {
        // with sorts and seq scans discouraged, a Sort node remains only when no index can give the order
        await tx`set local enable_seqscan = off`;
        await tx`set local enable_sort = off`;
        await tx`set local enable_bitmapscan = off`;
        const plan = await tx.unsafe(`explain select p.id from public.places p order by ${expr}, p.id limit 13`);
        const text = plan.map((r) => r['QUERY PLAN']).join('\n');
        expect(text, text).toMatch(/Index (Only )?Scan/);
        expect(text, text).not.toMatch(/Sort/);
        const inCategory = await tx.unsafe(`explain select p.id from public.places p where p.category_id = ${categoryId} order by ${expr}, p.id limit 13`);
        expect(inCategory.map((r) => r['QUERY PLAN']).join('\n')).not.toMatch(/Sort/);
      });
    }
  });
});
