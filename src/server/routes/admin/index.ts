import type { MiddlewareHandler } from 'hono';
import type { ApiApp } from '../../app.ts';
import type { AppDeps, AppEnv } from '../../context.ts';
import { requireAdmin } from '../../auth/guards.ts';
import { registerAdminBuildingRoutes } from './buildings.ts';
import { registerAdminCategoryRoutes } from './categories.ts';
import { registerAdminPlaceRoutes } from './places.ts';
import { registerAdminSettingsRoutes } from './website-settings.ts';
import { registerAdminZoneRoutes } from './zones.ts';

/** The paths of the admin console's resources (not /admin/auth, /admin/upload or /admin/place-requests, mounted elsewhere). */
const ADMIN_PATHS = [
  '/admin/categories', '/admin/categories/*', '/admin/zones', '/admin/zones/*', '/admin/buildings/*',
  '/admin/places', '/admin/places/*', '/admin/website-settings',
];

/**
 * The admin console's API (spec §7, DESIGN §4): categories, zones, buildings, places and website
 * settings under /api/admin. Every request is checked before its input is read: no valid token →
 * 401 `unauthorized`, a signed-in non-admin → 403 `forbidden`. Handlers then run as the caller's
 * role with RLS in force (the admin claim is what the policies and SQL functions check).
 * JSON bodies are limited by the app-wide JSON_BODY_LIMIT_BYTES (src/server/app.ts).
 */
export function registerAdminRoutes(app: ApiApp, _deps: AppDeps): void {
  const guard: MiddlewareHandler<AppEnv> = async (c, next) => {
    requireAdmin(c);
    await next();
  };
  for (const path of ADMIN_PATHS) app.use(path, guard);
  registerAdminCategoryRoutes(app);
  registerAdminZoneRoutes(app);
  registerAdminBuildingRoutes(app);
  registerAdminPlaceRoutes(app);
  registerAdminSettingsRoutes(app);
}
