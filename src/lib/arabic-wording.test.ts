import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import ar from '../../locales/ar/common.json';
import arAdmin from '../../locales/ar/admin.json';
import en from '../../locales/en/common.json';

/** Issue 30, wording as a Riyadh reader reads it: the strings the issue quotes, now in natural Arabic. */
async function i18n(lng: 'ar' | 'en') {
  const instance = createInstance();
  await instance.init({ lng, resources: { ar: { common: ar, admin: arAdmin }, en: { common: en } }, ns: ['common', 'admin'], defaultNS: 'common' });
  return instance.t;
}

describe('Arabic wording', () => {
  it('"N results or more" agrees with its number (plural forms, not «3 نتيجة أو أكثر»)', async () => {
    const t = await i18n('ar');
    expect(t('search.atLeast', { count: 1 })).toBe('نتيجة واحدة أو أكثر');
    expect(t('search.atLeast', { count: 2 })).toBe('نتيجتان أو أكثر');
    expect(t('search.atLeast', { count: 3 })).toBe('3 نتائج أو أكثر');
    expect(t('search.atLeast', { count: 50 })).toBe('50 نتيجة أو أكثر');
    expect(t('search.atLeast', { count: 100 })).toBe('100 نتيجة أو أكثر');
    const tEn = await i18n('en');
    expect(tEn('search.atLeast', { count: 1 })).toBe('1+ result');
    expect(tEn('search.atLeast', { count: 50 })).toBe('50+ results');
  });

  it('says what happened to the map, the near-me sort and a long password without technical or reversed wording', async () => {
    const t = await i18n('ar');
    expect(t('nearMe.mapCentred')).toBe('موقعك الآن في وسط الخريطة.');
    expect(t('nearMe.why')).not.toMatch(/يرتّب هذه القائمة|ويوضع في رابط/);
    expect(t('auth.validation.passwordTooLong')).not.toMatch(/بايت/);
  });

  it('writes numbers with Western digits in every Arabic string (glossary), «150 م» not «١٥٠ م»', () => {
    const strings = (o: unknown): string[] => (typeof o === 'string' ? [o] : o && typeof o === 'object' ? Object.values(o).flatMap(strings) : []);
    expect([...strings(ar), ...strings(arAdmin)].filter((s) => /[\u0660-\u0669\u06f0-\u06f9]/.test(s))).toEqual([]);
  });

  it('does not contradict itself at zero or one (the admin overview), nor say "not found" as «لم يتم العثور»', async () => {
    const t = await i18n('ar');
    expect(t('admin:overview.zonesSummary', { count: 0, top: 'العليا' })).toBe('لا أماكن في أي حي بعد.');
    expect(t('admin:overview.zonesSummary', { count: 1, top: 'العليا' })).toBe('الأماكن في حي واحد: «العليا».');
    expect(t('admin:overview.categoriesSummary', { count: 0, top: 'مطاعم' })).toBe('لا أماكن في أي فئة بعد.');
    const strings = (o: unknown): string[] => (typeof o === 'string' ? [o] : o && typeof o === 'object' ? Object.values(o).flatMap(strings) : []);
    expect([...strings(ar), ...strings(arAdmin)].filter((s) => /لم يتم العثور/.test(s))).toEqual([]);
  });

  it('counts a zone\'s buildings and places in the admin with plural forms, not «المباني: 3»', async () => {
    const t = await i18n('ar'); // as the admin console asks for it (useTranslation('admin')): nested keys in its namespace
    expect(t('zones.counts', { ns: 'admin', buildings: 0, places: 0 })).toBe('لا توجد مبانٍ · لا توجد أماكن');
    expect(t('zones.counts', { ns: 'admin', buildings: 1, places: 2 })).toBe('مبنى واحد · مكانان');
    expect(t('zones.counts', { ns: 'admin', buildings: 3, places: 12 })).toBe('3 مبانٍ · 12 مكانًا');
    expect(t('zones.counts', { ns: 'admin', buildings: 100, places: 200 })).toBe('100 مبنى · 200 مكان');
  });
});
