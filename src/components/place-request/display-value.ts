import { parseHoursRows, type HoursRows } from '../../shared/opening-hours-rows.ts';
import { isHttpUrl, isImageUrl } from '../../shared/schemas/place-form-schemas.ts';

/**
 * How a place request's submitted value (or a history entry's before/after) is shown — pure, used by
 * the profile's request details and the admin Requests and History pages (RequestValueView renders it).
 */

const IMAGE_FIELDS = new Set(['logoUrl', 'details.imageUrl']);
const LINK_FIELDS = new Set(['websiteUrl', 'mapUrl', 'details.youtubeUrl']);
const LTR_FIELDS = new Set(['phone', 'whatsapp', 'managerPhone', 'latitude', 'longitude', 'buildingId']);
const ARABIC_FIELDS = new Set(['nameAr', 'addressAr', 'managerNameAr']);

/** How a submitted value is shown. `dir`: the text's own direction when it is not the page's. */
export type DisplayValue =
  | { kind: 'empty' }
  | { kind: 'text'; text: string; dir?: 'ltr' | 'rtl' }
  | { kind: 'link'; url: string }
  | { kind: 'image'; url: string }
  /** Opening hours: the stored text, and its week rows when it is plain weekly hours (null: shown as text). */
  | { kind: 'hours'; text: string; rows: HoursRows | null };

export interface ValueLookups {
  /** Category and zone names by id, in the page's language (absent while loading or unknown). */
  category?: (id: number) => string | undefined;
  zone?: (id: number) => string | undefined;
}

/**
 * A payload value → how to show it: empty (null, '' or absent: not given or cleared), the category or
 * zone name for their ids (`#id` when unknown), images (http(s) or /uploads/) previewed, http(s) URLs
 * as links, opening hours with their week rows, phones and coordinates left-to-right, Arabic texts right-to-left, anything else as text.
 */
export function describeValue(field: string, value: unknown, lookups: ValueLookups = {}): DisplayValue {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return { kind: 'empty' };
  if ((field === 'categoryId' || field === 'zoneId') && typeof value === 'number') {
    const name = (field === 'categoryId' ? lookups.category : lookups.zone)?.(value);
    return name ? { kind: 'text', text: name } : { kind: 'text', text: `#${value}`, dir: 'ltr' };
  }
  if (typeof value === 'string' && IMAGE_FIELDS.has(field) && isImageUrl(value)) return { kind: 'image', url: value };
  if (typeof value === 'string' && field === 'openingHours') return { kind: 'hours', text: value, rows: parseHoursRows(value) };
  if (typeof value === 'string' && LINK_FIELDS.has(field) && isHttpUrl(value)) return { kind: 'link', url: value };
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  if (LTR_FIELDS.has(field)) return { kind: 'text', text, dir: 'ltr' };
  if (ARABIC_FIELDS.has(field)) return { kind: 'text', text, dir: 'rtl' };
  return { kind: 'text', text };
}
