import type { ApiApp } from '../../http/app-deps.ts';
import { createRouter } from '../../http/create-router.ts';
import { adminBuildingRoutes } from './admin-buildings-routes.ts';
import { adminCategoryRoutes } from './admin-categories-routes.ts';
import { adminDuplicateRoutes } from './admin-duplicates-routes.ts';
import { adminHistoryRoutes } from './admin-history-routes.ts';
import { adminOverviewRoutes } from './admin-overview-routes.ts';
import { adminImportRoutes } from './admin-import-routes.ts';
import { adminPlaceRoutes } from './admin-places-routes.ts';
import { adminSettingsRoutes } from './admin-website-settings-routes.ts';
import { adminZoneRoutes } from './admin-zones-routes.ts';

/**
 * The admin console's API: categories, zones, buildings, places, website settings and history under
 * /api/admin. Access is checked once, by the admin guard app.ts puts on `/admin/*` before any
 * input is read: no valid token → 401 `unauthorized`, a signed-in non-admin → 403 `forbidden`.
 * Handlers then run as the caller's role with RLS in force (the admin claim is what the policies
 * and SQL functions check). JSON bodies are limited by JSON_BODY_LIMIT_BYTES (http/body-limit.ts).
 */
export function adminRoutes(): ApiApp {
  return createRouter()
    .route('/', adminCategoryRoutes())
    .route('/', adminZoneRoutes())
    .route('/', adminBuildingRoutes())
    .route('/', adminPlaceRoutes())
    .route('/', adminSettingsRoutes())
    .route('/', adminHistoryRoutes())
    .route('/', adminOverviewRoutes())
    .route('/', adminImportRoutes())
    .route('/', adminDuplicateRoutes());
}
