import type { ApiApp } from '../../app.ts';
import type { AppDeps } from '../../context.ts';
import '../../auth/messages.ts';
import { registerAdminAuthRoutes } from './admin-auth.ts';
import { registerProfileRoutes } from './profile.ts';
import { registerPublicAuthRoutes } from './public-auth.ts';

/**
 * Mounts every auth route (public sign-up/sign-in/reset, profile, admin sessions) when deps.auth is
 * set. JSON bodies are limited by the app-wide JSON_BODY_LIMIT_BYTES (src/server/app.ts).
 */
export function registerAuthRoutes(app: ApiApp, deps: AppDeps): void {
  if (!deps.auth) return;
  registerPublicAuthRoutes(app, deps);
  registerProfileRoutes(app, deps);
  registerAdminAuthRoutes(app, deps);
}
