import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { BRAND_PAIRS } from '../../scripts/bench/brand-pairs.ts';
import type { Tx } from '../../src/server/db/client.ts';
import { planSearch, searchPlaces } from '../../src/server/queries/search-queries.ts';
import { ownerSql, testApp } from '../helpers/api.ts';
import { createScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * Search across scripts on the shipped real dataset (issue 30, docs/decisions/043-cross-script-search.md):
 * a brand typed in Arabic finds the places named only in Latin letters and the reverse, and search
 * results show a Latin-only name's Arabic reading.
 */
const sql = ownerSql();
const app = testApp(sql);
afterAll(() => sql.end());

interface Item { id: number; name: string; nameAr: string | null; nameArReading?: string | null }

/** Every place the place list search finds for `q` (all pages of 100). */
async function found(q: string): Promise<Item[]> {
  const out: Item[] = [];
  for (let page = 1; ; page++) {
    const res = await app.request(`/api/public/places?limit=100&page=${page}&search=${encodeURIComponent(q)}`);
    expect(res.status, q).toBe(200);
    const { data } = (await res.json()) as { data: Item[] };
    out.push(...data);
    if (data.length < 100) return out;
  }
}

/**
 * The brand's places: a name (English or Arabic) has the Arabic or the Latin word as typed or a
 * derived form (البيك → بيك), as a whole word (a prefix would count بيكري, bakery, as Al Baik).
 */
async function brandPlaces(arabic: string, latin: string): Promise<Set<number>> {
  const rows = await sql<{ id: string }[]>`
    select p.id::text as id from public.places p
    where p.name_vector @@ (select replace(typed::text, ':*', '')::tsquery from public.search_query(${arabic}))
       or p.name_vector @@ (select replace(typed::text, ':*', '')::tsquery from public.search_query(${latin}))`;
  return new Set(rows.map((r) => Number(r.id)));
}

const share = (part: Item[], whole: Set<number>) => {
  const ids = new Set(part.map((p) => p.id));
  return [...whole].filter((id) => ids.has(id)).length / whole.size;
};

/** One key of the vocabulary function, straight from Postgres. */
async function keys(words: string[]): Promise<(string | null)[]> {
  const rows = await sql<{ k: string | null }[]>`
    select private.cross_script_key(t.w) as k from jsonb_array_elements_text(${sql.json(words)}) with ordinality t(w, i) order by t.i`;
  return rows.map((r) => r.k);
}

describe('search across scripts (brand pairs, both directions)', () => {
  it.each(BRAND_PAIRS)('%s and %s each find at least 90 percent of the brand places', async (arabic, latin) => {
    const brand = await brandPlaces(arabic, latin);
    const [ar, en] = [await found(arabic), await found(latin)];
    const arRecall = share(ar, brand);
    const enRecall = share(en, brand);
    const figures = `${brand.size} brand places; ${arabic} finds ${Math.round(arRecall * 100)} %, ${latin} finds ${Math.round(enRecall * 100)} %`;
    expect(brand.size, figures).toBeGreaterThan(0);
    expect(arRecall, figures).toBeGreaterThanOrEqual(0.9);
    expect(enRecall, figures).toBeGreaterThanOrEqual(0.9);
  });

  it.each(BRAND_PAIRS)('%s finds at least 90 percent of what %s finds, and the reverse (the whole result sets)', async (arabic, latin) => {
    // typo and prefix matches included: a brand typed in either script stands for the same places
    const [ar, en] = [await found(arabic), await found(latin)];
    const arIds = new Set(ar.map((p) => p.id));
    const enIds = new Set(en.map((p) => p.id));
    const arHasEn = en.filter((p) => arIds.has(p.id)).length / en.length;
    const enHasAr = ar.filter((p) => enIds.has(p.id)).length / ar.length;
    const missing = (from: Item[], ids: Set<number>) => from.filter((p) => !ids.has(p.id)).map((p) => p.nameAr ?? p.name).join(' · ');
    const figures = `${arabic} finds ${ar.length}, ${latin} ${en.length}; ${arabic} has ${Math.round(arHasEn * 100)} % of ${latin}'s (misses ${missing(en, arIds)}), `
      + `${latin} has ${Math.round(enHasAr * 100)} % of ${arabic}'s (misses ${missing(ar, enIds)})`;
    expect(en.length, figures).toBeGreaterThan(0);
    expect(arHasEn, figures).toBeGreaterThanOrEqual(0.9);
    expect(enHasAr, figures).toBeGreaterThanOrEqual(0.9);
  });

  it('an Arabic query reaches Latin-only names, a Latin query Arabic-only names', async () => {
    // 41 places are named only "Kudu"; "بنده" and "الدانوب" have only Arabic names
    const kudu = await found('كودو');
    expect(kudu.filter((p) => p.name === 'Kudu' && p.nameAr === null).length).toBeGreaterThanOrEqual(40);
    expect((await found('Panda')).some((p) => p.name === 'بنده')).toBe(true);
    expect((await found('Danube')).some((p) => p.name === 'الدانوب')).toBe(true);
    expect((await found('Starbucks')).some((p) => p.nameAr === 'ستاربكس')).toBe(true);
  });

  it('keeps typo tolerance across scripts: a typo in either script still crosses', async () => {
    for (const [q, name] of [['ستاربكز', 'Starbucks'], ['ستربكس', 'Starbucks'], ['Sarbucks', 'ستاربكس'], ['هرفى', 'Herfy'], ['Dunkinn', 'دانكن']] as const) {
      const places = await found(q);
      expect(places.some((p) => p.name === name || p.nameAr === name), `${q} → ${name}: ${places.slice(0, 8).map((p) => p.name).join(' · ')}`).toBe(true);
    }
  });

  it('shows the Arabic reading of a Latin-only name in the API answer (grouped search and the searched list)', async () => {
    const res = await app.request(`/api/public/search?limit=50&q=${encodeURIComponent('كودو')}`);
    const { data } = (await res.json()) as { data: { places: Item[] } };
    const latinOnly = data.places.find((p) => p.name === 'Kudu' && p.nameAr === null);
    expect(latinOnly?.nameArReading, JSON.stringify(data.places.slice(0, 3))).toBe('كودو');
    // a place with an Arabic name needs no reading
    for (const p of data.places.filter((x) => x.nameAr)) expect(p.nameArReading, p.name).toBeNull();
    const starbucks = (await found('ستاربكس')).find((p) => p.name === 'Starbucks' && p.nameAr === null);
    expect(starbucks?.nameArReading).toBe('ستاربكس');
  });

  it('does not cross to words that only share consonants (vowels Arabic writes must agree)', async () => {
    // كودو (k-u-d-u) is not قاضي (k-a-d-i); Kudu finds no judge's mosque
    const kudu = await found('Kudu');
    expect(kudu.filter((p) => /قاضي|القاضي/.test(p.name)), kudu.map((p) => p.name).join(' · ')).toHaveLength(0);
  });
});

describe('keys and readings are computed when a place is written, by any path', () => {
  it('plain SQL inserts and renames (Studio, psql, seed) feed the vocabulary keys and the readings', async () => {
    const db = await createScratchDatabase();
    try {
      const { sql: s } = db;
      const tx = s as unknown as Tx;
      await s`insert into public.categories (slug, name, name_ar) values ('grills', 'Grills', 'مشويات')`;
      await s`insert into public.places (slug, name, name_ar, category_id) select v.slug, v.name, v.name_ar, c.id
              from (values ('b-1', 'Barzanji Kitchen', 'مطبخ برزنجي'), ('b-2', 'Barzanji', null), ('b-3', 'برزنجي', 'برزنجي')) v(slug, name, name_ar),
                   public.categories c where c.slug = 'grills'`;
      const [term] = await s<{ phonetic: string }[]>`select phonetic from private.search_terms where term = 'برزنجي'`;
      expect(term?.phonetic).toBe('brsnj7');
      const rank = async (q: string) => {
        const plan = await planSearch(tx, q);
        return plan ? searchPlaces(tx, plan, { limit: 10 }) : [];
      };
      // the Arabic query reaches the Latin-only place, with its reading; the Latin query the Arabic-only one
      const ar = await rank('برزنجي');
      expect(ar.find((r) => r.slug === 'b-2')?.name_ar_reading).toBe('برزنجي');
      expect((await rank('Barzanji')).map((r) => r.slug)).toContain('b-3');
      // a rename learns the new words' readings too
      await s`update public.places set name = 'Barzanji Grill', name_ar = 'برزنجي جريل' where slug = 'b-1'`;
      await s`update public.places set name = 'Grill Barzanji' where slug = 'b-2'`;
      const [reading] = await s<{ r: string | null }[]>`select private.arabic_reading(name) as r from public.places where slug = 'b-2'`;
      expect(reading?.r).toBe('جريل برزنجي');
    } finally {
      await db.drop();
    }
  });
});

describe('private.cross_script_key', () => {
  it('gives the brand pairs keys that match (same consonants, compatible vowels)', async () => {
    const pairs = [['كودو', 'kudu'], ['ستاربكس', 'starbucks'], ['هرفي', 'herfy'], ['البيك', 'albaik'], ['نهدي', 'nahdi'], ['دانوب', 'danube'], ['بنده', 'panda'], ['دانكن', 'dunkin'],
      ['كافيه', 'cafe'], ['العليا', 'alulayya'], ['ياسمين', 'yasmin'], ['خالد', 'khalid'], ['رياض', 'riyadh'], ['شاورما', 'shawarma'],
      ['صالح', 'saleh'], ['ممدوح', 'mamdouh'], ['مكه', 'makkah'], ['عثيم', 'othaim'], ['سعد', 'saad'], ['دوناتس', 'donuts']];
    const rows = await sql<{ ok: boolean; a: string; l: string }[]>`
      select t.a, t.l, private.cross_script_base(private.cross_script_key(t.a)) = private.cross_script_base(private.cross_script_key(t.l))
             and private.cross_script_compatible(private.cross_script_key(t.a), private.cross_script_key(t.l)) as ok
      from jsonb_to_recordset(${sql.json(pairs.map(([a, l]) => ({ a, l })))}) t(a text, l text)`;
    for (const r of rows) expect(r.ok, `${r.a} ~ ${r.l}`).toBe(true);
  });

  it('keeps apart words whose written vowels disagree', async () => {
    // قاضي (judge) is not Kudu, عايله (family) is not Olaya, بيك (bek) is not bake
    const pairs = [['قاضي', 'kudu'], ['عايله', 'olaya'], ['بيك', 'bake'], ['كيدي', 'kudu']];
    const rows = await sql<{ ok: boolean; a: string; l: string }[]>`
      select t.a, t.l, coalesce(private.cross_script_base(private.cross_script_key(t.a)) = private.cross_script_base(private.cross_script_key(t.l))
             and private.cross_script_compatible(private.cross_script_key(t.a), private.cross_script_key(t.l)), false) as ok
      from jsonb_to_recordset(${sql.json(pairs.map(([a, l]) => ({ a, l })))}) t(a text, l text)`;
    for (const r of rows) expect(r.ok, `${r.a} ≁ ${r.l}`).toBe(false);
  });

  it('is null for digits, mixed scripts, words under 3 letters and words of one consonant', async () => {
    expect(await keys(['12345', 'ab', 'كو', 'caféالعليا', 'aaa', 'ااا', 'olaya', 'عليا'])).toEqual([null, null, null, null, null, null, null, null]);
  });

  it('a Latin word and its Arabic spelling by the same rules always match (property, 300 random words)', async () => {
    // a small phonetic alphabet written both ways: consonant sounds and long vowels (2–5 syllables)
    const sounds: [string, string][] = [['b', 'ب'], ['t', 'ت'], ['d', 'د'], ['r', 'ر'], ['s', 'س'], ['sh', 'ش'], ['f', 'ف'], ['k', 'ك'], ['l', 'ل'], ['m', 'م'], ['n', 'ن'], ['h', 'ه'], ['j', 'ج'], ['kh', 'خ']];
    const vowels: [string, string][] = [['a', 'ا'], ['i', 'ي'], ['oo', 'و'], ['e', ''], ['a', '']];
    const syllable = fc.tuple(fc.constantFrom(...sounds), fc.constantFrom(...vowels));
    const words = fc.sample(fc.array(syllable, { minLength: 2, maxLength: 5 }), { numRuns: 300, seed: 43 });
    const pairs = words.map((w) => ({ l: w.map(([c, v]) => c[0] + v[0]).join(''), a: w.map(([c, v]) => c[1] + v[1]).join('') }))
      // an Arabic ه at the end reads as a vowel (taa marbuta), not the consonant h
      .filter((p) => !p.a.endsWith('ه') && p.a.length >= 3);
    const rows = await sql<{ ok: boolean | null; a: string; l: string }[]>`
      select t.a, t.l, private.cross_script_base(private.cross_script_key(t.a)) = private.cross_script_base(private.cross_script_key(t.l))
             and private.cross_script_compatible(private.cross_script_key(t.a), private.cross_script_key(t.l)) as ok
      from jsonb_to_recordset(${sql.json(pairs)}) t(a text, l text)`;
    const failures = rows.filter((r) => r.ok !== true).map((r) => `${r.a} ~ ${r.l}`);
    expect(failures).toEqual([]);
  });
});
