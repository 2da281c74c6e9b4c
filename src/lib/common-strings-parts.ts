/**
 * The `common` strings only forms, dialogs and the account and admin areas show (decision 055): the add-place form
 * (`contribute`, `duplicates`, `placeRequest`, `imageUpload`), sign-in and sign-up (`auth`), the profile (`account`).
 * The browser loads `locales/<lng>/common.json` in two parts: the first (every other key) before a page hydrates,
 * the late one with the first lazy module that shows one of these strings (src/lib/late-strings.ts), so that the
 * public pages' first scripts do not carry them (−2.9 KB gzip in English, −3.5 KB in Arabic). One file per language
 * stays their home; the build cuts it (`?part=first|late`, vite.config.ts), the server keeps it whole.
 */
export const LATE_COMMON_KEYS = ['contribute', 'duplicates', 'placeRequest', 'imageUpload', 'auth', 'account'] as const;

/** The keys of one part of a `common` namespace: `late` = LATE_COMMON_KEYS, `first` = all the others. */
export function commonStringsPart(strings: Record<string, unknown>, part: 'first' | 'late'): Record<string, unknown> {
  const late = new Set<string>(LATE_COMMON_KEYS);
  return Object.fromEntries(Object.entries(strings).filter(([key]) => late.has(key) === (part === 'late')));
}
