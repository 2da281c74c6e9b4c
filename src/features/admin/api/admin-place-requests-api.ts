import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/browser-language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { pageMetaSchema, type PageMeta } from '../../../shared/schemas/common-schemas.ts';
import { placeRequestSchema, type PlaceRequest, type PlaceRequestStatus, type PlaceRequestType } from '../../../shared/schemas/place-request-schemas.ts';
import { adminKeys } from './admin-keys.ts';

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
