import type { ApiApp } from '../../app.ts';
import type { AppDeps } from '../../context.ts';
import './messages.ts';
import { registerModerationRoutes } from './admin.ts';
import { registerContributionRoutes } from './user.ts';

/**
 * Contributions (users submit places and edits) and their moderation (admins approve or reject).
 * JSON bodies are limited by the app-wide JSON_BODY_LIMIT_BYTES (src/server/app.ts).
 */
export function registerPlaceRequestRoutes(app: ApiApp, deps: AppDeps): void {
  registerContributionRoutes(app, deps);
  registerModerationRoutes(app, deps);
}
