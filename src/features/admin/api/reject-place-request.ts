import { apiRequest } from '../../../lib/api-client.ts';
import { placeRequestSchema, type PlaceRequest } from '../../../shared/schemas/place-request-schemas.ts';
import { adminKeys } from './admin-keys.ts';
import { decisionErrorKey } from './approve-place-request.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

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
