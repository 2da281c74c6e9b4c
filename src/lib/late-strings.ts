import ar from '../../locales/ar/common.json?part=late';
import en from '../../locales/en/common.json?part=late';
import { addLateStrings } from './i18n.ts';

/**
 * Imported by every module that shows a late `common` string (src/lib/common-strings-parts.ts; checked by
 * src/lib/i18n.test.ts): evaluating this module adds them to i18next, so they are there before any component of
 * the importing module renders (decision 055). Such modules are all lazy (dialogs, forms, account and admin pages):
 * this chunk loads with the first of them, never with a public page's first scripts. Both languages come at once
 * (≈ 3 KB gzip each), so that the strings are there synchronously and a language switch later needs nothing more.
 */
addLateStrings({ en, ar });
