import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { adminGuard } from './auth/request-guards.ts';
import { ANON_CLAIMS, withAnonRead, withClaims, type JwtClaims, type Tx } from './db/client.ts';
import { parseChangePayload } from './http/cache-tags.ts';
import { ApiError } from './http/api-error.ts';
import { jsonBodyLimit } from './http/body-limit.ts';
import { apiCors } from './http/cors.ts';
import type { ApiApp, AppDeps, AppEnv } from './http/app-deps.ts';
import { onApiError, onRouteNotFound, validationHook } from './http/http-errors.ts';
import { idempotencyKeys } from './http/idempotency-middleware.ts';
import { langFromHeader } from './message-catalogue.ts';
import { registerOpenApiDocument, securedOperations } from './http/openapi.ts';
import { requestLog, SILENT_LOGGER } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { changedCacheTags } from './queries/change-tags.ts';
import { openingHoursReindexer } from './queries/open-intervals.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { authRoutes } from './routes/auth/index.ts';
import { docsRoutes } from './routes/docs-routes.ts';
import { healthRoutes } from './routes/health-routes.ts';
import { placeRequestRoutes } from './routes/place-requests/index.ts';
import { publicRoutes } from './routes/public/index.ts';
import { uploadRoutes } from './routes/uploads-routes.ts';

/**
 * The REST API under `/api`, runtime-neutral (Node via @hono/node-server, Deno via Deno.serve).
 * Every request gets `lang` (Accept-Language), `claims` (verified bearer token, else anon),
 * `db(fn)`, a transaction as the caller's Postgres role with RLS in force, and `read(fn)` for reads that need no
 * transaction (an anonymous caller's run on anonymous sessions, without BEGIN, settings and COMMIT: decision 060).
 *
 * Layout (docs/decisions/015-server-layout.md): each resource is a sub-app under routes/ mounted
 * here with `app.route('/', …)`; its SQL lives in queries/<entity>.ts; the app's Env, errors, body
 * limit and OpenAPI helpers live in http/. Access: bearerAuth operations refuse anonymous callers
 * (401) and every `/admin/*` request passes one admin guard (403 for non-admins), both before input is read.
 */
export function createApp(deps: AppDeps): ApiApp {
  const app: ApiApp = new OpenAPIHono<AppEnv>({ defaultHook: (result, c) => validationHook(result, c as Context<AppEnv>) })
    .basePath('/api') as unknown as ApiApp;

  const logger = deps.logger ?? SILENT_LOGGER;
  // the open-now index follows every write (decision 028): places whose hours a write changed are
  // recomputed once it committed, before its answer is sent
  const reindexHours = deps.reindexOpeningHours
    ?? openingHoursReindexer(deps.sql, (error) => logger.warn({ err: error }, 'open-now index: recompute failed'));
  // Once per request even when the embedded server's root app installed them already (node.ts).
  app.use('*', requestLog(logger));
  app.use('*', securityHeaders(deps.security));
  app.use('*', apiCors(deps.corsOrigins));
  app.use('*', jsonBodyLimit());

  // Cached answers get every header above (request id, security, CORS) like fresh ones.
  if (deps.responseCache) app.use('*', deps.responseCache.middleware());

  // filled once every route is mounted (below): the registry is complete only then
  let secured: { method: string; pattern: RegExp }[] = [];
  let publicAdmin: { method: string; pattern: RegExp }[] = [];
  const matches = (c: Context<AppEnv>, ops: { method: string; pattern: RegExp }[]) => ops.some((o) => o.method === c.req.method && o.pattern.test(c.req.path));

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
    c.set('db', <T>(fn: (tx: Tx) => Promise<T>) => {
      // a write reads, before it commits, the cache tags its changes touched (decision 042) ...
      let changed: string | null = null;
      const work = cache && writes
        ? async (tx: Tx) => {
          const value = await fn(tx);
          changed = await changedCacheTags(tx);
          return value;
        }
        : fn;
      const tx = withClaims(deps.sql, c.get('claims'), work, { statementTimeoutMs: deps.statementTimeoutMs });
      const done = writes ? tx.then(async (value) => { await reindexHours(); return value; }) : tx;
      // ... and drops those answers once it committed, before its answer is sent, so its client never
      // reads an older answer afterwards (the change notification follows and reaches other instances)
      return cache && writes ? done.finally(() => { if (changed) cache.invalidate(parseChangePayload(changed)); }) : done;
    });
    // anonymous reads skip the transaction (decision 060); a signed-in caller's reads are `db` transactions
    c.set('read', claims.role === 'anon'
      ? <T>(fn: (tx: Tx) => Promise<T>) => withAnonRead(deps.sql, fn, { statementTimeoutMs: deps.statementTimeoutMs })
      : c.get('db'));
    // Secured operations (bearerAuth in the document) refuse anonymous callers with 401 before their input is read.
    if (claims.role === 'anon' && matches(c, secured)) throw new ApiError(401, 'unauthorized');
    await next();
  });
  app.use('/admin/*', adminGuard((c) => matches(c, publicAdmin)));
  // Idempotency-Key on signed-in writes (decision 045): a repeat of a key gets the first answer
  app.use('*', idempotencyKeys({ sql: deps.sql, statementTimeoutMs: deps.statementTimeoutMs, logger, secured: (c) => matches(c, secured) }));

  app.onError(onApiError(logger));
  app.notFound(onRouteNotFound);

  app.route('/', publicRoutes(deps));
  if (deps.auth) app.route('/', authRoutes(deps));
  app.route('/', uploadRoutes(deps));
  app.route('/', placeRequestRoutes(deps));
  app.route('/', adminRoutes());
  for (const register of deps.extraRoutes ?? []) register(app, deps);
  app.route('/', healthRoutes(deps));
  app.route('/', docsRoutes(deps));
  registerOpenApiDocument(app, deps.apiServerUrl);

  secured = securedOperations(app);
  // the admin sign-in operations (no bearerAuth) are the only /admin/* requests the admin guard lets through
  publicAdmin = securedOperations(app, { secured: false, under: '/admin/' });
  // Last of all: an unknown /api path (or an unserved method) answers 404 `route_not_found` for every
  // method. notFound() alone covers the app on its own; mounted in a larger app (node.ts: root.route),
  // a sub-app's notFound is not consulted and the SPA or a plain-text 404 would answer instead.
  app.all('*', onRouteNotFound);
  return app;
}
