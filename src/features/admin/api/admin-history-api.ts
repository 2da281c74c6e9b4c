import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { pageMetaSchema } from '../../../shared/schemas/common-schemas.ts';
import {
  deletedPlaceSchema, historyEntrySchema, restoreResultSchema, type HistoryEntity,
} from '../../../shared/schemas/history-schemas.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

const historyPageSchema = z.object({ data: z.array(historyEntrySchema), meta: pageMetaSchema });
const deletedPageSchema = z.object({ data: z.array(deletedPlaceSchema), meta: pageMetaSchema });

/** GET /admin/history?entity=&id=&page=&limit= → one page of a record's changes, newest first. */
export function getHistory(params: { entity: HistoryEntity; id: number; page: number; limit: number }, signal?: AbortSignal) {
  return apiRequest('/admin/history', { query: { ...params }, envelope: true, schema: historyPageSchema, signal, scope: 'admin' });
}

/** GET /admin/history/deleted-places → places deleted in the last 30 days, newest first. */
export function getDeletedPlaces(params: { page: number; limit: number }, signal?: AbortSignal) {
  return apiRequest('/admin/history/deleted-places', { query: { ...params }, envelope: true, schema: deletedPageSchema, signal, scope: 'admin' });
}

/** POST /admin/history/{entryId}/restore → {placeId, slug}. 409 slug_taken / history_nothing_to_restore, 410 history_restore_expired. */
export function restorePlaceVersion(entryId: number) {
  return apiRequest(`/admin/history/${entryId}/restore`, { method: 'POST', schema: restoreResultSchema, scope: 'admin' });
}

export function useHistoryQuery(params: { entity: HistoryEntity; id: number; page: number; limit: number } | null) {
  const { lang } = usePreferences();
  return useQuery({
    queryKey: [...adminKeys.allHistory, lang, 'list', params],
    queryFn: ({ signal }) => getHistory(params!, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

export function useDeletedPlacesQuery(params: { page: number; limit: number }) {
  const { lang } = usePreferences();
  return useQuery({
    queryKey: [...adminKeys.allHistory, lang, 'deleted', params],
    queryFn: ({ signal }) => getDeletedPlaces(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Restores a place from a history entry; refreshes the history, the admin places and the public lists. */
export function useRestorePlaceVersion() {
  return useAdminMutation({
    mutationFn: restorePlaceVersion,
    successKey: 'history.restoreSuccess',
    errorKey: 'history.restoreError',
    invalidate: [adminKeys.allHistory, adminKeys.allPlaces],
    publicResources: ['places', 'categories', 'zones'],
  });
}
