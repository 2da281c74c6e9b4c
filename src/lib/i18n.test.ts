// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commonStringsPart, LATE_COMMON_KEYS, PAGE_COMMON_KEYS } from './common-strings-parts.ts';
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

  it.each(readdirSync(path.join(LOCALES, 'en')))('locales/en/%s and its Arabic twin have the same keys (English keeps every plural form too)', (file) => {
    const en = new Set(flat(read('en', file)));
    const ar = new Set(flat(read('ar', file)));
    expect({ enLacks: [...ar].filter((key) => !en.has(key)).sort(), arLacks: [...en].filter((key) => !ar.has(key)).sort() }).toEqual({ enLacks: [], arLacks: [] });
  });

  it('initialises an Arabic page with the Arabic `common` strings only (no English fallback to download first)', async () => {
    const i18n = await initI18n('ar');
    expect(i18n.hasResourceBundle('ar', 'common')).toBe(true);
    expect(i18n.t('nav.home')).toBe((read('ar', 'common.json').nav as Record<string, string>).home);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
  });
});

describe('counted strings take the language\'s plural forms (i18next `count`)', () => {
  const t = async (lang: 'en' | 'ar', key: string, values: Record<string, unknown>) => {
    const { createInstance } = await import('i18next');
    const instance = createInstance();
    await instance.init({ lng: lang, fallbackLng: false, ns: ['admin'], defaultNS: 'admin', interpolation: { escapeValue: false }, resources: { [lang]: { admin: read(lang, 'admin.json') } } });
    return instance.t(key, values);
  };

  it('admin:import.applied counts the new and the updated places (English one/other, Arabic zero…other)', async () => {
    expect(await t('en', 'import.applied', { inserted: 1, updated: 0 })).toBe('Imported: 1 new place, 0 updated');
    expect(await t('en', 'import.applied', { inserted: 12, updated: 1 })).toBe('Imported: 12 new places, 1 updated');
    expect(await t('ar', 'import.applied', { inserted: 0, updated: 1 })).toBe('تم الاستيراد: لم يُضَف أي مكان جديد، وحُدِّث مكان واحد');
    expect(await t('ar', 'import.applied', { inserted: 2, updated: 2 })).toBe('تم الاستيراد: أُضيف مكانان جديدان، وحُدِّث مكانان');
    expect(await t('ar', 'import.applied', { inserted: 3, updated: 11 })).toBe('تم الاستيراد: أُضيفت 3 أماكن جديدة، وحُدِّث 11 مكانًا');
    expect(await t('ar', 'import.applied', { inserted: 100, updated: 0 })).toBe('تم الاستيراد: أُضيف 100 مكان جديد، ولم يُحدَّث أي مكان');
  });

  it('admin:history.deletedDescription counts the days', async () => {
    expect(await t('en', 'history.deletedDescription', { count: 1 })).toBe('Places deleted in the last day can be restored.');
    expect(await t('en', 'history.deletedDescription', { count: 30 })).toBe('Places deleted in the last 30 days can be restored.');
    expect(await t('ar', 'history.deletedDescription', { count: 2 })).toBe('يمكن استعادة الأماكن المحذوفة خلال آخر يومين.');
    expect(await t('ar', 'history.deletedDescription', { count: 7 })).toBe('يمكن استعادة الأماكن المحذوفة خلال آخر 7 أيام.');
    expect(await t('ar', 'history.deletedDescription', { count: 30 })).toBe('يمكن استعادة الأماكن المحذوفة خلال آخر 30 يومًا.');
  });
});

const SRC = path.resolve(__dirname, '..');
const sourceFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
  e.isDirectory() ? (e.name === 'server' ? [] : sourceFiles(path.join(dir, e.name)))
    : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []);

describe("the late part of the `common` strings (decision 055: forms', dialogs' and account strings load with them)", () => {
  it('cuts every language\'s `common` into parts that together are the whole (the map and categories pages\' part too, decision 063)', () => {
    for (const lang of ['en', 'ar']) {
      const common = read(lang, 'common.json');
      const first = commonStringsPart(common, 'first');
      const late = commonStringsPart(common, 'late');
      const pages = commonStringsPart(common, 'pages');
      expect(Object.keys(late).sort()).toEqual([...LATE_COMMON_KEYS].sort());
      expect(Object.keys(pages).sort()).toEqual([...PAGE_COMMON_KEYS].sort());
      expect(Object.keys(first).filter((key) => key in late || key in pages)).toEqual([]);
      expect({ ...first, ...late, ...pages }).toEqual(common);
    }
  });

  it('is added to the page language\'s strings by src/lib/late-strings.ts, and comes with a language loaded after', async () => {
    const i18n = await initI18n('ar');
    const ar = read('ar', 'common.json') as Record<string, Record<string, unknown>>;
    const en = read('en', 'common.json') as Record<string, Record<string, unknown>>;
    expect(i18n.exists('auth.showPassword')).toBe(false);
    expect(i18n.t('nav.home')).toBe(ar.nav!.home);
    await import('./late-strings.ts');
    expect(i18n.t('auth.showPassword')).toBe(ar.auth!.showPassword);
    expect(i18n.t('nav.home')).toBe(ar.nav!.home);
    await i18n.changeLanguage('en');
    expect(i18n.t('auth.showPassword')).toBe(en.auth!.showPassword);
    expect(i18n.t('contribute.submit')).toBe(en.contribute!.submit);
    await i18n.changeLanguage('ar');
  });

  it('adds the map and categories pages\' part (src/lib/page-strings.ts) beside the late one, in both languages', async () => {
    const i18n = await initI18n('ar');
    const ar = read('ar', 'common.json') as Record<string, Record<string, unknown>>;
    const en = read('en', 'common.json') as Record<string, Record<string, unknown>>;
    expect(i18n.exists('mapPage.mapLabel')).toBe(false);
    await import('./late-strings.ts');
    await import('./page-strings.ts');
    expect(i18n.t('mapPage.mapLabel')).toBe(ar.mapPage!.mapLabel);
    expect(i18n.t('categoriesPage.title')).toBe(ar.categoriesPage!.title);
    expect(i18n.t('auth.showPassword')).toBe(ar.auth!.showPassword);
    await i18n.changeLanguage('en');
    expect(i18n.t('mapView.zoomIn')).toBe(en.mapView!.zoomIn);
    expect(i18n.t('auth.showPassword')).toBe(en.auth!.showPassword);
    await i18n.changeLanguage('ar');
  });

  it('is loaded before any module that shows one of its strings is evaluated', () => {
    // a module naming a late key (`t('auth.…')`, `keyPrefix: 'auth'`) imports src/lib/late-strings.ts, which adds
    // them to i18next when it is evaluated, i.e. before the module's components render; otherwise they show the key
    const keys = LATE_COMMON_KEYS.join('|');
    const usesLate = new RegExp(`(['"\`](common:)?(${keys})\\.[A-Za-z])|keyPrefix: '(${keys})'`);
    const importsLate = /import '(\.\.?\/)+(lib\/)?late-strings\.ts';/;
    const missing = sourceFiles(SRC)
      .filter((file) => !file.endsWith('late-strings.ts') && !file.endsWith('common-strings-parts.ts'))
      .filter((file) => { const code = readFileSync(file, 'utf8'); return usesLate.test(code) && !importsLate.test(code); })
      .map((file) => path.relative(SRC, file)).sort();
    expect(missing, "these modules show late `common` strings: add `import '…/lib/late-strings.ts';`").toEqual([]);
  });

  it('the map and categories pages\' part is loaded before any module that shows one of its strings is evaluated', () => {
    const keys = PAGE_COMMON_KEYS.join('|');
    const usesPages = new RegExp(`(['"\`](common:)?(${keys})\\.[A-Za-z])|keyPrefix: '(${keys})'`);
    const importsPages = /import '(\.\.?\/)+(lib\/)?page-strings\.ts';/;
    const missing = sourceFiles(SRC)
      .filter((file) => !file.endsWith('page-strings.ts') && !file.endsWith('common-strings-parts.ts'))
      .filter((file) => { const code = readFileSync(file, 'utf8'); return usesPages.test(code) && !importsPages.test(code); })
      .map((file) => path.relative(SRC, file)).sort();
    expect(missing, "these modules show the map or categories pages' `common` strings: add `import '…/lib/page-strings.ts';`").toEqual([]);
  });
});
