import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { approveAllResultSchema, type ApproveAllResult, type PlaceRequestType } from '../../../shared/schemas/place-request-schemas.ts';
import { adminKeys, invalidateAfterWrite } from './admin-keys.ts';

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
