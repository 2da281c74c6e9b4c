import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX, compress } from 'hono/compress';

const THRESHOLD_BYTES = 1024; // Hono's compress() default
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Hono's `compress()` (gzip or deflate as the client accepts, answers of a compressible type from 1 KiB,
 * `Vary: Accept-Encoding`), with one shortcut: a request without `Accept-Encoding` gets exactly the headers
 * compress() would give it (`Vary: Accept-Encoding` added where it would compress for another client), set on
 * the answer in place. compress() sets that Vary with `c.header()` on a finished answer, which makes Hono copy
 * it into a new Response around its body's stream, and the Node adapter then reads that stream chunk by chunk
 * instead of writing the body it already has (issue #28). Requests that accept an encoding go through compress().
 */
export function compressAnswers(): MiddlewareHandler {
  const gzip = compress({ threshold: THRESHOLD_BYTES });
  return async (c, next) => {
    if (c.req.header('accept-encoding') !== undefined) return gzip(c, next);
    await next();
    const res = c.res;
    const headers = res.headers;
    const length = headers.get('content-length');
    if (res.status === 206 || headers.has('content-encoding') || headers.has('transfer-encoding') || c.req.method === 'HEAD'
      || (length && Number(length) < THRESHOLD_BYTES)) return;
    const type = headers.get('content-type');
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    const cacheControl = headers.get('cache-control');
    if (cacheControl && NO_TRANSFORM.test(cacheControl)) return;
    const vary = headers.get('vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  };
}
