import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { dirOf, type Lang } from './browser-language.ts';

/**
 * i18next with namespaces `common`, `forms` and `admin` loaded on demand from locales/<lng>/<ns>.json,
 * so a page only downloads its language (`forms`: strings only the place forms use, e.g. the hours editor;
 * admin strings only on admin pages; decision 036).
 */
// (`device`: bundled with the saved places' and the outbox's modules, decision 048)
type Strings = Record<string, unknown>;
const loaders = import.meta.glob<{ default: Strings }>(['../../locales/*/*.json', '!../../locales/*/device.json', '!../../locales/*/common.json']);
// `common` in parts (decisions 055, 063): the first before a page hydrates, the late one (LATE_COMMON_KEYS of
// ./common-strings-parts.ts: forms', dialogs' and account strings) added by src/lib/late-strings.ts, the map and
// categories pages' one (PAGE_COMMON_KEYS) by src/lib/page-strings.ts
const commonFirst = import.meta.glob<{ default: Strings }>('../../locales/*/common.json', { query: '?part=first' });
/** The other parts' `common` strings of each language, once src/lib/late-strings.ts or page-strings.ts has run. */
const lateByLang = new Map<string, Strings>();

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = namespace === 'common' ? commonFirst[`../../locales/${language}/common.json`] : loaders[`../../locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`No translations for ${language}/${namespace}`), false);
    load().then(
      (m) => callback(null, namespace === 'common' ? { ...m.default, ...lateByLang.get(language) } : m.default),
      (e: Error) => callback(e, false),
    );
  },
};

/**
 * Adds a part of the `common` strings loaded after the first (LATE_COMMON_KEYS, PAGE_COMMON_KEYS) of each language to
 * i18next: to the languages already loaded at once, to a language loaded later (a switch) with its first part. Called
 * by src/lib/late-strings.ts and src/lib/page-strings.ts.
 */
export function addLateStrings(byLang: Record<string, Strings>) {
  for (const [language, strings] of Object.entries(byLang)) {
    lateByLang.set(language, { ...lateByLang.get(language), ...strings });
    if (i18n.isInitialized && i18n.hasResourceBundle(language, 'common')) i18n.addResourceBundle(language, 'common', strings, true, true);
  }
}

/**
 * Sets `<html lang dir>` when they differ. Only then: writing an attribute, even with its own value, makes the
 * browser recompute the style of the whole document (`:lang`, `[dir]`), ~20 ms of a phone's main thread on a
 * server-rendered page that already carries them.
 */
export function applyDocumentLanguage(lang: Lang) {
  const root = document.documentElement;
  if (root.lang !== lang) root.lang = lang;
  if (root.dir !== dirOf(lang)) root.dir = dirOf(lang);
}

/**
 * Initialises i18next in `lang`; resolves once the common namespace is loaded. No fallback language: an Arabic
 * page would otherwise download the English `common` strings too before it hydrates (6.8 KB, one more round
 * trip on a phone) only to never show them — every English string and every Arabic plural form has its Arabic
 * twin (src/lib/i18n.test.ts fails otherwise), so the fallback could not change a word (decision 051). The
 * server keeps English as its fallback (src/entry-server.tsx): with complete Arabic strings both render alike.
 */
export async function initI18n(lang: Lang) {
  i18n.on('languageChanged', (lng) => applyDocumentLanguage(lng === 'ar' ? 'ar' : 'en'));
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: false,
      supportedLngs: ['en', 'ar'],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  applyDocumentLanguage(lang);
  return i18n;
}

export { i18n };
