import { formatDate as formatAppDate } from '../../../lib/intl.ts';
import type { Lang } from '../../../lib/browser-language.ts';

/** A request's date in the page's language: the app's one date format (src/lib/intl.ts; Hijri beside it in Arabic). */
export function formatDate(iso: string, lang: Lang): string {
  return formatAppDate(iso, lang);
}
