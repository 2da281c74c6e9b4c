import { apiRequest } from '../../../lib/api-client.ts';
import type { OutboxEntry } from '../../../lib/outbox.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/idempotency-headers.ts';
import type { PlaceRequest } from '../../../shared/schemas/place-request-schemas.ts';

/**
 * Sends a queued submission or edit request of the outbox again (decision 048): POST to its path with the same
 * body and the same `Idempotency-Key` as its first send → the pending request (the first answer, replayed, when
 * the first send did reach the API). Throws ApiError as createPlace / requestPlaceEdit (submit-place.ts) do.
 * Apart from those hooks: the outbox's sender loads this after the page is interactive; the answer's schema (and
 * zod) only when a request is sent.
 */
export function sendQueuedRequest(entry: OutboxEntry): Promise<PlaceRequest> {
  return apiRequest(entry.path, {
    method: 'POST', body: entry.body, scope: 'public', headers: { [IDEMPOTENCY_KEY_HEADER]: entry.idempotencyKey },
    schema: () => import('./place-request-schema.ts').then((m) => m.placeRequestSchema),
  });
}
