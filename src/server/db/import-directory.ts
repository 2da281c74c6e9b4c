import slugify from 'slugify';
import { z } from 'zod';
import type { Sql } from 'postgres';

/**
 * Shape of a directory file (`data/riyadh-osm.json`, from ../shared/data/riyadh-osm/directory.json):
 * categories, zones, buildings and places, each identified by slug (places by their name, made
 * unique in file order with -2, -3, …). Coordinates in WGS84 degrees.
 */
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug must be lower-case words joined by hyphens');
const phone = z.string().regex(/^\+?[0-9 ()-]{6,20}$/, 'invalid phone');
const httpUrl = z.string().regex(/^https?:\/\/\S+$/i, 'URL must start with http:// or https://');
const lat = z.number().min(-90).max(90);
const lng = z.number().min(-180).max(180);

const categorySchema = z.object({ name: z.string().min(1).max(200), nameAr: z.string().max(200).nullish(), slug });
const zoneSchema = z.object({
  title: z.string().min(1).max(200), titleAr: z.string().max(200).nullish(), slug,
  lat: lat.nullish(), lng: lng.nullish(), order: z.number().int().nullish(),
  description: z.string().max(5000).nullish(), descriptionAr: z.string().max(5000).nullish(),
  locationUrl: httpUrl.nullish(),
});
const buildingSchema = z.object({
  zoneSlug: slug, name: z.string().min(1).max(200), nameAr: z.string().max(200).nullish(),
  number: z.string().max(40).nullish(), lat: lat.nullish(), lng: lng.nullish(),
});
const placeSchema = z.object({
  name: z.string().trim().min(1).max(200), nameAr: z.string().max(200).nullish(), categorySlug: slug,
  zoneSlug: slug.nullish(), buildingNumber: z.string().max(40).nullish(),
  address: z.string().max(500).nullish(), addressAr: z.string().max(500).nullish(),
  phone: phone.nullish(), whatsapp: phone.nullish(), website: httpUrl.nullish(),
  lat: lat.nullish(), lng: lng.nullish(), mapUrl: httpUrl.nullish(),
  description: z.string().max(5000).nullish(),
});
export const directoryFileSchema = z.object({
  categories: z.array(z.unknown()),
  zones: z.array(z.unknown()),
  buildings: z.array(z.unknown()).default([]),
  places: z.array(z.unknown()),
});

export interface ImportCounts { categories: number; zones: number; buildings: number; places: number }

/** A malformed record: which list, its index in that list, and why. */
export class ImportError extends Error {
  constructor(public readonly problems: { list: string; index: number; reason: string }[]) {
    super(`Import rejected, nothing written:\n${problems.slice(0, 20).map((p) => `  ${p.list}[${p.index}]: ${p.reason}`).join('\n')}` +
      (problems.length > 20 ? `\n  … and ${problems.length - 20} more` : ''));
  }
}

/** Lower-case ASCII slug from any text (Arabic transliterated), falling back to `fallback`. */
export function slugFrom(text: string, fallback: string): string {
  const s = slugify(text, { lower: true, strict: true, trim: true }).replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, 100).replace(/-$/, '');
  return s || fallback;
}

function parseList<T>(list: string, items: unknown[], schema: z.ZodType<T>, problems: ImportError['problems']): T[] {
  return items.map((item, index) => {
    const r = schema.safeParse(item);
    if (!r.success) {
      problems.push({ list, index, reason: r.error.issues.map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`).join('; ') });
    }
    return r.data as T;
  });
}

/**
 * Validates every record first, then upserts categories, zones, buildings and places by slug in
 * ONE transaction (as the owner; RLS does not apply to imports). Running it again with the same
 * file changes nothing and creates no duplicates. Throws ImportError listing malformed records
 * (list, index, reason) before writing anything; a database error rolls everything back.
 */
export async function importDirectory(sql: Sql, input: unknown): Promise<ImportCounts> {
  const file = directoryFileSchema.safeParse(input);
  if (!file.success) throw new ImportError([{ list: 'file', index: 0, reason: file.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') }]);
  const problems: ImportError['problems'] = [];
  const categories = parseList('categories', file.data.categories, categorySchema, problems);
  const zones = parseList('zones', file.data.zones, zoneSchema, problems);
  const buildings = parseList('buildings', file.data.buildings, buildingSchema, problems);
  const places = parseList('places', file.data.places, placeSchema, problems);
  const categorySlugs = new Set(categories.filter(Boolean).map((c) => c.slug));
  const zoneSlugs = new Set(zones.filter(Boolean).map((z) => z.slug));
  buildings.forEach((b, index) => {
    if (b && !zoneSlugs.has(b.zoneSlug)) problems.push({ list: 'buildings', index, reason: `unknown zoneSlug ${b.zoneSlug}` });
  });
  places.forEach((p, index) => {
    if (!p) return;
    if (!categorySlugs.has(p.categorySlug)) problems.push({ list: 'places', index, reason: `unknown categorySlug ${p.categorySlug}` });
    if (p.zoneSlug && !zoneSlugs.has(p.zoneSlug)) problems.push({ list: 'places', index, reason: `unknown zoneSlug ${p.zoneSlug}` });
  });
  if (problems.length) throw new ImportError(problems);

  // deterministic slugs: buildings unique within their zone, places unique across the file
  const buildingSlugs = new Map<string, number>();
  const buildingRows = buildings.map((b, i) => {
    let base = slugFrom(b.name, `building-${i + 1}`);
    const key = `${b.zoneSlug}/${base}`;
    const n = (buildingSlugs.get(key) ?? 0) + 1;
    buildingSlugs.set(key, n);
    if (n > 1) base = `${base}-${n}`;
    return { ...b, slug: base, order: i + 1 };
  });
  const placeSlugs = new Map<string, number>();
  const placeRows = places.map((p, i) => {
    const base = slugFrom(p.name, `place-${i + 1}`);
    const n = (placeSlugs.get(base) ?? 0) + 1;
    placeSlugs.set(base, n);
    return { ...p, slug: n > 1 ? `${base}-${n}` : base };
  });

  return sql.begin(async (tx) => {
    for (const c of categories) {
      await tx`insert into public.categories (slug, name, name_ar) values (${c.slug}, ${c.name}, ${c.nameAr ?? null})
               on conflict (slug) do update set name = excluded.name, name_ar = excluded.name_ar
               where (categories.name, categories.name_ar) is distinct from (excluded.name, excluded.name_ar)`;
    }
    for (const [i, z] of zones.entries()) {
      await tx`insert into public.zones (slug, title, title_ar, description, description_ar, location_url, sort_order, latitude, longitude)
               values (${z.slug}, ${z.title}, ${z.titleAr ?? null}, ${z.description ?? null}, ${z.descriptionAr ?? null},
                       ${z.locationUrl ?? null}, ${z.order ?? i + 1}, ${z.lat ?? null}, ${z.lng ?? null})
               on conflict (slug) do update set title = excluded.title, title_ar = excluded.title_ar,
                 latitude = excluded.latitude, longitude = excluded.longitude
               where (zones.title, zones.title_ar, zones.latitude, zones.longitude)
                 is distinct from (excluded.title, excluded.title_ar, excluded.latitude, excluded.longitude)`;
    }
    const zoneIds = new Map((await tx<{ id: string; slug: string }[]>`select id, slug from public.zones`).map((r) => [r.slug, r.id]));
    const catIds = new Map((await tx<{ id: string; slug: string }[]>`select id, slug from public.categories`).map((r) => [r.slug, r.id]));
    for (const b of buildingRows) {
      const mapUrl = b.lat != null && b.lng != null ? `https://www.openstreetmap.org/?mlat=${b.lat}&mlon=${b.lng}#map=18/${b.lat}/${b.lng}` : null;
      await tx`insert into public.buildings (zone_id, slug, name, name_ar, number, map_url, sort_order, latitude, longitude)
               values (${zoneIds.get(b.zoneSlug)!}, ${b.slug}, ${b.name}, ${b.nameAr ?? null}, ${b.number ?? null}, ${mapUrl},
                       ${b.order}, ${b.lat ?? null}, ${b.lng ?? null})
               on conflict (zone_id, slug) do update set name = excluded.name, name_ar = excluded.name_ar, number = excluded.number,
                 latitude = excluded.latitude, longitude = excluded.longitude
               where (buildings.name, buildings.name_ar, buildings.number, buildings.latitude, buildings.longitude)
                 is distinct from (excluded.name, excluded.name_ar, excluded.number, excluded.latitude, excluded.longitude)`;
    }
    const buildingIds = new Map(
      (await tx<{ id: string; zone_slug: string; number: string | null }[]>`
        select b.id, z.slug as zone_slug, b.number from public.buildings b join public.zones z on z.id = b.zone_id`)
        .map((r) => [`${r.zone_slug}#${r.number}`, r.id]),
    );
    const rows = placeRows.map((p) => ({
      slug: p.slug, name: p.name, name_ar: p.nameAr ?? null, address: p.address ?? null, address_ar: p.addressAr ?? null,
      phone: p.phone ?? null, whatsapp: p.whatsapp ?? null, website_url: p.website ?? null, map_url: p.mapUrl ?? null,
      category_id: catIds.get(p.categorySlug)!, zone_id: p.zoneSlug ? zoneIds.get(p.zoneSlug)! : null,
      building_id: p.zoneSlug && p.buildingNumber ? buildingIds.get(`${p.zoneSlug}#${p.buildingNumber}`) ?? null : null,
      description: p.description ?? null, latitude: p.lat ?? null, longitude: p.lng ?? null,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await tx`insert into public.places ${tx(chunk)}
               on conflict (slug) do update set name = excluded.name, name_ar = excluded.name_ar, address = excluded.address,
                 address_ar = excluded.address_ar, phone = excluded.phone, website_url = excluded.website_url, map_url = excluded.map_url,
                 category_id = excluded.category_id, zone_id = excluded.zone_id, building_id = excluded.building_id,
                 latitude = excluded.latitude, longitude = excluded.longitude
               where (places.name, places.name_ar, places.address, places.address_ar, places.phone, places.website_url, places.map_url,
                      places.category_id, places.zone_id, places.building_id, places.latitude, places.longitude)
                 is distinct from (excluded.name, excluded.name_ar, excluded.address, excluded.address_ar, excluded.phone,
                      excluded.website_url, excluded.map_url, excluded.category_id, excluded.zone_id, excluded.building_id,
                      excluded.latitude, excluded.longitude)`;
    }
    return { categories: categories.length, zones: zones.length, buildings: buildingRows.length, places: placeRows.length };
  });
}
