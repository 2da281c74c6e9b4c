/**
 * Idempotency keys of the API's writes (docs/decisions/045-offline-and-idempotency.md), shared by the
 * API (http/idempotency-middleware.ts), the OpenAPI document and the browser's queue of offline submissions.
 */

/** The request header (IETF draft-ietf-httpapi-idempotency-key-header). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Response header set on an answer replayed from a stored key (Stripe's name). */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** How long the API keeps a key and its answer (hours); supabase/migrations/…008600 private.idempotency_key_ttl(). */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/**
 * A valid key: 1–255 visible ASCII characters (a UUID v4 is what the app sends). Keys are compared
 * exactly (case matters) and are scoped to the signed-in user.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
