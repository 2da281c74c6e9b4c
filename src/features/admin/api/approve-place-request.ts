import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-client-error.ts';
import { placeRequestSchema, type PlaceRequest } from '../../../shared/schemas/place-request-schemas.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

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
