import { formatNumber } from '../../lib/intl.ts';
import type { Lang } from '../../lib/browser-language.ts';
import type { HistoryEntry } from '../../shared/schemas/history-schemas.ts';
import type { Overview, PlaceGap } from '../../shared/schemas/overview-schemas.ts';

/**
 * Pure parts of the admin overview screen (/admin/overview): chart rows, ages in words, the gap
 * links and what a latest change is about.
 */

/** Bars per chart; the text alternative (table) lists every row. */
export const CHART_ROWS = 10;

export interface ChartRow { key: string; label: string; count: number }

/** Buckets → chart rows in the admin's language; the `id: null` zone bucket is labelled `noneLabel`. */
export function chartRows(buckets: Overview['perCategory'], pick: (en: string, ar?: string | null) => string, noneLabel: string): ChartRow[] {
  return buckets.map((b) => ({ key: String(b.id ?? 'none'), label: b.id === null ? noneLabel : pick(b.name, b.nameAr), count: b.count }));
}

/**
 * An age given in hours, in words of `lang` (Intl unit format): minutes under an hour, hours under two
 * days, days after ("3 hours", "3 ساعات", "5 days"; Western digits, src/lib/intl.ts).
 */
export function formatAge(hours: number, lang: Lang): string {
  const [value, unit] = hours < 1 ? [Math.max(1, Math.round(hours * 60)), 'minute'] as const
    : hours < 48 ? [Math.round(hours), 'hour'] as const
    : [Math.round(hours / 24), 'day'] as const;
  return formatNumber(value, lang, { style: 'unit', unit, unitDisplay: 'long' });
}

/** The gaps the overview links, in order, each to the admin places list filtered by it. */
export const GAP_LINKS: { gap: PlaceGap; to: string }[] = [
  { gap: 'nameAr', to: '/admin/places?missing=nameAr' },
  { gap: 'phone', to: '/admin/places?missing=phone' },
  { gap: 'openingHours', to: '/admin/places?missing=openingHours' },
  { gap: 'coordinates', to: '/admin/places?missing=coordinates' },
];

/** The history page of a change's record (`website` has a single record). */
export function historyLink(entry: Pick<HistoryEntry, 'entity' | 'entityId'>): string {
  return entry.entity === 'website' ? '/admin/history?entity=website' : `/admin/history?entity=${entry.entity}&id=${entry.entityId}`;
}

/**
 * The record's name as the change shows it (after, else before): name/title in `lang` when present
 * in the entry (an update carries only the changed columns), else null.
 */
export function changeRecordName(entry: Pick<HistoryEntry, 'before' | 'after'>, lang: Lang): string | null {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  for (const row of [entry.after, entry.before]) {
    if (!row) continue;
    const en = text(row.name) ?? text(row.title) ?? text(row.site_name);
    const ar = text(row.name_ar) ?? text(row.title_ar) ?? text(row.site_name_ar);
    const name = lang === 'ar' ? ar ?? en : en ?? ar;
    if (name) return name;
  }
  return null;
}
