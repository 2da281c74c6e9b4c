import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/browser-language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { placeRequestSchema } from '../../../shared/schemas/place-request-schemas.ts';
import { adminKeys } from './admin-keys.ts';

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
