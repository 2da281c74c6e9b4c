import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { once } from './security-headers.ts';

/** Request headers a browser client may send cross-origin. */
export const CORS_ALLOW_HEADERS = ['Authorization', 'Content-Type', 'Accept-Language', 'X-Request-Id', 'Idempotency-Key'];
/** Response headers a cross-origin script may read. */
export const CORS_EXPOSE_HEADERS = ['X-Request-Id', 'Retry-After', 'Content-Language', 'X-Cache', 'Idempotent-Replayed'];

/**
 * True for the public read endpoints open to any origin: GET/HEAD on /api/* outside
 * /api/public/auth/* and /api/admin/* (lists, details, search, map, settings, health, OpenAPI, docs).
 * For a preflight (OPTIONS) the method asked for (Access-Control-Request-Method) decides.
 */
export function isPublicRead(c: Context): boolean {
  const method = c.req.method === 'OPTIONS' ? (c.req.header('access-control-request-method') ?? '').toUpperCase() : c.req.method;
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = c.req.path;
  return !/^\/api\/(public\/auth|admin)(\/|$)/.test(path);
}

/**
 * CORS of the API (Hono's cors middleware):
 * - public GETs (`isPublicRead`): `Access-Control-Allow-Origin: *` — any site may read the directory;
 * - everything else (sign-in, profile, contributions, uploads, admin — anything taking a bearer
 *   token or changing data): only the configured `origins` (CORS_ORIGINS) and the API's own origin,
 *   echoed back with `Vary: Origin`; any other origin gets no CORS headers, so browsers refuse it.
 * Preflights (OPTIONS) are answered 204 with the allowed methods and headers (cached 10 minutes).
 * No cookies are used (tokens travel in Authorization), so credentials are never allowed.
 */
export function apiCors(origins: readonly string[] = []): MiddlewareHandler {
  const allowed = new Set(origins);
  const allowOrigin = (origin: string, c: Context) => {
    if (isPublicRead(c)) return '*';
    if (!origin) return null;
    if (allowed.has(origin) || origin === new URL(c.req.url).origin) return origin;
    return null;
  };
  const preflight = cors({
    origin: allowOrigin,
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: CORS_ALLOW_HEADERS,
    exposeHeaders: CORS_EXPOSE_HEADERS,
    maxAge: 600,
    credentials: false,
  });
  const expose = CORS_EXPOSE_HEADERS.join(',');
  return once('cors', async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    // The same headers as Hono's cors() on an actual request, set on the final answer in place: cors() sets
    // them on a placeholder response before the route runs and appends Vary with c.header() after it, and
    // each makes Hono copy the route's answer into a new Response around its body's stream, which the Node
    // adapter then reads chunk by chunk (issue #28: ~5 % of an uncached answer's CPU with compress' Vary).
    // (If the route throws past this app's error handler, they land on the placeholder, as cors() put them.)
    const origin = allowOrigin(c.req.header('origin') || '', c);
    let answered = false;
    try {
      await next();
      answered = true;
    } finally {
      const headers = c.res.headers;
      if (origin) headers.set('Access-Control-Allow-Origin', origin);
      headers.set('Access-Control-Expose-Headers', expose);
      if (answered) headers.append('Vary', 'Origin');
    }
  });
}
