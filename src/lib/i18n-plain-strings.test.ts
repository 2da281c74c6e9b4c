import i18next, { type i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/common.json';
import ar from '../../locales/ar/common.json';
import { MAX_COUNTED_STRINGS, rememberPlainStrings } from './i18n-plain-strings.ts';

/** A server-like instance (src/entry-server.tsx): both languages' `common` strings, loaded at once. */
function instance(lng: 'en' | 'ar'): I18n {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng, fallbackLng: 'en', supportedLngs: ['en', 'ar'], ns: ['common'], defaultNS: 'common',
    resources: { en: { common: en }, ar: { common: ar } },
    interpolation: { escapeValue: false }, returnNull: false, initAsync: false,
  });
  return i18n;
}

/** The base keys of a strings file's plurals (`a.b_one` → `a.b`). */
function pluralKeysOf(strings: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(strings).flatMap(([k, v]) =>
    v && typeof v === 'object' ? pluralKeysOf(v as Record<string, unknown>, `${prefix}${k}.`)
      : /_(zero|one|two|few|many|other)$/.test(k) ? [`${prefix}${k}`.replace(/_(zero|one|two|few|many|other)$/, '')] : []);
}

/** Every key of a strings file, plurals by their base key (`a.b_one` → `a.b`). */
function keysOf(strings: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(strings).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keysOf(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`.replace(/_(zero|one|two|few|many|other)$/, '')]);
}

describe('rememberPlainStrings (the server\'s i18next instances)', () => {
  const keys = [...new Set([...keysOf(en), ...keysOf(ar), 'no.such.key'])];

  it.each(['en', 'ar'] as const)('every plain string in %s is i18next\'s own, asked once or again', (lng) => {
    const plain = instance(lng);
    const remembering = instance(lng);
    rememberPlainStrings(remembering);
    const t = remembering.getFixedT(lng, 'common');
    const expected = plain.getFixedT(lng, 'common');
    for (const key of keys) {
      expect(t(key), key).toEqual(expected(key));
      expect(t(key), key).toEqual(expected(key));
    }
    // another component's `t` of the same language and namespace reads the same strings
    expect(remembering.getFixedT(lng, 'common')('nav.home')).toBe(expected('nav.home'));
  });

  it('leaves calls with options to i18next: values, counts and defaults differ call by call', () => {
    const i18n = instance('en');
    rememberPlainStrings(i18n);
    const t = i18n.getFixedT('en', 'common');
    expect(t('search.resultsFor', { query: 'tea' })).toContain('tea');
    expect(t('search.resultsFor', { query: 'coffee' })).toContain('coffee');
    expect(t('home.placesCount', { count: 1 })).not.toBe(t('home.placesCount', { count: 5 }));
    expect(t('no.such.key', { defaultValue: 'fallback' })).toBe('fallback');
    // a plain call of a key asked with options before is still the plain string
    expect(t('search.resultsFor')).toBe(instance('en').getFixedT('en', 'common')('search.resultsFor'));
  });

  it('keeps each language, namespace and key prefix apart', () => {
    const i18n = instance('en');
    rememberPlainStrings(i18n);
    const reference = instance('en');
    expect(i18n.getFixedT('en', 'common')('nav.home')).toBe(reference.getFixedT('en', 'common')('nav.home'));
    expect(i18n.getFixedT('ar', 'common')('nav.home')).toBe(reference.getFixedT('ar', 'common')('nav.home'));
    expect(i18n.getFixedT('ar', 'common')('nav.home')).not.toBe(i18n.getFixedT('en', 'common')('nav.home'));
    expect(i18n.getFixedT('en', 'common', 'nav')('home')).toBe(reference.getFixedT('en', 'common')('nav.home'));
    // a fixed `t` still says which language it is for (react-i18next reads it)
    expect((i18n.getFixedT('ar', 'common') as unknown as { lng: string }).lng).toBe('ar');
  });

  it.each(['en', 'ar'] as const)('every plural in %s asked with only a count is i18next\'s own, count by count, asked once or again', (lng) => {
    const plurals = [...new Set([...pluralKeysOf(en), ...pluralKeysOf(ar)])];
    expect(plurals.length).toBeGreaterThan(5);
    const remembering = instance(lng);
    rememberPlainStrings(remembering);
    const t = remembering.getFixedT(lng, 'common');
    const expected = instance(lng).getFixedT(lng, 'common');
    // Arabic has six plural forms: 0, 1, 2, 3–10, 11–99, 100+ (and fractions)
    const counts = [0, 1, 2, 3, 7, 10, 11, 42, 99, 100, 101, 102, 1000, 3289, 1.5, -1];
    for (const key of plurals) {
      for (const count of counts) expect(t(key, { count }), `${key} ${count}`).toBe(expected(key, { count }));
      for (const count of [...counts].reverse()) expect(t(key, { count }), `${key} ${count}`).toBe(expected(key, { count }));
      // the plain string of a plural key is not one of its counted strings, nor the other way round
      expect(t(key)).toBe(expected(key));
      expect(t(key, { count: 2 })).toBe(expected(key, { count: 2 }));
    }
  });

  it('leaves a count asked with other options to i18next, and stops remembering counts past its limit', () => {
    const i18n = instance('en');
    rememberPlainStrings(i18n);
    const t = i18n.getFixedT('en', 'common');
    const expected = instance('en').getFixedT('en', 'common');
    expect(t('home.placesCount', { count: 3 })).toBe(expected('home.placesCount', { count: 3 }));
    expect(t('home.placesCount', { count: 3, defaultValue: 'x' })).toBe(expected('home.placesCount', { count: 3, defaultValue: 'x' }));
    expect(t('no.such.key', { count: 3, defaultValue: 'three' })).toBe('three');
    expect(t('no.such.key', { count: 3, defaultValue: 'trois' })).toBe('trois');
    for (let count = 0; count < MAX_COUNTED_STRINGS + 50; count += 1) t('home.placesCount', { count });
    const past = MAX_COUNTED_STRINGS + 10;
    expect(t('home.placesCount', { count: past })).toBe(expected('home.placesCount', { count: past }));
  });
});
