import type { Sql } from 'postgres';
import { readFileSync } from 'node:fs';
import { DEFAULT_DATASET } from '../../src/server/stack.ts';
import { slugFrom } from '../../src/server/queries/slugs.ts';

/** mulberry32: a small deterministic PRNG returning floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface RealPlace { name: string; nameAr?: string | null; categorySlug: string; zoneSlug?: string | null }
interface RealZone { slug: string; title: string; titleAr?: string | null; lat?: number | null; lng?: number | null }

const ARABIC = /[\u0600-\u06FF]/;

/**
 * Generates `count` synthetic places that look like the shipped real dataset: per category, the
 * names recombine words of that category's real English and Arabic names (first word from a real
 * first word, the rest from the category's vocabulary), some are real names with a branch suffix
 * (zone title), 63 % have an Arabic name, 10 % a phone; zone, coordinates (zone ± ~1.5 km) and
 * creation time (spread over two years) are random. Deterministic for a given `seed`.
 */
export function generatePlaces(count: number, seed = 20260101, datasetPath = DEFAULT_DATASET) {
  const data = JSON.parse(readFileSync(datasetPath, 'utf8')) as { places: RealPlace[]; zones: RealZone[] };
  const rand = prng(seed);
  const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)]!;
  const zones = data.zones.filter((z) => z.lat != null && z.lng != null);

  // vocabulary per category and script: first words and following words
  type Vocab = { firstEn: string[]; restEn: string[]; firstAr: string[]; restAr: string[]; names: RealPlace[] };
  const vocab = new Map<string, Vocab>();
  for (const p of data.places) {
    let v = vocab.get(p.categorySlug);
    if (!v) vocab.set(p.categorySlug, (v = { firstEn: [], restEn: [], firstAr: [], restAr: [], names: [] }));
    v.names.push(p);
    for (const text of [p.name, p.nameAr]) {
      if (!text) continue;
      // real words only: start with a letter, 2+ characters (no '%', '-', single initials)
      const words = text.split(/\s+/).filter((w) => w.length >= 2 && /^\p{L}/u.test(w) && !/[_|:]/.test(w));
      if (!words.length) continue;
      const ar = ARABIC.test(text);
      (ar ? v.firstAr : v.firstEn).push(words[0]!);
      (ar ? v.restAr : v.restEn).push(...words.slice(1));
    }
  }
  const categories = [...vocab.keys()];
  const weights = categories.map((c) => vocab.get(c)!.names.length);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const pickCategory = () => {
    let r = rand() * totalWeight;
    for (let i = 0; i < categories.length; i++) if ((r -= weights[i]!) < 0) return categories[i]!;
    return categories[categories.length - 1]!;
  };
  const compose = (first: string[], rest: string[]) => {
    if (!first.length) return null;
    const words = [pick(first)];
    const extra = rest.length ? 1 + Math.floor(rand() * 2) : 0;
    for (let i = 0; i < extra; i++) words.push(pick(rest));
    return words.join(' ');
  };

  const start = Date.parse('2024-01-01T00:00:00Z');
  const span = 2 * 365 * 24 * 3600 * 1000;
  const places = [];
  for (let i = 0; i < count; i++) {
    const categorySlug = pickCategory();
    const v = vocab.get(categorySlug)!;
    const zone = rand() < 0.94 ? pick(zones) : null;
    let name: string | null;
    let nameAr: string | null;
    if (rand() < 0.35) {
      const real = pick(v.names);
      const branch = zone && rand() < 0.7;
      name = branch ? `${real.name} ${ARABIC.test(real.name) ? zone.titleAr ?? zone.title : zone.title}` : real.name;
      nameAr = real.nameAr ? (branch && zone.titleAr ? `${real.nameAr} ${zone.titleAr}` : real.nameAr) : null;
    } else {
      const en = rand() < 0.53 ? compose(v.firstEn, v.restEn) : null;
      const ar = rand() < 0.63 || !en ? compose(v.firstAr, v.restAr) : null;
      name = en ?? ar ?? `Place ${i + 1}`;
      nameAr = ar;
    }
    const phone = rand() < 0.1 ? `+966 ${pick(['11', '50', '53', '55', '56', '59'])} ${String(Math.floor(rand() * 1e7)).padStart(7, '0').replace(/^(\d{3})(\d{4})$/, '$1 $2')}` : null;
    const lat = zone ? zone.lat! + (rand() - 0.5) * 0.03 : 24.7136 + (rand() - 0.5) * 0.3;
    const lng = zone ? zone.lng! + (rand() - 0.5) * 0.03 : 46.6753 + (rand() - 0.5) * 0.3;
    places.push({
      slug: `${slugFrom(name, 'place')}-g${i + 1}`.slice(0, 160),
      name: name.slice(0, 200),
      name_ar: nameAr?.slice(0, 200) ?? null,
      category_slug: categorySlug,
      zone_slug: zone?.slug ?? null,
      address: zone ? `${zone.title}, Riyadh` : 'Riyadh',
      address_ar: zone?.titleAr ? `حي ${zone.titleAr}، الرياض` : 'الرياض',
      phone,
      latitude: Math.round(lat * 1e6) / 1e6,
      longitude: Math.round(lng * 1e6) / 1e6,
      created_at: new Date(start + Math.floor(rand() * span)).toISOString(),
    });
  }
  return places;
}

/**
 * Opening hours of generated places (shapes of the shipped OSM values: weekday ranges, split days,
 * past midnight, 24/7): every third place has one, chosen by its index so the random sequence of
 * the other fields is unchanged.
 */
const BENCH_HOURS = [
  'Sa-Th 08:00-17:00', 'Mo-Th,Sa-Su 08:30-12:30,16:00-20:30', 'Mo-Su 18:00-02:00', '24/7',
  'Sa-Th 09:00-22:00; Fr 16:00-23:00', 'Mo-Su 06:00-23:00', 'Su-Th 08:00-16:00',
];
const benchHours = (i: number) => (i % 3 === 0 ? BENCH_HOURS[(i / 3) % BENCH_HOURS.length] : null);

/**
 * Adds generated places (see generatePlaces) until the database holds `target` places in total,
 * in batches of 1 000 inside one transaction, as the owner (no RLS). Returns how many it added.
 */
export async function fillPlaces(sql: Sql, target: number, seed = 20260101): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from public.places`;
  const missing = target - n;
  if (missing <= 0) return 0;
  const rows = generatePlaces(missing, seed);
  await sql.begin(async (tx) => {
    const cats = new Map((await tx<{ id: string; slug: string }[]>`select id, slug from public.categories`).map((r) => [r.slug, r.id]));
    const zonesBySlug = new Map((await tx<{ id: string; slug: string }[]>`select id, slug from public.zones`).map((r) => [r.slug, r.id]));
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000).map(({ category_slug, zone_slug, ...r }, k) => ({
        ...r,
        opening_hours: benchHours(i + k),
        map_url: `https://www.openstreetmap.org/?mlat=${r.latitude}&mlon=${r.longitude}#map=18/${r.latitude}/${r.longitude}`,
        category_id: cats.get(category_slug)!,
        zone_id: zone_slug ? zonesBySlug.get(zone_slug)! : null,
        updated_at: r.created_at,
      }));
      await tx`insert into public.places ${tx(chunk)}`;
    }
  });
  await sql`analyze public.places`;
  return missing;
}
