import { z } from 'zod';
import type { Lang } from '../../lib/browser-language.ts';
import { TEXT_LIMITS } from '../../shared/schemas/common-schemas.ts';
import { PLACE_REQUEST_STATUSES, PLACE_REQUEST_TYPES, type PlaceRequestStatus, type PlaceRequestType } from '../../shared/schemas/place-request-schemas.ts';
import { formatDate } from '../../lib/intl.ts';

/**
 * Pure parts of the admin Requests screen: the filter kept in the URL, list rows read
 * defensively from checked or raw items, dates, the reject form (labels and values: components/place-request).
 */

export type StatusFilter = PlaceRequestStatus | 'all';
export const STATUS_FILTERS: readonly StatusFilter[] = [...PLACE_REQUEST_STATUSES, 'all'];

export interface RequestsFilter {
  type: PlaceRequestType;
  status: StatusFilter;
  page: number;
}

/**
 * `?type=create|edit&status=pending|approved|rejected|all&page=N` → the filter. Defaults (and what
 * an unknown value gives): creation requests, pending, page 1.
 */
export function requestsFilterFromParams(params: URLSearchParams): RequestsFilter {
  const type = params.get('type');
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    type: (PLACE_REQUEST_TYPES as readonly string[]).includes(type ?? '') ? (type as PlaceRequestType) : 'create',
    status: (STATUS_FILTERS as readonly string[]).includes(status ?? '') ? (status as StatusFilter) : 'pending',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The filter as URL parameters, defaults left out (a clean /admin/requests is creation, pending, page 1). */
export function requestsFilterToParams(filter: RequestsFilter, base?: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(base);
  const set = (key: string, value: string | number, fallback: string | number) => (value === fallback ? next.delete(key) : next.set(key, String(value)));
  set('type', filter.type, 'create');
  set('status', filter.status, 'pending');
  set('page', filter.page, 1);
  return next;
}

/** What a row of the requests list shows. Text fields are null when the item lacks them. */
export interface RequestRow {
  id: number;
  type: PlaceRequestType | null;
  status: PlaceRequestStatus | null;
  requester: { name: string; email: string } | null;
  /** Create: the proposed name (English, Arabic); edit: the target place's name. */
  placeName: string | null;
  placeNameAr: string | null;
  /** The place's slug when it exists (edit target, or the approved create's new place). */
  placeSlug: string | null;
  /** ISO date-time of the submission, when it is a valid date. */
  createdAt: string | null;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/**
 * A list item (checked `PlaceRequest` or, after a shape mismatch, whatever the server sent) → the
 * row to show; null when it has no usable id (nothing can be done with it). Never throws.
 */
export function toRequestRow(item: unknown): RequestRow | null {
  const r = obj(item);
  const id = typeof r?.id === 'number' ? r.id : typeof r?.id === 'string' && /^\d+$/.test(r.id) ? Number(r.id) : NaN;
  if (!r || !Number.isSafeInteger(id) || id <= 0) return null;
  const type = (PLACE_REQUEST_TYPES as readonly unknown[]).includes(r.type) ? (r.type as PlaceRequestType) : null;
  const status = (PLACE_REQUEST_STATUSES as readonly unknown[]).includes(r.status) ? (r.status as PlaceRequestStatus) : null;
  const user = obj(r.user);
  const place = obj(r.place);
  const payload = obj(r.payload);
  const fromPlace = type === 'edit' || !str(payload?.name);
  const created = str(r.createdAt);
  return {
    id,
    type,
    status,
    requester: user && (str(user.name) || str(user.email)) ? { name: str(user.name) ?? '', email: str(user.email) ?? '' } : null,
    placeName: fromPlace ? str(place?.name) : str(payload?.name),
    placeNameAr: fromPlace ? str(place?.nameAr) : str(payload?.nameAr),
    placeSlug: str(place?.slug),
    createdAt: created && !Number.isNaN(Date.parse(created)) ? created : null,
  };
}

/**
 * A date-time in the page's language: the app's one date-time format (src/lib/intl.ts: Gregorian,
 * Western digits, the Hijri date beside it in Arabic); '—' for a missing or invalid date.
 */
export function formatDateTime(iso: string | null | undefined, lang: Lang, withTime = true): string {
  return formatDate(iso, lang, withTime ? 'dateTime' : 'date');
}

/** The reject dialog's form: the reason is required (trimmed, at most 2000 characters, like the API). */
export const rejectFormSchema = z.object({
  reason: z.string().trim().min(1, 'requests.reasonRequired').max(TEXT_LIMITS.reason, 'validation.tooLong'),
});
