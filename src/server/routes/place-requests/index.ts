import type { ApiApp, AppDeps } from '../../http/app-deps.ts';
import { createRouter } from '../../http/create-router.ts';
import { moderationRoutes } from './admin-place-requests-routes.ts';
import { contributionRoutes } from './user-place-requests-routes.ts';

/**
 * Contributions (users submit places and edits) and their moderation (admins approve or reject).
 * JSON bodies are limited by the app-wide JSON_BODY_LIMIT_BYTES (http/body-limit.ts).
 */
export function placeRequestRoutes(deps?: AppDeps): ApiApp {
  return createRouter()
    .route('/', contributionRoutes())
    .route('/', moderationRoutes(deps));
}
