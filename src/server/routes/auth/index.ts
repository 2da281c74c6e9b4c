import { bodyLimit } from 'hono/body-limit';
import type { ApiApp } from '../../app.ts';
import type { AppDeps } from '../../context.ts';
import '../../auth/messages.ts';
import { ApiError } from '../../http/api-error.ts';
import { registerAdminAuthRoutes } from './admin-auth.ts';
import { registerProfileRoutes } from './profile.ts';
import { registerPublicAuthRoutes } from './public-auth.ts';

/** Auth bodies are tiny: anything over 16 KiB is refused with 413 before it is parsed. */
export const AUTH_BODY_LIMIT_BYTES = 16 * 1024;

const LIMITED_PATHS = [
  'register', 'verify-email', 'resend-code', 'login', 'refresh', 'logout', 'forgot-password', 'verify-reset-code',
  'reset-password', 'profile', 'change-password',
].map((p) => `/public/auth/${p}`).concat(['login', 'refresh', 'change-password', 'logout'].map((p) => `/admin/auth/${p}`));

/** Mounts every auth route (public sign-up/sign-in/reset, profile, admin sessions) when deps.auth is set. */
export function registerAuthRoutes(app: ApiApp, deps: AppDeps): void {
  if (!deps.auth) return;
  const limit = bodyLimit({ maxSize: AUTH_BODY_LIMIT_BYTES, onError: () => { throw new ApiError(413, 'payload_too_large'); } });
  for (const path of LIMITED_PATHS) app.use(path, limit);
  registerPublicAuthRoutes(app, deps);
  registerProfileRoutes(app, deps);
  registerAdminAuthRoutes(app, deps);
}
