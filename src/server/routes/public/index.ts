import type { ApiApp } from '../../app.ts';
import type { AppDeps } from '../../context.ts';
import { registerCategoryRoutes } from './categories.ts';
import { registerMapRoutes } from './map.ts';
import { registerPlaceRoutes } from './places.ts';
import { registerSearchRoutes } from './search.ts';
import { registerSettingsRoutes } from './website-settings.ts';
import { registerZoneRoutes } from './zones.ts';

/** Public read endpoints of spec §7 (anonymous; RLS as role anon). */
export function registerPublicRoutes(app: ApiApp, deps: AppDeps): void {
  registerSettingsRoutes(app);
  registerCategoryRoutes(app);
  registerZoneRoutes(app);
  registerPlaceRoutes(app, deps);
  registerSearchRoutes(app);
  registerMapRoutes(app);
}
