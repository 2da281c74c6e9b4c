import type { Context, MiddlewareHandler } from 'hono';
import type { Sql } from 'postgres';
import { currentUser } from '../auth/request-guards.ts';
import { withClaims } from '../db/client.ts';
import {
  beginIdempotentRequest, completeIdempotentRequest, dropIdempotencyKey, type StoredIdempotencyKey,
} from '../queries/idempotency-keys-queries.ts';
import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENT_REPLAYED_HEADER } from '../../shared/idempotency-headers.ts';
import { ApiError } from './api-error.ts';
import type { AppEnv } from './app-deps.ts';
import type { RequestLogger } from './request-log.ts';

/**
 * `Idempotency-Key` on the API's writes (docs/decisions/045-offline-and-idempotency.md; IETF
 * draft-ietf-httpapi-idempotency-key-header). A signed-in caller sending the header with a POST, PUT or
 * PATCH of a bearerAuth operation (uploads and the session operations aside: see `idempotentOperation`):
 * - first use of the key: the request runs; its answer (status, JSON body) is stored for 24 h unless it is
 *   a 5xx or a 429 (then the key is forgotten so a retry runs again);
 * - same key, same method + path + body: the stored answer, with `Idempotent-Replayed: true`, and no write;
 * - same key, another request: 422 `idempotency_key_reused`;
 * - same key while its first request still runs (concurrent duplicates): waits up to `waitMs` for its
 *   answer and replays it, else 409 `idempotency_key_in_progress` with `Retry-After: 1`;
 * - a key that is not 1–255 visible ASCII characters: 400 `idempotency_key_invalid`.
 * Requests without the header, anonymous ones and other operations are untouched. Keys are per user
 * (public.idempotency_keys, RLS), so two users never see each other's answers.
 */

const METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** Multipart uploads stream their body to storage (read once, 5 MB): a repeat only stores the file again. */
const UPLOADS = /^\/api\/(public\/auth|admin)\/upload\//;
/** Session and account operations: their answers carry tokens, which are never stored. */
const SESSION = /^\/api\/(public|admin)\/auth\/(login|logout|refresh|register|change-password|verify-email|verify-reset-code|reset-password|forgot-password|resend-code)$/;

/**
 * Whether an operation honours `Idempotency-Key`: a POST/PUT/PATCH needing a bearer token, neither an
 * upload nor a session operation. `path` is the full path (`/api/...`, a template or a request path).
 */
export function idempotentOperation(method: string, path: string, secured: boolean): boolean {
  return secured && METHODS.has(method.toUpperCase()) && !UPLOADS.test(path) && !SESSION.test(path);
}

/** sha-256 (hex) of `<METHOD> <path>\n` + body bytes (Web Crypto: Node and Deno alike). */
async function requestHash(method: string, path: string, body: ArrayBuffer): Promise<string> {
  const head = new TextEncoder().encode(`${method} ${path}\n`);
  const bytes = new Uint8Array(head.byteLength + body.byteLength);
  bytes.set(head, 0);
  bytes.set(new Uint8Array(body), head.byteLength);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface IdempotencyOptions {
  sql: Sql;
  statementTimeoutMs?: number;
  /** Whether this request is of a bearerAuth operation (the app's registry, filled once routes are mounted). */
  secured: (c: Context<AppEnv>) => boolean;
  logger: RequestLogger;
  /** Longest wait for a concurrent first request's answer (ms). */
  waitMs?: number;
}

/** The middleware (app.ts mounts it after the claims are known). */
export function idempotencyKeys(options: IdempotencyOptions): MiddlewareHandler<AppEnv> {
  const waitMs = options.waitMs ?? 8000;
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined || !idempotentOperation(c.req.method, c.req.path, options.secured(c))) return next();
    const user = currentUser(c);
    if (!user) return next();
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new ApiError(400, 'idempotency_key_invalid');
    const claims = c.get('claims');
    const run = <T>(fn: Parameters<typeof withClaims<T>>[2]) => withClaims(options.sql, claims, fn, { statementTimeoutMs: options.statementTimeoutMs });
    // the body is read (and cached by Hono for the route's validator) before anything is recorded
    const hash = await requestHash(c.req.method, c.req.path, await c.req.arrayBuffer());
    const url = new URL(c.req.url);
    let stored = await run((tx) => beginIdempotentRequest(tx, { key, requestHash: hash, method: c.req.method, path: url.pathname + url.search }));

    if (stored) {
      if (stored.requestHash !== hash) throw new ApiError(422, 'idempotency_key_reused');
      const deadline = Date.now() + waitMs;
      for (let pause = 25; stored && stored.status === null && Date.now() < deadline; pause = Math.min(pause * 2, 250)) {
        await new Promise((resolve) => setTimeout(resolve, pause));
        stored = await run((tx) => beginIdempotentRequest(tx, { key, requestHash: hash, method: c.req.method, path: url.pathname + url.search }));
        // the first request failed (key forgotten) and this call recorded it anew: run it
        if (stored === null) break;
        if (stored.requestHash !== hash) throw new ApiError(422, 'idempotency_key_reused');
      }
      if (stored) return replay(c, stored);
    }

    try {
      await next();
    } catch (error) {
      await run((tx) => dropIdempotencyKey(tx, key)).catch(() => {});
      throw error;
    }
    const res = c.res;
    try {
      if (res.status >= 500 || res.status === 429) {
        await run((tx) => dropIdempotencyKey(tx, key));
      } else {
        const body = await res.clone().text();
        await run((tx) => completeIdempotentRequest(tx, key, { status: res.status, body, contentType: res.headers.get('content-type') }));
      }
    } catch (error) {
      // the write itself succeeded: answer it; the key stays in progress until abandoned (ABANDONED_KEY_SECONDS)
      options.logger.warn({ err: error }, 'idempotency key: could not store the answer');
    }
  };
}

/** The stored answer, or 409 while the first request still runs. */
function replay(c: Context<AppEnv>, stored: StoredIdempotencyKey): Response {
  if (stored.status === null) throw new ApiError(409, 'idempotency_key_in_progress', undefined, undefined, { 'Retry-After': '1' });
  return c.body(stored.body ?? '', stored.status as 200, {
    ...(stored.contentType ? { 'Content-Type': stored.contentType } : {}),
    [IDEMPOTENT_REPLAYED_HEADER]: 'true',
  });
}
