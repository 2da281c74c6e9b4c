import { afterAll, describe, expect, it } from 'vitest';
import { ownerSql, testApp } from '../helpers/api.ts';

/**
 * Relevance of search on the shipped real dataset (data/riyadh-osm.json, seeded in the test
 * database). Every expectation names a real place, category or zone of that file; queries are
 * what people type: other spellings, missing/extra/swapped letters, partial words, phone numbers.
 */
const sql = ownerSql();
const app = testApp(sql);
afterAll(() => sql.end());

interface Named { name?: string; nameAr?: string | null; title?: string; slug: string; category?: { slug: string }; zone?: { slug: string } | null }

async function search(q: string, limit = 10) {
  const res = await app.request(`/api/public/search?limit=${limit}&q=${encodeURIComponent(q)}`);
  expect(res.status, q).toBe(200);
  const body = (await res.json()) as { data: { places: Named[]; categories: Named[]; zones: Named[]; buildings: Named[] } };
  return body.data;
}

async function listSearch(q: string, extra = '') {
  const res = await app.request(`/api/public/places?limit=12&search=${encodeURIComponent(q)}${extra}`);
  expect(res.status, q).toBe(200);
  return (await res.json()) as { data: Named[]; meta: { total: number; page: number; limit: number } };
}

/** 1-based rank of the first place whose English or Arabic name is `name`, or Infinity. */
const rankOf = (places: Named[], name: string) => {
  const i = places.findIndex((p) => p.name === name || p.nameAr === name);
  return i < 0 ? Infinity : i + 1;
};

/** [why, query, expected place name (English or Arabic as in the file), must rank at or above]. */
const PLACE_CASES: [string, string, string, number][] = [
  // exact and Arabic normalisation
  ['exact English name', 'Al Masmak Palace', 'Al Masmak Palace', 1],
  ['exact Arabic name', 'قلعة المصمك', 'Al Masmak Palace', 1],
  ['taa marbuta typed as ه', 'قلعه المصمك', 'Al Masmak Palace', 1],
  ['Arabic article left out', 'قلعة مصمك', 'Al Masmak Palace', 1],
  ['alef without hamza (doc has أ)', 'سلطان احمد', 'سلطان أحمد', 1],
  ['alef with hamza (doc has ا)', 'بيت سيد أحمد', 'بيت سيد احمد الجديد', 1],
  ['hamza below typed as plain alef', 'ايرث كافيه', 'Urth Caffe', 1],
  ['alef with madda and tatweel in the doc', 'مستشفى اماد', 'AMAD', 1],
  ['alef maqsura typed as ي, taa marbuta as ه', 'مستشفي المملكه', 'Kingdom Hospital', 1],
  ['waw with hamza typed as و', 'موسسة القمم', 'ALQEMAM HYDRULICS EST', 1],
  ['tashkeel in the doc, none in the query', 'جامع طارق بن عبدالرحمن', 'جامِع طَارق بن عَبدالرّحمـٰن مُرَاد', 1],
  ['tashkeel in the query', 'قَلْعَة المَصْمَك', 'Al Masmak Palace', 1],
  ['عبدالرحمن written as two words', 'جامع طارق عبد الرحمن', 'جامِع طَارق بن عَبدالرّحمـٰن مُرَاد', 1],
  ['Arabic-Indic digits in the doc, ASCII in the query', 'ابتدائية 250', 'ابتدائية ٢٥٠ بنات', 1],
  ['Arabic-Indic digits in the query', 'مقهى السيعينات ١٩٧٤', 'مقهى السيعينات 1974', 1],
  ['Arabic-Indic building number', 'كلية العلوم مبنى ٤', 'College of Science (Building 4)', 1],
  // English case and accents
  ['accent left out', 'entrecote cafe de paris', 'Entrecôte Café de Paris', 1],
  ['upper case with accents', 'ENTRECÔTE', 'Entrecôte Café de Paris', 1],
  ['accented letter typed plain', 'orne', 'Orné', 1],
  ['cafe finds Café (the file also has a "Draft Cafe")', 'draft cafe', 'Draft Café', 2],
  ['apostrophe and hyphen in the doc', 'mulaybeed diriyah', "Al-Mulaybeed District in ad-Dir'iyah", 1],
  // partial words (typing in progress)
  ['word prefix', 'masm', 'Al Masmak Palace', 3],
  ['Arabic word prefix', 'المصم', 'Al Masmak Palace', 3],
  ['prefix of the last of two words', 'kingdom hosp', 'Kingdom Hospital', 1],
  // one typo
  ['missing letter', 'msmak palace', 'Al Masmak Palace', 1],
  ['extra letter', 'masmakk', 'Al Masmak Palace', 3],
  ['wrong letter', 'masnak', 'Al Masmak Palace', 3],
  ['two letters swapped', 'masmka', 'Al Masmak Palace', 3],
  ['two letters swapped (centre/center)', 'kingdom center', 'Kingdom Centre', 2],
  ['missing Arabic letter', 'قلعة المصك', 'Al Masmak Palace', 3],
  ['swapped Arabic letters', 'قلعة المصكم', 'Al Masmak Palace', 3],
  ['wrong Arabic letter', 'قلعة الممصك', 'Al Masmak Palace', 3],
  ['transliteration variant (Ahmad ~ Ahmed)', 'ahmad al maghribi', 'Ahmed Al Maghribi', 1],
  // phone numbers, any common format
  ['phone, national format', '0557790640', 'ALQEMAM HYDRULICS EST', 1],
  ['phone, international with spaces', '+966 55 779 0640', 'ALQEMAM HYDRULICS EST', 1],
  ['phone, 00 prefix', '00966557790640', 'ALQEMAM HYDRULICS EST', 1],
  ['phone, first digits only', '055 779 06', 'ALQEMAM HYDRULICS EST', 1],
  ['phone without country code', '920000751', 'Kingdom Hospital', 1],
];

describe('search relevance on the real dataset', () => {
  it.each(PLACE_CASES)('%s: %s → %s', async (_why, q, expected, within) => {
    const { places } = await search(q);
    expect(rankOf(places, expected), `${q}: ${places.map((p) => p.name).join(' · ')}`).toBeLessThanOrEqual(within);
  });

  it('ranks an exact name above names that only contain it', async () => {
    const { places } = await search('Kingdom Centre');
    expect(places[0]?.name).toBe('Kingdom Centre');
    expect(rankOf(places, 'VOX Cinemas Kingdom Centre')).toBeGreaterThan(1);
  });

  it('ranks a match in the name above matches in the zone or address', async () => {
    // 56 places lie in Al Muhammadiyah (zone and address); one has the word in its name
    const { places } = await search('muhammadiyah');
    expect(places[0]?.name).toBe('Almuhammadiyah Clinic');
    expect(places.length).toBeGreaterThan(1);
    const { places: izdihar } = await search('izdihar');
    expect(izdihar[0]?.name).toBe('Al Izdihar clinic');
  });

  it("finds places by category and zone: 'cafe olaya' → cafés in Al Ulayya", async () => {
    for (const q of ['cafe olaya', 'مقهى العليا', 'cafes ulayya']) {
      const { places } = await search(q, 5);
      expect(places, q).toHaveLength(5);
      for (const p of places) {
        expect(p.category?.slug, `${q}: ${p.name}`).toBe('cafes');
        expect(p.zone?.slug, `${q}: ${p.name}`).toBe('al-ulayya');
      }
    }
  });

  it('finds every branch of a chain, with a typo or in the other script', async () => {
    for (const q of ['starbucks', 'STARBUCKS', 'starbuks', 'starbucsk']) {
      const { places } = await search(q, 5);
      expect(places, q).toHaveLength(5);
      for (const p of places) expect(p.name, q).toBe('Starbucks');
    }
    const { places } = await search('إيرث كافيه', 5);
    for (const p of places) expect(p.name).toBe('Urth Caffe');
  });

  it('finds categories and zones by their names in either script, singular or plural, with typos', async () => {
    const cases: [string, 'categories' | 'zones' | 'buildings', string][] = [
      ['pharmacy', 'categories', 'pharmacies'],
      ['pharmacies', 'categories', 'pharmacies'],
      ['صيدلية', 'categories', 'pharmacies'],
      ['مطعم', 'categories', 'restaurants'],
      ['resturants', 'categories', 'restaurants'],
      ['مسجد', 'categories', 'mosques'],
      ['hotel', 'categories', 'hotels'],
      ['olaya', 'zones', 'al-ulayya'],
      ['العليا', 'zones', 'al-ulayya'],
      ['عليا', 'zones', 'al-ulayya'],
      ['ulaya', 'zones', 'al-ulayya'],
      ['الاندلس', 'zones', 'al-andalus'],
      ['faisaliah mall', 'buildings', 'al-faisaliah-mall'],
      ['مارينا مول', 'buildings', 'marina-mall'],
    ];
    for (const [q, group, slug] of cases) {
      const data = await search(q, 3);
      expect(data[group][0]?.slug, `${q} → ${group}: ${data[group].map((x) => x.slug).join(', ')}`).toBe(slug);
    }
  });

  it('filters the category list with the same service', async () => {
    for (const [q, slug] of [['صيدلية', 'pharmacies'], ['pharmacy', 'pharmacies'], ['resturants', 'restaurants'], ['مقاهي', 'cafes']]) {
      const res = await app.request(`/api/public/categories?search=${encodeURIComponent(q!)}`);
      const body = (await res.json()) as { data: { slug: string; placesCount: number }[] };
      expect(body.data.map((c) => c.slug), q).toContain(slug);
      expect(body.data.find((c) => c.slug === slug)!.placesCount, q).toBeGreaterThan(0);
    }
  });

  it('serves the same ranking to the place list search, with totals and pages', async () => {
    const first = await listSearch('masmak');
    expect(first.data[0]?.name).toBe('Al Masmak Palace');
    const cafes = await listSearch('cafe', '&page=2');
    expect(cafes.meta.total).toBeGreaterThan(12);
    expect(cafes.data).toHaveLength(12);
    const page1 = await listSearch('cafe');
    const ids = new Set(page1.data.map((p) => p.slug));
    for (const p of cafes.data) expect(ids.has(p.slug), p.slug).toBe(false);
  });

  it('a single letter matches name prefixes only', async () => {
    const { places } = await search('k', 10);
    expect(places.length).toBeGreaterThan(0);
    for (const p of places) {
      const names = [p.name, p.nameAr].map((n) => (n ?? '').toLowerCase());
      expect(names.some((n) => n.startsWith('k')), p.name).toBe(true);
    }
  });

  it('matches nothing for text without a searchable word', async () => {
    for (const q of ['%', '_', '!!!', '😀', '()', '\u200f']) {
      const data = await search(q);
      expect([data.places, data.categories, data.zones, data.buildings].flat(), q).toHaveLength(0);
    }
  });
});
