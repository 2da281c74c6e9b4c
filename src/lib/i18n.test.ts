// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initI18n } from './i18n.ts';

const LOCALES = path.resolve(__dirname, '../../locales');
const read = (lang: string, file: string) => JSON.parse(readFileSync(path.join(LOCALES, lang, file), 'utf8')) as Record<string, unknown>;
const flat = (o: Record<string, unknown>, prefix = ''): string[] => Object.entries(o).flatMap(([k, v]) =>
  v && typeof v === 'object' ? flat(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]);
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe('the browser\'s strings (decision 051: an Arabic page loads no English strings)', () => {
  it.each(readdirSync(path.join(LOCALES, 'en')))('locales/ar/%s has every string of locales/en, and every Arabic plural form', (file) => {
    const en = flat(read('en', file));
    const ar = new Set(flat(read('ar', file)));
    const plainMissing = en.filter((key) => !PLURAL.test(key) && !ar.has(key));
    const pluralBases = new Set(en.filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')));
    const categories = new Intl.PluralRules('ar').resolvedOptions().pluralCategories;
    const pluralMissing = [...pluralBases].flatMap((base) => categories.map((c) => `${base}_${c}`)).filter((key) => !ar.has(key));
    expect([...plainMissing, ...pluralMissing]).toEqual([]);
  });

  it('initialises an Arabic page with the Arabic `common` strings only (no English fallback to download first)', async () => {
    const i18n = await initI18n('ar');
    expect(i18n.hasResourceBundle('ar', 'common')).toBe(true);
    expect(i18n.t('nav.home')).toBe((read('ar', 'common.json').nav as Record<string, string>).home);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
  });
});
