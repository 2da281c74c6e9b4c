import { OpenAPIHono } from '@hono/zod-openapi';
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

export type ApiApp = OpenAPIHono<AppEnv>;

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
    case 'unavailable': case 'timeout': return new ApiError(503, 'database_unavailable', undefined, undefined, { 'Retry-After': '1' });
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
    c.set('db', (fn) => withClaims(deps.sql, c.get('claims'), fn, { statementTimeoutMs: deps.statementTimeoutMs }));
    await next();
  });

  app.onError((error, c) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500 && apiError.code === 'internal_error') console.error('[api] unhandled error', error);
    return errorResponse(c as Context<AppEnv>, apiError);
  });
  app.notFound((c) => errorResponse(c as Context<AppEnv>, new ApiError(404, 'route_not_found')));

  registerPublicRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerUploadRoutes(app, deps);
  registerPlaceRequestRoutes(app, deps);
  registerAdminRoutes(app, deps);
  for (const register of deps.extraRoutes ?? []) register(app, deps);

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'City services directory API',
      version: '1.0.0',
      description: 'Public, user and admin endpoints of the bilingual city directory. Errors use `{ success:false, error:{ code, message, fields? } }`.',
    },
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  return app;
}
