import type { Tx } from '../db/client.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../domain-errors.ts';
import { PLACE_COLUMNS, PLACE_FROM, type PlaceRow } from './columns.ts';
import { toPlace } from './mappers.ts';
import { setStatementTimeout } from './sql.ts';
import { flattenPayload } from '../../shared/place-request-fields.ts';
import { PLACE_FIELD_MESSAGES, type PlaceCreateInput, type PlaceUpdateInput } from '../../shared/schemas/place-form-schemas.ts';
import type { ApproveAllResult, PlaceRequest, PlaceRequestStatus, PlaceRequestType, ProposedChange } from '../../shared/schemas/place-request-schemas.ts';

/**
 * Place requests: reads, submissions and the moderation calls (SQL functions of
 * supabase/migrations/20260101001100_moderation.sql). Every call runs in the caller's transaction
 * (`c.var.db`), so RLS decides what a user may read or insert.
 */

type Json = Record<string, unknown>;

export interface PlaceRequestRow {
  id: string | number;
  type: PlaceRequestType;
  status: PlaceRequestStatus;
  payload: Json;
  previous: Json | null;
  /** The place now, in payload shape (pending edits only: the live "before"). */
  current: Json | null;
  place: { id: number; name: string; name_ar: string | null; slug: string } | null;
  user: { id: string; email: string; name: string } | null;
  /** The admin who decided (null while pending, or when the caller may not read that user). */
  reviewer: { id: string; email: string; name: string } | null;
  rejection_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  created_at: Date;
}

const iso = (d: Date | string | null) => (d == null ? null : d instanceof Date ? d.toISOString() : String(d));

function select(tx: Tx) {
  return tx`
    select r.id, r.type, r.status, r.payload, r.previous, r.rejection_reason, rv.id as reviewed_by, r.reviewed_at, r.created_at,
           case when p.id is null then null else jsonb_build_object('id', p.id, 'name', p.name, 'name_ar', p.name_ar, 'slug', p.slug) end as place,
           case when r.type = 'edit' and r.status = 'pending' then private.place_payload(p.id) end as current,
           private.request_user(r.user_id) as user,
           case when rv.id is null then null else private.request_user(rv.id) end as reviewer
    from public.place_requests r
    left join public.places p on p.id = r.place_id
    -- reviewed_by is not readable by API roles (column privileges): admins get it through request_reviewer
    cross join lateral (select private.request_reviewer(r.id) as id) rv`;
}

export interface PlaceRequestFilter {
  /** Only this requester's requests (user endpoints); absent: every request RLS lets the caller read. */
  userId?: string;
  type?: PlaceRequestType;
  status?: PlaceRequestStatus;
}

/** A page of requests, newest first, with the total matching the filter. */
export async function listPlaceRequests(tx: Tx, filter: PlaceRequestFilter, paging: { page: number; limit: number }) {
  const where = () => tx`
    where true
    ${filter.userId ? tx`and r.user_id = ${filter.userId}` : tx``}
    ${filter.type ? tx`and r.type = ${filter.type}` : tx``}
    ${filter.status ? tx`and r.status = ${filter.status}` : tx``}`;
  const [rows, [{ total }]] = await Promise.all([
    tx<PlaceRequestRow[]>`${select(tx)} ${where()}
      order by r.created_at desc, r.id desc limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}`,
    tx<{ total: number }[]>`select count(*)::int as total from public.place_requests r ${where()}`,
  ]);
  return { rows, total };
}

/** One request (of `userId` when given); undefined when absent or not readable by the caller. */
export async function getPlaceRequest(tx: Tx, id: number, filter: { userId?: string } = {}): Promise<PlaceRequestRow | undefined> {
  const [row] = await tx<PlaceRequestRow[]>`${select(tx)}
    where r.id = ${id} ${filter.userId ? tx`and r.user_id = ${filter.userId}` : tx``}`;
  return row;
}

function scalar(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  return JSON.stringify(value);
}

function valueAt(source: Json | null | undefined, field: string): unknown {
  if (!source) return null;
  if (field.startsWith('details.')) return (source.details as Json | undefined)?.[field.slice(8)] ?? null;
  return source[field] ?? null;
}

/**
 * Row → API shape. proposedChanges (edits): every payload field with `before` = the live
 * place while pending, the submission-time snapshot once reviewed. `reviewedBy` and `reviewer` only for admins.
 */
export function toPlaceRequest(row: PlaceRequestRow, options: { admin?: boolean } = {}): PlaceRequest {
  const payload = row.payload ?? {};
  const beforeSource = row.status === 'pending' && row.current ? row.current : row.previous;
  const proposedChanges: ProposedChange[] = row.type === 'edit'
    ? flattenPayload(payload).map(([field, after]) => ({ field, before: scalar(valueAt(beforeSource, field)), after: scalar(after) }))
    : [];
  const details = payload.details as Json | undefined;
  return {
    id: Number(row.id),
    type: row.type,
    status: row.status,
    payload,
    place: row.place ? { id: Number(row.place.id), name: row.place.name, nameAr: row.place.name_ar ?? null, slug: row.place.slug } : null,
    user: row.user ? { id: row.user.id, email: row.user.email ?? '', name: row.user.name ?? '' } : null,
    createdAt: iso(row.created_at)!,
    rejectionReason: row.rejection_reason,
    proposedChanges,
    updatedImages: {
      logo: typeof payload.logoUrl === 'string' ? payload.logoUrl : null,
      mainImage: typeof details?.imageUrl === 'string' ? details.imageUrl : null,
    },
    reviewedAt: iso(row.reviewed_at),
    ...(options.admin
      ? { reviewedBy: row.reviewed_by, reviewer: row.reviewer ? { id: row.reviewer.id, email: row.reviewer.email ?? '', name: row.reviewer.name ?? '' } : null }
      : {}),
  };
}

/**
 * What an edit really changes: the fields of `changes` whose value differs from the place's
 * (`current`, payload shape), as `payload`, and the place's values of those fields as `previous`.
 * Both empty when nothing differs.
 */
export function diffPlaceChanges(current: Json, changes: PlaceUpdateInput): { payload: Json; previous: Json } {
  const payload: Json = {};
  const previous: Json = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (key === 'details') {
      const currentDetails = (current.details ?? {}) as Json;
      for (const [inner, v] of Object.entries((value ?? {}) as Json)) {
        if (v === undefined || (currentDetails[inner] ?? null) === v) continue;
        ((payload.details ??= {}) as Json)[inner] = v;
        ((previous.details ??= {}) as Json)[inner] = currentDetails[inner] ?? null;
      }
      continue;
    }
    if ((current[key] ?? null) === value) continue;
    payload[key] = value;
    previous[key] = current[key] ?? null;
  }
  return { payload, previous };
}

/** 400 with field errors unless the category (and the zone/building, when given) exist. */
export async function assertPlaceReferences(tx: Tx, fields: { categoryId?: number | null; zoneId?: number | null; buildingId?: number | null }) {
  const [found] = await tx<{ category: boolean; zone: boolean; building: boolean }[]>`
    select ${fields.categoryId == null} or exists (select 1 from public.categories where id = ${fields.categoryId ?? null}) as category,
           ${fields.zoneId == null} or exists (select 1 from public.zones where id = ${fields.zoneId ?? null}) as zone,
           ${fields.buildingId == null} or exists (select 1 from public.buildings where id = ${fields.buildingId ?? null}) as building`;
  const errors: Record<string, string[]> = {};
  if (!found.category) errors.categoryId = [PLACE_FIELD_MESSAGES.selectCategory];
  if (!found.zone) errors.zoneId = [PLACE_FIELD_MESSAGES.invalidId];
  if (!found.building) errors.buildingId = [PLACE_FIELD_MESSAGES.invalidId];
  if (Object.keys(errors).length) throw new ValidationError('validation_failed', { fields: errors });
}

/**
 * Whether the caller owns place `id` (`mine`) and its current values as a request payload
 * (private.place_payload), for an edit request; undefined when the place does not exist. owner_id is
 * not readable by API roles (column privileges): ownership comes from private.owned_place_ids().
 */
export async function placeForEditRequest(tx: Tx, id: number): Promise<{ mine: boolean; current: Record<string, unknown> } | undefined> {
  const [place] = await tx<{ mine: boolean; current: Record<string, unknown> }[]>`
    select p.id in (select private.owned_place_ids()) as mine, private.place_payload(p.id) as current
    from public.places p where p.id = ${id}`;
  return place;
}

/**
 * A page of the places the caller (auth.uid() of `tx`) owns (full place rows, newest first), with the
 * total; `search` matches a substring of the English or Arabic name (case-insensitive).
 */
export async function ownPlaces(tx: Tx, search: string | undefined, paging: { page: number; limit: number }) {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const filter = () => tx`where p.id in (select private.owned_place_ids())
    ${pattern ? tx`and (p.name ilike ${pattern} or p.name_ar ilike ${pattern})` : tx``}`;
  const [rows, [{ total }]] = await Promise.all([
    tx<PlaceRow[]>`select ${tx.unsafe(PLACE_COLUMNS)} from ${tx.unsafe(PLACE_FROM)} ${filter()}
       order by p.created_at desc, p.id desc limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}`,
    tx<{ total: number }[]>`select count(*)::int as total from public.places p ${filter()}`,
  ]);
  return { rows: rows.map(toPlace), total };
}

/** Inserts a pending request of the caller (RLS: only for themselves; edits only of places they own). */
export async function insertPlaceRequest(
  tx: Tx,
  request: { type: 'create'; userId: string; payload: PlaceCreateInput } | { type: 'edit'; userId: string; placeId: number; payload: Json; previous: Json },
): Promise<number> {
  const [row] = await tx<{ id: string }[]>`
    insert into public.place_requests (type, status, payload, previous, place_id, user_id)
    values (${request.type}, 'pending', ${tx.json(request.payload as never)},
            ${request.type === 'edit' ? tx.json(request.previous as never) : null},
            ${request.type === 'edit' ? request.placeId : null}, ${request.userId})
    returning id`;
  return Number(row.id);
}

/** A user's proposal of a new place: references checked (400 field errors), a pending `create` request; the request as the API answers it. */
export async function submitCreateRequest(tx: Tx, userId: string, payload: PlaceCreateInput): Promise<PlaceRequest> {
  await assertPlaceReferences(tx, payload);
  const id = await insertPlaceRequest(tx, { type: 'create', userId, payload });
  return toPlaceRequest((await getPlaceRequest(tx, id))!);
}

/**
 * A user's proposed changes to place `placeId`: 404 `place_not_found`, 403 `not_place_owner` unless theirs,
 * 400 `no_changes` when nothing differs; else a pending `edit` request holding only the differing fields
 * (and their previous values); the request as the API answers it.
 */
export async function submitEditRequest(tx: Tx, userId: string, placeId: number, changes: PlaceUpdateInput): Promise<PlaceRequest> {
  const place = await placeForEditRequest(tx, placeId);
  if (!place) throw new NotFoundError('place_not_found');
  if (!place.mine) throw new ForbiddenError('not_place_owner');
  const { payload, previous } = diffPlaceChanges(place.current, changes);
  if (Object.keys(payload).length === 0) throw new ValidationError('no_changes');
  await assertPlaceReferences(tx, payload as { categoryId?: number; zoneId?: number | null; buildingId?: number | null });
  const requestId = await insertPlaceRequest(tx, { type: 'edit', userId, placeId, payload, previous });
  return toPlaceRequest((await getPlaceRequest(tx, requestId))!);
}

/** Why an approval cannot be applied (request_not_applicable's `reasonCode`). */
export type NotApplicableCode = 'category_missing' | 'zone_missing' | 'building_missing' | 'place_missing'
  | 'name_required' | 'category_required' | 'details_invalid' | 'value_refused';

/**
 * The database's reasons for PR422 (migration 20260101001100_moderation.sql, in English) as a code
 * and a message in both languages (`not_applicable_<code>` in message-catalogue.ts):
 * category_missing, zone_missing, building_missing (params.id), place_missing, name_required,
 * category_required, details_invalid, else value_refused (a column check or type refused a value;
 * params.field: the column of a places check constraint, else '?').
 */
export function notApplicableReason(dbMessage: string): { code: NotApplicableCode; key: `not_applicable_${NotApplicableCode}`; params: Record<string, string> } {
  const patterns: [RegExp, NotApplicableCode][] = [
    [/^category (\S+) does not exist$/, 'category_missing'], [/^zone (\S+) does not exist$/, 'zone_missing'],
    [/^building (\S+) does not exist$/, 'building_missing'], [/^the place no longer exists$/, 'place_missing'],
    [/^name is required$/, 'name_required'], [/^categoryId is required$/, 'category_required'],
    [/^details must be an object$/, 'details_invalid'],
  ];
  for (const [pattern, code] of patterns) {
    const m = pattern.exec(dbMessage);
    if (m) return { code, key: `not_applicable_${code}` as const, params: m[1] ? { id: m[1] } : {} };
  }
  // a column check of the places table: name the column (e.g. places_phone_check → phone)
  const column = /check constraint "places_([a-z_]+?)_check"/.exec(dbMessage)?.[1];
  return { code: 'value_refused', key: 'not_applicable_value_refused', params: { field: column ?? '?' } };
}

/** Maps the moderation functions' SQLSTATEs (see the migration's header) to domain errors. */
export function moderationError(error: unknown): unknown {
  const pg = error as { code?: string; message?: string } | null;
  switch (pg?.code) {
    case 'PR404': return new NotFoundError('place_request_not_found');
    case 'PR409': return new ConflictError('request_already_reviewed');
    case 'PR422': {
      const reason = notApplicableReason(pg.message ?? '');
      return new ConflictError('request_not_applicable', { params: { reason }, extra: { reasonCode: reason.code } });
    }
    case '22023': return new ValidationError('validation_failed');
    default: return error;
  }
}

const API_CODES: Record<string, string> = { PR404: 'place_request_not_found', PR409: 'request_already_reviewed', PR422: 'request_not_applicable', '42501': 'forbidden' };

/** public.approve_place_request(id): the place is created or changed; returns nothing (re-read the request). */
export async function approvePlaceRequest(tx: Tx, id: number): Promise<void> {
  try {
    await tx`select 1 from public.approve_place_request(${id})`;
  } catch (error) {
    throw moderationError(error);
  }
}

/** public.reject_place_request(id, reason). */
export async function rejectPlaceRequest(tx: Tx, id: number, reason: string): Promise<void> {
  try {
    await tx`select 1 from public.reject_place_request(${id}, ${reason})`;
  } catch (error) {
    throw moderationError(error);
  }
}

/** Approve-all may apply many requests in one call: its statements get this long (ms). */
export const APPROVE_ALL_TIMEOUT_MS = 60_000;

/**
 * public.approve_all_place_requests(type): each pending request in its own sub-transaction, under
 * a statement timeout of APPROVE_ALL_TIMEOUT_MS for the rest of `tx`.
 * Failed ones stay pending and come back with an API code and the database's reason.
 */
export async function approveAllPlaceRequests(tx: Tx, type?: PlaceRequestType): Promise<ApproveAllResult> {
  await setStatementTimeout(tx, APPROVE_ALL_TIMEOUT_MS);
  let result: { approved: (number | string)[]; failed: { id: number | string; code: string; reason: string }[] };
  try {
    [{ result }] = await tx<{ result: typeof result }[]>`select public.approve_all_place_requests(${type ?? null}) as result`;
  } catch (error) {
    throw moderationError(error);
  }
  return {
    approved: result.approved.map(Number),
    failed: result.failed.map((f) => ({ id: Number(f.id), code: API_CODES[f.code] ?? 'request_not_applicable', reason: f.reason })),
  };
}
