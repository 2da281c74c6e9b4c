/**
 * The `common` strings only forms, dialogs and the account and admin areas show (decision 055): the add-place form
 * (`contribute`, `duplicates`, `placeRequest`, `imageUpload`), sign-in and sign-up (`auth`), the profile (`account`).
 * The browser loads `locales/<lng>/common.json` in parts: the first (every key of no other part) before a page
 * hydrates, the late one with the first lazy module that shows one of these strings (src/lib/late-strings.ts), so that
 * the public pages' first scripts do not carry them (−2.9 KB gzip in English, −3.5 KB in Arabic). One file per language
 * stays their home; the build cuts it (`?part=first|late|pages`, vite.config.ts), the server keeps it whole.
 */
export const LATE_COMMON_KEYS = ['contribute', 'duplicates', 'placeRequest', 'imageUpload', 'auth', 'account'] as const;

/**
 * The `common` strings only the map pages (and the admin area's maps) and the categories page show (decision 063): the
 * `pages` part, added by src/lib/page-strings.ts, which those pages' modules import — the home, list and place pages'
 * first scripts do not carry them (−0.5 KB gzip in English, −0.6 KB in Arabic).
 */
export const PAGE_COMMON_KEYS = ['mapPage', 'mapView', 'mapZone', 'categoriesPage'] as const;

/** A part of the `common` strings: `late` = LATE_COMMON_KEYS, `pages` = PAGE_COMMON_KEYS, `first` = all the others. */
export type CommonStringsPart = 'first' | 'late' | 'pages';

/** The keys of one part of a `common` namespace. */
export function commonStringsPart(strings: Record<string, unknown>, part: CommonStringsPart): Record<string, unknown> {
  const partOf = (key: string): CommonStringsPart =>
    (LATE_COMMON_KEYS as readonly string[]).includes(key) ? 'late' : (PAGE_COMMON_KEYS as readonly string[]).includes(key) ? 'pages' : 'first';
  return Object.fromEntries(Object.entries(strings).filter(([key]) => partOf(key) === part));
}
