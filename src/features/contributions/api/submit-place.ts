import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { PlaceCreateInput, PlaceUpdateInput } from '../../../shared/schemas/place-form.ts';
import { placeRequestSchema, type PlaceRequest } from '../../../shared/schemas/place-request.ts';
import { contributionKeys } from './contribution-keys.ts';

/**
 * POST /public/places with the place payload (empty fields omitted) → the pending `create`
 * request. Throws ApiError: 400 with field errors (e.g. `categoryId: ['select category']`), 401.
 */
export function createPlace(payload: PlaceCreateInput): Promise<PlaceRequest> {
  return apiRequest('/public/places', { method: 'POST', body: payload, schema: placeRequestSchema, scope: 'public' });
}

/**
 * POST /public/auth/places/{id}/edit-request `{ changes }` (only the changed fields; null clears) →
 * the pending `edit` request. Throws ApiError: 400 no_changes or field errors, 403 not_place_owner,
 * 404 place_not_found, 401.
 */
export function requestPlaceEdit({ placeId, changes }: { placeId: number; changes: PlaceUpdateInput }): Promise<PlaceRequest> {
  return apiRequest(`/public/auth/places/${placeId}/edit-request`, { method: 'POST', body: { changes }, schema: placeRequestSchema, scope: 'public' });
}

/** Submitting a new place; afterwards the user's request lists refetch. Callers toast. */
export function useCreatePlaceMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPlace, onSettled: () => queryClient.invalidateQueries({ queryKey: contributionKeys.all }) });
}

/** Submitting an edit request; afterwards the user's request lists refetch. Callers toast. */
export function useRequestPlaceEditMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestPlaceEdit, onSettled: () => queryClient.invalidateQueries({ queryKey: contributionKeys.all }) });
}
