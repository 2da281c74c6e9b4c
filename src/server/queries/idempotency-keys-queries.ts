import type { Tx } from '../db/client.ts';

/**
 * SQL of the idempotency keys (public.idempotency_keys, migration 20260101008600; RLS: each user
 * their own rows). Every function runs in a transaction as the caller (withClaims).
 */

/** A stored key as its repeat sees it. */
export interface StoredIdempotencyKey {
  requestHash: string;
  /** null while the first request runs */
  status: number | null;
  body: string | null;
  contentType: string | null;
}

/** Seconds after which a key whose request never completed (a process that died) may be taken over. */
export const ABANDONED_KEY_SECONDS = 120;

/**
 * Records `key` for the caller (auth.uid()) with the request's hash, unless a live one exists:
 * first purges expired keys (private.purge_idempotency_keys, every user's, bounded) and this key when it
 * expired or was abandoned. Returns null when this call recorded it (the caller runs the request),
 * else the stored key.
 */
export async function beginIdempotentRequest(
  tx: Tx,
  input: { key: string; requestHash: string; method: string; path: string },
): Promise<StoredIdempotencyKey | null> {
  await tx`select private.purge_idempotency_keys()`;
  await tx`
    delete from public.idempotency_keys
    where user_id = auth.uid() and key = ${input.key}
      and (created_at < now() - private.idempotency_key_ttl()
           or (completed_at is null and created_at < now() - make_interval(secs => ${ABANDONED_KEY_SECONDS})))`;
  const inserted = await tx`
    insert into public.idempotency_keys (user_id, key, request_hash, method, path)
    values (auth.uid(), ${input.key}, ${input.requestHash}, ${input.method}, ${input.path})
    on conflict (user_id, key) do nothing
    returning 1`;
  if (inserted.length) return null;
  return storedIdempotencyKey(tx, input.key);
}

/** The caller's live key `key`, or null (none, or expired). */
export async function storedIdempotencyKey(tx: Tx, key: string): Promise<StoredIdempotencyKey | null> {
  const [row] = await tx<{ request_hash: string; response_status: number | null; response_body: string | null; response_content_type: string | null }[]>`
    select request_hash, response_status, response_body, response_content_type
    from public.idempotency_keys
    where user_id = auth.uid() and key = ${key} and created_at >= now() - private.idempotency_key_ttl()`;
  return row ? { requestHash: row.request_hash, status: row.response_status, body: row.response_body, contentType: row.response_content_type } : null;
}

/** Stores the answer of the caller's request with `key`. */
export async function completeIdempotentRequest(tx: Tx, key: string, answer: { status: number; body: string; contentType: string | null }): Promise<void> {
  await tx`
    update public.idempotency_keys
    set response_status = ${answer.status}, response_body = ${answer.body}, response_content_type = ${answer.contentType}, completed_at = now()
    where user_id = auth.uid() and key = ${key}`;
}

/** Forgets the caller's key `key` (its request failed in a way worth retrying: 5xx, 429). */
export async function dropIdempotencyKey(tx: Tx, key: string): Promise<void> {
  await tx`delete from public.idempotency_keys where user_id = auth.uid() and key = ${key}`;
}
