import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from './api-error.ts';

/**
 * One size limit for every JSON request body: larger bodies get 413 `payload_too_large` before
 * they are parsed (Content-Length checked up front; chunked bodies counted while they stream).
 * The largest legitimate body (an admin place with every text at its maximum, or a reorder of
 * 2 000 zones) stays well under it. Image uploads are multipart and have their own 5 MB limit.
 */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/** Upload endpoints: multipart bodies counted by readImageUpload (5 242 880 bytes), not by the JSON limit. */
const UPLOAD_PATH = /^\/api\/(public\/auth|admin)\/upload\//;

/** JSON_BODY_LIMIT_BYTES on every request with a body except the uploads (413 `payload_too_large`). */
export function jsonBodyLimit(): MiddlewareHandler {
  const limit = bodyLimit({ maxSize: JSON_BODY_LIMIT_BYTES, onError: () => { throw new ApiError(413, 'payload_too_large'); } });
  return (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' || UPLOAD_PATH.test(c.req.path) ? next() : limit(c, next));
}
