import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { pageMetaSchema } from '../../../shared/schemas/common-schemas.ts';
import { duplicatePairSchema, mergeResultSchema, type MergeResult } from '../../../shared/schemas/duplicates-schemas.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminMutation } from './use-admin-mutation.ts';
import '../../../lib/late-strings.ts';

const pairsPageSchema = z.object({ data: z.array(duplicatePairSchema), meta: pageMetaSchema });

/** GET /admin/duplicates?page&limit: a page of likely duplicate pairs (docs/decisions/023-duplicates.md). */
export function useDuplicatePairsQuery(page: number, limit = 20) {
  const { lang } = usePreferences();
  return useQuery({
    queryKey: [...adminKeys.allPlaces, lang, 'duplicates', page, limit],
    queryFn: ({ signal }) => apiRequest('/admin/duplicates', { query: { page, limit }, schema: pairsPageSchema, signal, scope: 'admin', envelope: true }),
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/duplicates/merge {keepId, removeId} → the merge (the removed slug then answers 301). */
export function mergePlaces(body: { keepId: number; removeId: number }): Promise<MergeResult> {
  return apiRequest('/admin/duplicates/merge', { method: 'POST', body, schema: mergeResultSchema, scope: 'admin' });
}

export function useMergePlaces() {
  return useAdminMutation({
    mutationFn: mergePlaces,
    successKey: 'duplicates.mergeSuccess',
    errorKey: 'duplicates.mergeError',
    invalidate: [adminKeys.allPlaces, adminKeys.allCategories, adminKeys.allZones],
    publicResources: ['places', 'categories', 'zones'],
  });
}
