import { intlLocale } from './intl.ts';
import type { Lang } from './browser-language.ts';

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 31_536_000], ['month', 2_592_000], ['week', 604_800], ['day', 86_400], ['hour', 3_600], ['minute', 60], ['second', 1],
];

/**
 * How long ago (or from now) `date` is, in the page's language with Western digits: "5 minutes ago", "yesterday",
 * «قبل 5 دقائق», «أمس» (Intl.RelativeTimeFormat, `numeric: 'auto'`; the largest whole unit, seconds under a minute).
 * Its own module (not intl.ts): only the offline notice uses it, after the page is interactive.
 */
export function formatRelativeTime(date: Date, lang: Lang, now: Date = new Date()): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(intlLocale(lang), { numeric: 'auto' });
  const [unit, size] = RELATIVE_UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  return format.format(Math.round(seconds / size), unit);
}
