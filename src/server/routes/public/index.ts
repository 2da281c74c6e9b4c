import type { ApiApp, AppDeps } from '../../http/env.ts';
import { createRouter } from '../../http/router.ts';
import { categoryRoutes } from './categories.ts';
import { duplicateRoutes } from './duplicates.ts';
import { exportRoutes } from './export.ts';
import { mapRoutes } from './map.ts';
import { placeRoutes } from './places.ts';
import { searchRoutes } from './search.ts';
import { settingsRoutes } from './website-settings.ts';
import { zoneRoutes } from './zones.ts';

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
