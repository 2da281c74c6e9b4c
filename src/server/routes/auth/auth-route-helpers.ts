import type { Context } from 'hono';
import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp, AppDeps, AppEnv } from '../../http/app-deps.ts';
import { createRouter } from '../../http/create-router.ts';
import { publicSession, type AuthProvider, type AuthSession } from '../../auth/auth-provider.ts';
import { DEFAULT_AUTH_RATE_LIMITS, enforceRateLimit, type RateLimitedAction } from '../../auth/rate-limit.ts';
import { apiErrorSchema, envelope } from '../../../shared/schemas/common-schemas.ts';
import { authSessionSchema, logoutRequestSchema, messageAnswer, messageResponseSchema, refreshRequestSchema } from '../../../shared/schemas/auth-schemas.ts';
import { message } from '../../message-catalogue.ts';
import { readOptionalJson } from '../../http/read-json.ts';
import { jsonBody } from '../../http/openapi.ts';

const ERROR_NAMES: Record<number, string> = {
  400: 'Invalid input (error.fields), invalid or expired code', 401: 'Invalid credentials or token', 403: 'Not allowed / e-mail not verified',
  404: 'Not found', 413: 'Body too large', 429: 'Rate limited (Retry-After, seconds)', 503: 'Auth or database unavailable',
};

/** OpenAPI responses: `status` with `schema`, plus the error envelope for each error status. */
export function authResponses<T extends z.ZodTypeAny, S extends 200 | 201 = 200>(schema: T, description: string, errors: number[], status?: S) {
  const out: Record<number, unknown> = { [status ?? 200]: { description, content: { 'application/json': { schema } } } };
  for (const code of [...errors, 413, 503]) out[code] = { description: ERROR_NAMES[code] ?? 'Error', content: { 'application/json': { schema: apiErrorSchema } } };
  return out as { [K in S]: { description: string; content: { 'application/json': { schema: T } } } };
}

/** The provider; routes are registered only when AppDeps.auth is set. */
export function provider(deps: AppDeps): AuthProvider {
  if (!deps.auth) throw new Error('auth routes need AppDeps.auth');
  return deps.auth;
}

/** The bearer token of the request, if any (already verified into c.var.claims by the app middleware). */
export function bearerToken(c: Context<AppEnv>): string | undefined {
  return c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

/** Counts one attempt of `action` for the client's IP and `email`; throws 429 with Retry-After when over. */
export async function rateLimit(c: Context<AppEnv>, deps: AppDeps, action: RateLimitedAction, email?: string | null): Promise<void> {
  const ip = deps.clientIp?.(c) ?? null;
  await enforceRateLimit(deps.sql, deps.authRateLimits ?? DEFAULT_AUTH_RATE_LIMITS, action, { ip, email });
}

/**
 * The sign-out of both audiences (POST /public/auth/logout, /admin/auth/logout): ends the session of the
 * bearer token and/or of the optional body's `refreshToken`; always 200 `signed_out` in the request's language.
 */
async function signOut(c: Context<AppEnv>, auth: AuthProvider) {
  const body = await readOptionalJson(c, logoutRequestSchema);
  await auth.logout({ accessToken: bearerToken(c), refreshToken: body.refreshToken });
  return c.json(messageAnswer(message('signed_out', c.var.lang)), 200);
}

/** What the session routes of one audience (public sign-in or admin console) say and check. */
export interface SessionAudience {
  /** The path prefix of the audience's auth routes. */
  base: '/public/auth' | '/admin/auth';
  /** OpenAPI tags. */
  tags: string[];
  /** OpenAPI texts of POST {base}/refresh. */
  refresh: { summary: string; description?: string };
  /** OpenAPI summary of POST {base}/logout. */
  logoutSummary: string;
  /**
   * Checks a renewed session before it is answered; throws to refuse it (the admin audience ends a
   * non-admin's session and answers 401 invalid_refresh_token). Absent: every session is answered.
   */
  admit?: (session: AuthSession) => Promise<void>;
}

/**
 * The session routes both audiences share, in one place: POST {base}/refresh (rate-limited
 * 'refresh'; a new session {token, refreshToken, expiresAt, user} for a valid refresh token, 401
 * invalid_refresh_token otherwise) and POST {base}/logout (signOut: always 200 `signed_out`).
 */
export function sessionRoutes(deps: AppDeps, audience: SessionAudience): ApiApp {
  const app = createRouter();
  const auth = provider(deps);
  const { base, tags } = audience;

  app.openapi(
    createRoute({
      method: 'post', path: `${base}/refresh`, tags, ...audience.refresh,
      request: jsonBody(refreshRequestSchema),
      responses: authResponses(envelope(authSessionSchema), 'New session', [400, 401, 429]),
    }),
    async (c) => {
      const { refreshToken } = c.req.valid('json');
      await rateLimit(c, deps, 'refresh');
      const session = await auth.refresh(refreshToken);
      await audience.admit?.(session);
      return c.json({ success: true as const, data: publicSession(session) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: `${base}/logout`, tags, summary: audience.logoutSummary,
      request: { body: { content: { 'application/json': { schema: logoutRequestSchema } }, required: false } },
      responses: authResponses(messageResponseSchema, 'Signed out', [400]),
    }),
    async (c) => signOut(c, auth),
  );
  return app;
}
