import ar from '../../locales/ar/common.json?part=pages';
import en from '../../locales/en/common.json?part=pages';
import { addLateStrings } from './i18n.ts';

/**
 * Imported by every module that shows a `common` string of the map pages, the admin area's maps or the categories page
 * (PAGE_COMMON_KEYS, src/lib/common-strings-parts.ts; checked by src/lib/i18n.test.ts): evaluating this module adds them
 * to i18next, so they are there before any component of the importing module renders — a server-rendered map or
 * categories page loads its route module, and so this one, before it hydrates. The home, list and place pages' first
 * scripts do not carry them (decision 063). Both languages at once (≈ 0.6 KB gzip each), as src/lib/late-strings.ts.
 */
addLateStrings({ en, ar });
