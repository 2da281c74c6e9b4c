import type { ApiApp, AppDeps } from '../../http/app-deps.ts';
import { createRouter } from '../../http/create-router.ts';
import { categoryRoutes } from './public-categories-routes.ts';
import { duplicateRoutes } from './public-duplicates-routes.ts';
import { exportRoutes } from './public-export-routes.ts';
import { mapRoutes } from './public-map-routes.ts';
import { placeRoutes } from './public-places-routes.ts';
import { searchRoutes } from './public-search-routes.ts';
import { settingsRoutes } from './public-website-settings-routes.ts';
import { zoneRoutes } from './public-zones-routes.ts';

/** Public read endpoints (anonymous; RLS as role anon): one sub-app per resource. */
export function publicRoutes(deps: AppDeps): ApiApp {
  return createRouter()
    .route('/', settingsRoutes())
    .route('/', categoryRoutes())
    .route('/', zoneRoutes())
    .route('/', placeRoutes(deps))
    .route('/', searchRoutes())
    .route('/', mapRoutes(deps))
    .route('/', exportRoutes())
    .route('/', duplicateRoutes());
}
