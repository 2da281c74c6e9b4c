import { OTHER_CATEGORY_SLUG } from '../shared/constants.ts';
import type { Category, Zone } from '../shared/schemas/entity-schemas.ts';
import type { Lang } from './browser-language.ts';

/**
 * Alphabetical order of the lists people scan (pick lists, the category and district grids) in the
 * page's language (decision 044, after decision 018): `Intl.Collator(lang, { sensitivity: 'base' })`
 * on the name shown — the Arabic name on Arabic pages (else the English one), the English name on
 * English pages — the comparison the database's `public.name_en` / `public.name_ar` collations make
 * for place lists. Equal names keep their id order, so the server's render and the browser's agree.
 */
const collators = new Map<Lang, Intl.Collator>();
function collator(lang: Lang): Intl.Collator {
  let c = collators.get(lang);
  if (!c) collators.set(lang, (c = new Intl.Collator(lang, { sensitivity: 'base' })));
  return c;
}

/** The name shown in `lang`: the Arabic one on Arabic pages when there is one, else the English one. */
const shown = (lang: Lang, en: string, ar: string | null | undefined) => (lang === 'ar' && ar ? ar : en);

/** How many orders sortByName remembers (the zones and categories in two languages are 4–8 of them). */
const REMEMBERED_ORDERS = 32;
/** The order (indexes) of a list by its content: its ids, names and "last" marks, the language and direction. */
const orders = new Map<string, number[]>();

/**
 * `items` sorted by `nameOf(item)` in `lang`'s collation (Z–A when `descending`), then by id; items for
 * which `last(item)` holds come after all the others in either direction. Returns a new array.
 * The order of the last REMEMBERED_ORDERS lists (by ids, names, marks, language and direction) is remembered: a
 * server render sorts the same 148 districts on every page that lists them, and the collator's thousand comparisons
 * cost ≈ 1 ms each time; the list's key is a few microseconds.
 */
export function sortByName<T extends { id: number }>(items: readonly T[], lang: Lang, nameOf: (item: T) => string, last?: (item: T) => boolean, descending = false): T[] {
  const names = items.map(nameOf);
  const lasts = items.map((item) => (last?.(item) ? 1 : 0));
  let key = `${lang}${descending ? '-' : '+'}`;
  for (let i = 0; i < items.length; i += 1) key += `\u0000${items[i].id}\u0001${lasts[i]}\u0001${names[i]}`;
  let order = orders.get(key);
  if (!order) {
    const c = collator(lang);
    const sign = descending ? -1 : 1;
    order = items.map((_, i) => i).sort((a, b) =>
      lasts[a] - lasts[b] || sign * (c.compare(names[a], names[b]) || items[a].id - items[b].id));
    if (orders.size >= REMEMBERED_ORDERS) orders.delete(orders.keys().next().value!);
    orders.set(key, order);
  }
  return order.map((i) => items[i]);
}

/** Categories A–Z (Z–A when `descending`) by their name in `lang`, "Other" («أخرى») last either way. */
export function sortCategories<T extends Pick<Category, 'id' | 'slug' | 'name' | 'nameAr'>>(categories: readonly T[], lang: Lang, descending = false): T[] {
  return sortByName(categories, lang, (c) => shown(lang, c.name, c.nameAr), (c) => c.slug === OTHER_CATEGORY_SLUG, descending);
}

/** Zones (districts) A–Z by their title in `lang`. */
export function sortZones<T extends Pick<Zone, 'id' | 'title' | 'titleAr'>>(zones: readonly T[], lang: Lang): T[] {
  return sortByName(zones, lang, (z) => shown(lang, z.title, z.titleAr));
}
