import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMPORT_BODY_LIMIT_BYTES } from '../../shared/schemas/admin-import-schemas.ts';
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

/** The admin import endpoints carry a whole directory file: IMPORT_BODY_LIMIT_BYTES instead. */
const IMPORT_PATH = /^\/api\/admin\/import(\/preview)?$/;

/**
 * JSON_BODY_LIMIT_BYTES on every request with a body except the uploads, and IMPORT_BODY_LIMIT_BYTES
 * on the admin import (413 `payload_too_large`).
 */
export function jsonBodyLimit(): MiddlewareHandler {
  const onError = () => { throw new ApiError(413, 'payload_too_large'); };
  const limit = bodyLimit({ maxSize: JSON_BODY_LIMIT_BYTES, onError });
  const importLimit = bodyLimit({ maxSize: IMPORT_BODY_LIMIT_BYTES, onError });
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || UPLOAD_PATH.test(c.req.path)) return next();
    return IMPORT_PATH.test(c.req.path) ? importLimit(c, next) : limit(c, next);
  };
}
