import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/idempotency-headers.ts';
import type { PlaceCreateInput, PlaceUpdateInput } from '../../../shared/schemas/place-form-schemas.ts';
import { placeRequestSchema, type PlaceRequest } from '../../../shared/schemas/place-request-schemas.ts';
import { contributionKeys } from './contribution-keys.ts';

/** The API path of a new place's submission. */
export const CREATE_PLACE_PATH = '/public/places';
/** The API path of an edit request for the place `placeId`. */
export const editRequestPath = (placeId: number) => `/public/auth/places/${placeId}/edit-request`;

const keyHeader = (idempotencyKey?: string) => (idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : undefined);

/**
 * POST /public/places with the place payload (empty fields omitted) → the pending `create`
 * request. `idempotencyKey`: sent as `Idempotency-Key` (decision 045), so a repeat of this very submission
 * (a retry from the outbox, decision 048) gets the first answer instead of a second request.
 * Throws ApiError: 400 with field errors (e.g. `categoryId: ['select category']`), 401, 0 for the network.
 */
export function createPlace(payload: PlaceCreateInput, idempotencyKey?: string): Promise<PlaceRequest> {
  return apiRequest(CREATE_PLACE_PATH, { method: 'POST', body: payload, schema: placeRequestSchema, scope: 'public', headers: keyHeader(idempotencyKey) });
}

/**
 * POST /public/auth/places/{id}/edit-request `{ changes }` (only the changed fields; null clears) →
 * the pending `edit` request, with `Idempotency-Key` when given (as createPlace). Throws ApiError: 400 no_changes or
 * field errors, 403 not_place_owner, 404 place_not_found, 401, 0 for the network.
 */
export function requestPlaceEdit({ placeId, changes, idempotencyKey }: { placeId: number; changes: PlaceUpdateInput; idempotencyKey?: string }): Promise<PlaceRequest> {
  return apiRequest(editRequestPath(placeId), { method: 'POST', body: { changes }, schema: placeRequestSchema, scope: 'public', headers: keyHeader(idempotencyKey) });
}

/** Submitting a new place (with its idempotency key); afterwards the user's request lists refetch. Callers toast. */
export function useCreatePlaceMutation() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ payload, idempotencyKey }: { payload: PlaceCreateInput; idempotencyKey?: string }) => createPlace(payload, idempotencyKey),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contributionKeys.all }),
  });
}

/** Submitting an edit request; afterwards the user's request lists refetch. Callers toast. */
export function useRequestPlaceEditMutation() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({ mutationFn: requestPlaceEdit, onSettled: () => queryClient.invalidateQueries({ queryKey: contributionKeys.all }) });
}
