import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ANON_CLAIMS, withClaims, type JwtClaims } from './db/client.ts';
import { classifyPgError } from './db/database-error.ts';
import { ApiError } from './http/api-error.ts';
import { langFromHeader, message } from './http/messages.ts';
import type { AppDeps, AppEnv } from './context.ts';
import { registerPublicRoutes } from './routes/public/index.ts';
import { registerAuthRoutes } from './routes/auth/index.ts';
import { registerUploadRoutes } from './routes/uploads.ts';
import { registerPlaceRequestRoutes } from './routes/place-requests/index.ts';
import { registerAdminRoutes } from './routes/admin/index.ts';
import { registerHealthRoute } from './routes/health.ts';
import { registerDocsRoutes } from './routes/docs.ts';
import { bodyLimit } from 'hono/body-limit';
import { apiCors } from './http/cors.ts';
import { requestLog, SILENT_LOGGER } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { completeDocument } from './http/openapi-document.ts';

export type ApiApp = OpenAPIHono<AppEnv>;

/**
 * One size limit for every JSON request body: larger bodies get 413 `payload_too_large` before
 * they are parsed (Content-Length checked up front; chunked bodies counted while they stream).
 * The largest legitimate body (an admin place with every text at its maximum, or a reorder of
 * 2 000 zones) stays well under it. Image uploads are multipart and have their own 5 MB limit.
 */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/** Upload endpoints: multipart bodies counted by readImageUpload (5 242 880 bytes), not by the JSON limit. */
const UPLOAD_PATH = /^\/api\/(public\/auth|admin)\/upload\//;

const API_DESCRIPTION = [
  'Public, user and admin endpoints of Dalil, a bilingual (English/Arabic) city services directory. Guide: docs/api.md.',
  '',
  'Every answer is JSON: `{ success: true, data, meta? }` or `{ success: false, error: { code, message, fields? } }` with the HTTP status',
  '(400 invalid input, 401 no/invalid token, 403 not allowed, 404, 409 conflict, 413 body over 64 KiB (uploads: 5 MB), 415, 429 rate limited,',
  '503 database unavailable or a statement over the time limit — retry after `Retry-After` seconds). Messages follow `Accept-Language` (en, ar).',
  'Authenticated endpoints take `Authorization: Bearer <token>` from `POST /api/public/auth/login` (refresh with `/api/public/auth/refresh`).',
  'Every response carries `X-Request-Id` (send your own to correlate).',
  'Anonymous public GETs may come from the server\'s cache, which is emptied on every change of the data (`X-Cache: hit|miss|bypass`);',
  '`Cache-Control: no-cache` asks for a fresh answer.',
].join('\n');

/** Turns zod issues into `{ field: [messages] }` (nested paths joined with dots). */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

function errorResponse(c: Context<AppEnv>, error: ApiError) {
  const lang = c.get('lang') ?? langFromHeader(c.req.header('accept-language'));
  if (error.headers) for (const [k, v] of Object.entries(error.headers)) c.header(k, v);
  return c.json(
    { success: false as const, error: { ...error.details, code: error.code, message: message(error.code, lang, error.params), ...(error.fields ? { fields: error.fields } : {}) } },
    error.status,
  );
}

/** Maps any thrown value to an ApiError: ours as is, Postgres errors by SQLSTATE, the rest 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPException) {
    if (error.status === 413) return new ApiError(413, 'payload_too_large');
    if (error.status === 400) return new ApiError(400, 'invalid_json');
    if (error.status === 415) return new ApiError(415, 'unsupported_media_type');
    return new ApiError(error.status as 400, error.status === 401 ? 'unauthorized' : 'validation_failed');
  }
  switch (classifyPgError(error)) {
    case 'unique_violation': return new ApiError(409, 'conflict');
    case 'foreign_key_violation': return new ApiError(409, 'conflict');
    case 'check_violation': return new ApiError(400, 'validation_failed');
    case 'insufficient_privilege': return new ApiError(403, 'forbidden');
    case 'unavailable': case 'timeout': case 'retry': return new ApiError(503, 'database_unavailable', undefined, undefined, { 'Retry-After': '1' });
    default: return new ApiError(500, 'internal_error');
  }
}

/**
 * The REST API under `/api`, runtime-neutral (Node via @hono/node-server, Deno via Deno.serve).
 * Every request gets `lang` (Accept-Language), `claims` (verified bearer token, else anon) and
 * `db(fn)`, a transaction as the caller's Postgres role with RLS in force.
 */
export function createApp(deps: AppDeps): ApiApp {
  const app: ApiApp = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return errorResponse(c as Context<AppEnv>, new ApiError(400, 'validation_failed', fieldErrors(result.error.issues)));
      }
    },
  }).basePath('/api') as unknown as ApiApp;

  const logger = deps.logger ?? SILENT_LOGGER;
  // Once per request even when the embedded server's root app installed them already (node.ts).
  app.use('*', requestLog(logger));
  app.use('*', securityHeaders(deps.security));
  app.use('*', apiCors(deps.corsOrigins));
  const jsonLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT_BYTES, onError: () => { throw new ApiError(413, 'payload_too_large'); } });
  app.use('*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' || UPLOAD_PATH.test(c.req.path) ? next() : jsonLimit(c, next)));

  // Cached answers get every header above (request id, security, CORS) like fresh ones.
  if (deps.responseCache) app.use('*', deps.responseCache.middleware());

  const securedOperations: { method: string; pattern: RegExp }[] = [];

  app.use('*', async (c, next) => {
    c.set('lang', langFromHeader(c.req.header('accept-language')));
    let claims: JwtClaims = ANON_CLAIMS;
    const header = c.req.header('authorization');
    const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const tokens = deps.tokens ?? deps.auth;
    if (token && tokens) {
      const verified = await tokens.verifyAccessToken(token);
      if (verified) claims = verified;
    }
    c.set('claims', claims);
    const cache = deps.responseCache;
    const writes = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    c.set('db', (fn) => {
      const done = withClaims(deps.sql, c.get('claims'), fn, { statementTimeoutMs: deps.statementTimeoutMs });
      // a write empties the response cache once it committed (or failed), before its answer is sent,
      // so its client never reads an older answer afterwards (the change notification follows too)
      return cache && writes ? done.finally(() => cache.invalidate()) : done;
    });
    if (claims.role === 'anon' && securedOperations.some((o) => o.method === c.req.method && o.pattern.test(c.req.path))) {
      throw new ApiError(401, 'unauthorized');
    }
    await next();
  });

  app.onError((error, c) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) {
      const entry = { reqId: c.get('requestId'), method: c.req.method, path: c.req.path, status: apiError.status, code: apiError.code, err: error };
      if (apiError.code === 'internal_error') logger.error(entry, 'unhandled error');
      else logger.warn(entry, apiError.code);
    }
    return errorResponse(c as Context<AppEnv>, apiError);
  });
  app.notFound((c) => errorResponse(c as Context<AppEnv>, new ApiError(404, 'route_not_found')));

  registerPublicRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerUploadRoutes(app, deps);
  registerPlaceRequestRoutes(app, deps);
  registerAdminRoutes(app, deps);
  for (const register of deps.extraRoutes ?? []) register(app, deps);
  registerHealthRoute(app, deps);
  registerDocsRoutes(app, deps);

  // Secured operations (bearerAuth in the document) refuse anonymous callers with 401 before their input is read.
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route' || !definition.route.security?.some((s) => 'bearerAuth' in s)) continue;
    const pattern = new RegExp(`^/api${definition.route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);
    securedOperations.push({ method: definition.route.method.toUpperCase(), pattern });
  }

  let document: Record<string, unknown> | undefined;
  app.get('/openapi.json', (c) => {
    document ??= completeDocument(app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 'Dalil — city services directory API', version: '1.0.0', description: API_DESCRIPTION },
    }) as unknown as Record<string, unknown>, { jsonBodyLimitBytes: JSON_BODY_LIMIT_BYTES });
    return c.json({ ...document, servers: [{ url: new URL(c.req.url).origin, description: 'This server' }] });
  });
  app.openAPIRegistry.registerPath({
    method: 'get', path: '/openapi.json', tags: ['meta'], summary: 'This OpenAPI 3.1 document',
    responses: { 200: { description: 'The OpenAPI document', content: { 'application/json': { schema: z.object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }).passthrough() } } } },
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  // Last of all: an unknown /api path (or an unserved method) answers 404 `route_not_found` for every
  // method. notFound() alone covers the app on its own; mounted in a larger app (node.ts: root.route),
  // a sub-app's notFound is not consulted and the SPA or a plain-text 404 would answer instead.
  app.all('*', (c) => errorResponse(c as Context<AppEnv>, new ApiError(404, 'route_not_found')));
  return app;
}
