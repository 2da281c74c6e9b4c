import i18next, { type i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/common.json';
import ar from '../../locales/ar/common.json';
import { rememberPlainStrings } from './i18n-plain-strings.ts';

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
});
