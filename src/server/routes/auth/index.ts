import type { ApiApp, AppDeps } from '../../http/app-deps.ts';
import { createRouter } from '../../http/create-router.ts';
import { adminAuthRoutes } from './admin-auth-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { publicAuthRoutes } from './public-auth-routes.ts';

/**
 * Every auth route (public sign-up/sign-in/reset, profile, admin sessions); app.ts mounts them when
 * deps.auth is set. JSON bodies are limited by the app-wide JSON_BODY_LIMIT_BYTES (http/body-limit.ts).
 */
export function authRoutes(deps: AppDeps): ApiApp {
  return createRouter()
    .route('/', publicAuthRoutes(deps))
    .route('/', profileRoutes(deps))
    .route('/', adminAuthRoutes(deps));
}
