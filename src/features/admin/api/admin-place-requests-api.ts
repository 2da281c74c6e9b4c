import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/browser-language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { pageMetaSchema, type PageMeta } from '../../../shared/schemas/common-schemas.ts';
import { placeRequestSchema, type PlaceRequest, type PlaceRequestStatus, type PlaceRequestType, approveAllResultSchema, type ApproveAllResult } from '../../../shared/schemas/place-request-schemas.ts';
import { adminKeys, invalidateAfterWrite } from './admin-keys.ts';
import { ApiError } from '../../../lib/api-client-error.ts';
import { useAdminMutation } from './use-admin-mutation.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export interface AdminPlaceRequestsParams {
  type?: PlaceRequestType;
  /** Absent: every status. */
  status?: PlaceRequestStatus;
  page: number;
  limit: number;
}

const placeRequestPageSchema = z.object({ data: z.array(placeRequestSchema), meta: pageMetaSchema });

/**
 * A page of place requests. `checked`: the answer matched the request shape; otherwise `data` holds
 * the items as the server sent them (this list falls back to raw data instead of failing),
 * and readers must treat them as unknown (see `toRequestRow`).
 */
export type PlaceRequestPage =
  | { checked: true; data: PlaceRequest[]; meta: PageMeta }
  | { checked: false; data: unknown[]; meta: PageMeta };

/**
 * The envelope of GET /admin/place-requests → a page. A shape mismatch does not throw: the
 * raw `data` array is kept (a bare array answer is taken as the data; anything else gives []), with
 * the answer's meta when that is valid, else `{ page, limit }` as asked and the item count as total.
 */
export function parsePlaceRequestPage(body: unknown, asked: { page: number; limit: number }): PlaceRequestPage {
  const parsed = placeRequestPageSchema.safeParse(body);
  if (parsed.success) return { checked: true, data: parsed.data.data, meta: parsed.data.meta };
  const envelope = body && typeof body === 'object' && !Array.isArray(body) ? (body as { data?: unknown; meta?: unknown }) : {};
  const data = Array.isArray(body) ? body : Array.isArray(envelope.data) ? envelope.data : [];
  const meta = pageMetaSchema.safeParse(envelope.meta);
  return { checked: false, data, meta: meta.success ? meta.data : { page: asked.page, limit: asked.limit, total: data.length } };
}

/** GET /admin/place-requests (type, status, page from 1, limit), newest first → a page (see parsePlaceRequestPage). */
export async function getPlaceRequests(params: AdminPlaceRequestsParams, signal?: AbortSignal): Promise<PlaceRequestPage> {
  const body = await apiRequest<unknown>('/admin/place-requests', { query: { ...params }, envelope: true, signal, scope: 'admin' });
  const page = parsePlaceRequestPage(body, params);
  if (!page.checked) console.warn('GET /admin/place-requests: unexpected response shape; showing the raw data');
  return page;
}

export const adminPlaceRequestsQueryOptions = (lang: Lang, params: AdminPlaceRequestsParams) =>
  queryOptions({
    queryKey: adminKeys.placeRequests(lang, params),
    queryFn: ({ signal }) => getPlaceRequests(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminPlaceRequestsQuery(params: AdminPlaceRequestsParams) {
  const { lang } = usePreferences();
  return useQuery(adminPlaceRequestsQueryOptions(lang, params));
}

/** How many pending requests (of `type`, else of both types) there are: a one-item page's total. */
export function usePendingRequestCount(type?: PlaceRequestType) {
  const { lang } = usePreferences();
  return useQuery({
    ...adminPlaceRequestsQueryOptions(lang, { type, status: 'pending', page: 1, limit: 1 }),
    placeholderData: undefined,
    select: (page) => page.meta.total,
  });
}

/**
 * GET /admin/place-requests/{id}: one request with its requester, payload, proposed changes
 * (before → after), updated images and, once decided, the reviewer and rejection reason; 404 when absent.
 */
export const adminPlaceRequestQueryOptions = (lang: Lang, id: number) =>
  queryOptions({
    queryKey: adminKeys.placeRequest(lang, id),
    queryFn: ({ signal }) => apiRequest(`/admin/place-requests/${id}`, { schema: placeRequestSchema, signal, scope: 'admin' }),
  });

export function useAdminPlaceRequestQuery(id: number | null) {
  const { lang } = usePreferences();
  return useQuery({ ...adminPlaceRequestQueryOptions(lang, id ?? 0), enabled: id !== null && id > 0 });
}

/**
 * POST /admin/place-requests/{id}/approve → the approved request (its `place` set). A create
 * publishes a new place, an edit changes one. 409 `request_already_reviewed` when it was decided
 * before; 409 `request_not_applicable` (message with the reason) when it cannot be applied.
 */
export function approvePlaceRequest(id: number): Promise<PlaceRequest> {
  return apiRequest(`/admin/place-requests/${id}/approve`, { method: 'POST', schema: placeRequestSchema, scope: 'admin' });
}

/** The failure toast's title: a request someone already decided says so. */
export const decisionErrorKey = (fallback: string) => (error: Error) =>
  error instanceof ApiError && error.code === 'request_already_reviewed' ? 'requests.alreadyDecided' : fallback;

/** Approving publishes or changes places: the admin and public place, category and zone lists refresh too. */
export function useApprovePlaceRequest() {
  return useAdminMutation({
    mutationFn: approvePlaceRequest,
    successKey: (r) => (r.type === 'create' ? 'requests.approveCreateSuccess' : 'requests.approveEditSuccess'),
    errorKey: decisionErrorKey('requests.approveError'),
    invalidate: [adminKeys.allPlaceRequests, adminKeys.allPlaces, adminKeys.allCategories, adminKeys.allZones],
    publicResources: ['places', 'categories', 'zones'],
  });
}

/**
 * POST /admin/place-requests/approve-all {type?}: approves every pending request (of `type` when
 * given), each on its own → `{ approved: ids, failed: [{ id, code, reason }] }`; failed ones stay pending.
 */
export function approveAllPlaceRequests(type?: PlaceRequestType): Promise<ApproveAllResult> {
  return apiRequest('/admin/place-requests/approve-all', { method: 'POST', body: type ? { type } : {}, schema: approveAllResultSchema, scope: 'admin' });
}

/**
 * Approve-all as a mutation. Unlike single decisions it does not toast by itself: the screen shows a
 * summary (approved and failed with reasons) from the result. Lists refresh whatever the outcome.
 */
export function useApproveAllPlaceRequests() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: approveAllPlaceRequests,
    onSettled: () => invalidateAfterWrite(
      queryClient,
      [adminKeys.allPlaceRequests, adminKeys.allPlaces, adminKeys.allCategories, adminKeys.allZones],
      ['places', 'categories', 'zones'],
    ),
  });
}

/**
 * POST /admin/place-requests/{id}/reject {reason} (1–2000 characters, trimmed; shown to the
 * requester) → the rejected request. 400 'Reason is required'; 409 `request_already_reviewed`.
 */
export function rejectPlaceRequest({ id, reason }: { id: number; reason: string }): Promise<PlaceRequest> {
  return apiRequest(`/admin/place-requests/${id}/reject`, { method: 'POST', body: { reason }, schema: placeRequestSchema, scope: 'admin' });
}

export function useRejectPlaceRequest() {
  return useAdminMutation({
    mutationFn: rejectPlaceRequest,
    successKey: 'requests.rejectSuccess',
    errorKey: decisionErrorKey('requests.rejectError'),
    invalidate: [adminKeys.allPlaceRequests],
    publicResources: [],
  });
}
