import { describe, expect, it } from 'vitest';
import dataset from '../../data/riyadh-osm.json' with { type: 'json' };
import { sortByName, sortCategories, sortZones } from './name-order.ts';

const zones = dataset.zones.map((z, i) => ({ id: i + 1, title: z.title, titleAr: z.titleAr as string | null }));
const categories = dataset.categories.map((c, i) => ({ id: i + 1, slug: c.slug, name: c.name, nameAr: c.nameAr as string | null }));

/** Decision 044: every pick list and alphabetical list in the page language's collation, "Other" last. */
describe('name order of the lists people scan', () => {
  it('orders the 148 districts by their Arabic names in Arabic collation, not by the English spelling', () => {
    const ar = sortZones(zones, 'ar').map((z) => z.titleAr ?? z.title);
    const collator = new Intl.Collator('ar', { sensitivity: 'base' });
    expect(ar).toEqual([...ar].sort(collator.compare));
    expect(ar).toHaveLength(148);
    // English spelling put الدحو (Ad Dahu) first; in Arabic order hamza-alef words (الأندلس) come before الدحو
    expect(ar.indexOf('الأندلس')).toBeLessThan(ar.indexOf('الدحو'));
    expect(ar.indexOf('الدحو')).toBeLessThan(ar.indexOf('الديرة'));
    // English pages: by the English title, case-insensitively
    const en = sortZones(zones, 'en').map((z) => z.title);
    expect(en).toEqual([...en].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare));
  });

  it('puts «أخرى» / "Other" last among categories, A–Z and Z–A, in both languages', () => {
    const ar = sortCategories(categories, 'ar').map((c) => c.nameAr ?? c.name);
    expect(ar.at(-1)).toBe('أخرى');
    const rest = ar.slice(0, -1);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('ar', { sensitivity: 'base' }).compare));
    expect(sortCategories(categories, 'ar', true).map((c) => c.nameAr)).toEqual([...rest].reverse().concat('أخرى'));
    expect(sortCategories(categories, 'en').at(-1)?.name).toBe('Other');
    expect(sortCategories(categories, 'en', true).at(-1)?.name).toBe('Other');
    expect(sortCategories(categories, 'en')[0]?.name).toBe('Bakeries & Desserts');
  });

  it('falls back to the English name on Arabic pages and breaks ties by id (server and browser agree)', () => {
    const list = [{ id: 3, title: 'Zeta', titleAr: null }, { id: 2, title: 'Alpha', titleAr: 'ب' }, { id: 1, title: 'Beta', titleAr: 'ب' }];
    // Arabic collation puts Arabic script before Latin; the two «ب» keep their id order
    expect(sortZones(list, 'ar').map((z) => z.id)).toEqual([1, 2, 3]);
    expect(sortByName([{ id: 2 }, { id: 1 }], 'en', () => 'same').map((x) => x.id)).toEqual([1, 2]);
  });

  it('answers a list sorted before from what it remembers, and a changed list anew', () => {
    const first = sortZones(zones, 'ar');
    // the same districts as new objects (another page's answer): the same order, of these objects
    const copies = zones.map((z) => ({ ...z }));
    const again = sortZones(copies, 'ar');
    expect(again.map((z) => z.id)).toEqual(first.map((z) => z.id));
    expect(again.every((z) => copies.includes(z))).toBe(true);
    // a district renamed: sorted by its new name, not the remembered order
    const renamed = copies.map((z) => (z.id === first[0].id ? { ...z, titleAr: 'ي' } : z));
    const resorted = sortZones(renamed, 'ar');
    expect(resorted.at(-1)?.id).toBe(first[0].id);
    expect(resorted.map((z) => z.titleAr ?? z.title)).toEqual(renamed.map((z) => z.titleAr ?? z.title).sort(new Intl.Collator('ar', { sensitivity: 'base' }).compare));
    // the same list in the other language or direction is its own order
    expect(sortZones(zones, 'en').map((z) => z.id)).not.toEqual(first.map((z) => z.id));
    expect(sortCategories(categories, 'en', true).map((c) => c.id)).toEqual(sortCategories(categories, 'en').slice(0, -1).reverse().concat(sortCategories(categories, 'en').slice(-1)).map((c) => c.id));
    // a list whose item became "last" moves it last
    const other = categories.find((c) => c.slug === 'other');
    expect(other).toBeDefined();
    const noOther = categories.map((c) => (c.slug === 'other' ? { ...c, slug: 'other-renamed' } : c));
    expect(sortCategories(noOther, 'en').at(-1)?.slug).not.toBe('other-renamed');
  });
});
