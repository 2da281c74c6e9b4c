import { bodyLimit } from 'hono/body-limit';
import type { ApiApp } from '../../app.ts';
import type { AppDeps } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import './messages.ts';
import { registerModerationRoutes } from './admin.ts';
import { registerContributionRoutes } from './user.ts';

/** A place payload is a few KiB at most (texts ≤ 5000 characters): larger JSON bodies get 413 before parsing. */
export const PLACE_REQUEST_BODY_LIMIT_BYTES = 64 * 1024;

const JSON_PATHS = [
  '/public/places', '/public/auth/places/:id/edit-request', '/admin/place-requests/:id/reject', '/admin/place-requests/approve-all',
];

/** Contributions (users submit places and edits) and their moderation (admins approve or reject). */
export function registerPlaceRequestRoutes(app: ApiApp, deps: AppDeps): void {
  const limit = bodyLimit({ maxSize: PLACE_REQUEST_BODY_LIMIT_BYTES, onError: () => { throw new ApiError(413, 'payload_too_large'); } });
  for (const path of JSON_PATHS) app.on('POST', path, limit);
  registerContributionRoutes(app, deps);
  registerModerationRoutes(app, deps);
}
