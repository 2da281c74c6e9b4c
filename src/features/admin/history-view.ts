import type { HistoryEntry } from '../../shared/schemas/history-schemas.ts';

/**
 * Pure parts of the admin History screen: which record the URL names, and an entry's changes as
 * (field, before, after) rows in the place form's terms, so the moderation diff can show them.
 */

/** Database column of a place → its field in the place payload (labels and value display of the requests screen). */
const PLACE_COLUMN_FIELDS: Record<string, string> = {
  name: 'name', name_ar: 'nameAr', category_id: 'categoryId', zone_id: 'zoneId', building_id: 'buildingId',
  logo_url: 'logoUrl', address: 'address', address_ar: 'addressAr', phone: 'phone', whatsapp: 'whatsapp',
  website_url: 'websiteUrl', map_url: 'mapUrl', manager_name: 'managerName', manager_name_ar: 'managerNameAr',
  manager_phone: 'managerPhone', latitude: 'latitude', longitude: 'longitude', description: 'details.description',
  image_url: 'details.imageUrl', youtube_url: 'details.youtubeUrl',
};

/** Columns never shown as a change (the record's own id). */
const SKIPPED = new Set(['id']);

export interface HistoryChange {
  /** The payload field for a known place column, else the column name. */
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The changes of an entry, in the place form's order for places (known fields first), then other
 * columns alphabetically. An insert lists its non-empty values (before = null), a delete every value
 * it had (after = null).
 */
export function historyChanges(entry: Pick<HistoryEntry, 'entity' | 'before' | 'after'>): HistoryChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const columns = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((c) => !SKIPPED.has(c));
  const order = Object.keys(PLACE_COLUMN_FIELDS);
  const rank = (c: string) => (entry.entity === 'place' && order.includes(c) ? order.indexOf(c) : order.length);
  return columns
    .filter((c) => (before[c] ?? null) !== null || (after[c] ?? null) !== null)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((c) => ({
      field: entry.entity === 'place' ? PLACE_COLUMN_FIELDS[c] ?? c : c,
      before: before[c] ?? null,
      after: after[c] ?? null,
    }));
}

/** `?entity=place&id=7` → the record to show; null when the URL names none (or an unknown entity / a bad id). */
export function historyTargetFromParams(params: URLSearchParams): { entity: HistoryEntry['entity']; id: number } | null {
  const entity = params.get('entity');
  if (entity === 'website') return { entity, id: 1 };
  const id = Number(params.get('id'));
  if (!['place', 'category', 'zone', 'building'].includes(entity ?? '') || !Number.isSafeInteger(id) || id <= 0) return null;
  return { entity: entity as HistoryEntry['entity'], id };
}
