import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATASET } from '../../src/server/stack.ts';

/**
 * Issue 30: an Arabic reader never meets a Latin-only district or building. Every zone and building of
 * the shipped dataset has an Arabic name (in Arabic letters); the names the project added where
 * OpenStreetMap had none are listed in the dataset's `source.arabicNamesAddedByProject` (README: Data).
 */
const data = JSON.parse(readFileSync(DEFAULT_DATASET, 'utf8')) as {
  source: { arabicNamesAddedByProject: { zones: string[]; buildings: string[] } };
  zones: { slug: string; title: string; titleAr: string | null }[];
  buildings: { name: string; nameAr: string | null }[];
};
const ARABIC = /[\u0621-\u064a]/;

describe('shipped dataset: Arabic names', () => {
  it('gives every zone an Arabic name', () => {
    expect(data.zones.filter((z) => !z.titleAr || !ARABIC.test(z.titleAr)).map((z) => z.title)).toEqual([]);
    expect(data.zones.find((z) => z.slug === 'ad-diriyah-al-jadida')?.titleAr).toBe('الدرعية الجديدة');
  });

  it('gives every building an Arabic name', () => {
    expect(data.buildings.filter((b) => !b.nameAr || !ARABIC.test(b.nameAr)).map((b) => b.name)).toEqual([]);
    expect(data.buildings.find((b) => b.name === 'Panorama Mall')?.nameAr).toBe('بانوراما مول');
  });

  it('says which Arabic names the project added (OpenStreetMap had none)', () => {
    const added = data.source.arabicNamesAddedByProject;
    expect(added.zones).toEqual(['ad-diriyah-al-jadida', 'at-turayf-al-jadid', 'fal-compound', 'square-1', 'square-2']);
    expect(added.buildings).toHaveLength(21);
    for (const name of added.buildings) expect(data.buildings.some((b) => b.name === name)).toBe(true);
  });
});
