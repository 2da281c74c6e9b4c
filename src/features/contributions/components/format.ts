import type { Lang } from '../../../lib/language.ts';

/** A date-time as a medium date in the page's language (Gregorian calendar in Arabic too). */
export function formatDate(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-u-ca-gregory' : 'en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso));
}
