import { createRoute } from '@hono/zod-openapi';
import type { ApiApp, AppDeps } from '../../http/app-deps.ts';
import { createRouter } from '../../http/create-router.ts';
import { requireUser } from '../../auth/request-guards.ts';
import { publicSession, type AuthProvider, type AuthSession } from '../../auth/auth-provider.ts';
import { ApiError } from '../../http/api-error.ts';
import { DomainError } from '../../domain-errors.ts';
import {
  adminLoginRequestSchema, adminVerifyResponseSchema, authSessionSchema, changePasswordRequestSchema, messageResponseSchema,
} from '../../../shared/schemas/auth-schemas.ts';
import { envelope } from '../../../shared/schemas/common-schemas.ts';
import { changePassword } from './profile-routes.ts';
import { authResponses, provider, rateLimit, sessionRoutes } from './auth-route-helpers.ts';
import { jsonBody, security } from '../../http/openapi.ts';

const tags = ['admin auth'];

/**
 * Admin sessions: only users whose app_metadata.role is 'admin' get one. Anyone else — wrong
 * password, unknown, unverified or simply not an admin — gets the same 401 'Invalid credentials'.
 */
export function adminAuthRoutes(deps: AppDeps): ApiApp {
  const app = createRouter();
  const auth = provider(deps);

  app.openapi(
    createRoute({
      method: 'post', path: '/admin/auth/login', tags,
      summary: 'Admin sign-in {email, password, remember}: data {token, refreshToken, expiresAt, user}; remember = 30-day session, else 12 hours',
      request: jsonBody(adminLoginRequestSchema),
      responses: authResponses(envelope(authSessionSchema), 'Signed in as admin', [400, 401, 429]),
    }),
    async (c) => {
      const { email, password, remember } = c.req.valid('json');
      await rateLimit(c, deps, 'login', email);
      let session;
      try {
        session = await auth.login(email, password, { remember });
      } catch (error) {
        if (error instanceof DomainError && error.code === 'email_not_verified') throw new ApiError(401, 'invalid_credentials');
        throw error;
      }
      await adminsOnly(auth, session, 'invalid_credentials');
      return c.json({ success: true as const, data: publicSession(session) }, 200);
    },
  );

  app.route('/', sessionRoutes(deps, {
    base: '/admin/auth', tags,
    refresh: { summary: 'New admin session from {refreshToken}: data {token, refreshToken, expiresAt, user}; 401 when no longer an admin' },
    logoutSummary: 'Admin sign-out: ends the session of the bearer token and/or {refreshToken}. Always succeeds.',
    admit: (session) => adminsOnly(auth, session, 'invalid_refresh_token'),
  }));

  app.openapi(
    createRoute({
      method: 'get', path: '/admin/auth/verify', tags, security,
      summary: 'Checks the admin token against the current account: {success, data {id, email}} (`user` repeats data for older clients)',
      responses: authResponses(adminVerifyResponseSchema, 'A valid admin token', [401, 403]),
    }),
    async (c) => {
      // the admin guard (app.ts) let only an admin token through; this checks the account as it is now
      const admin = requireUser(c);
      const user = await auth.getUser(admin.id);
      if (!user) throw new ApiError(401, 'unauthorized');
      if (!user.isAdmin) throw new ApiError(403, 'forbidden');
      const account = { id: user.id, email: user.email };
      return c.json({ success: true as const, data: account, user: account }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/admin/auth/change-password', tags, security,
      summary: 'Admin password change {currentPassword, newPassword (≥ 6)}; other sessions are signed out',
      request: jsonBody(changePasswordRequestSchema),
      responses: authResponses(messageResponseSchema, 'Changed', [400, 401, 403, 429]),
    }),
    async (c) => changePassword(c, deps, requireUser(c), c.req.valid('json')),
  );

  return app;
}

/** Ends a new session at once and answers 401 `code` unless its user is an admin. */
async function adminsOnly(auth: AuthProvider, session: AuthSession, code: 'invalid_credentials' | 'invalid_refresh_token'): Promise<void> {
  if (session.user.isAdmin) return;
  await auth.logout({ accessToken: session.token, refreshToken: session.refreshToken });
  throw new ApiError(401, code);
}
