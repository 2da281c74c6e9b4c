import { z } from 'zod';
import { authSessionSchema } from '../shared/schemas/auth-schemas.ts';
import { pageMetaSchema } from '../shared/schemas/common-schemas.ts';
import {
  categorySchema, placeListItemSchema, placeShareSchema, placeWithRelatedSchema, searchResultsSchema, websiteSettingsSchema, zoneSchema,
  zoneWithBuildingsSchema,
} from '../shared/schemas/entity-schemas.ts';
import { mapMarkersSchema } from '../shared/schemas/map-schemas.ts';

/**
 * The response checks (spec.md §5 "Validation rules": responses are checked against the entity shapes) of the calls public pages make, by name, built from src/shared's schemas.
 * Loaded only through `publicSchema(name)` of src/lib/api-client.ts, i.e. as its own chunk when the first
 * response needs checking, so zod is not among the scripts a public page loads before it is interactive
 * (decision 036). Import types from here with `import type` only: a value import would pull zod back into
 * the pages' first scripts (tests/build/js-budget.test.ts).
 */

/** GET /public/places, /public/categories/{slug}/places, /public/zones/{slug}/places: the whole envelope. */
export const placesPage = z.object({ data: z.array(placeListItemSchema), meta: pageMetaSchema });
export type PlacesPage = z.infer<typeof placesPage>;
/** GET /public/places/{slug} */
export const place = placeWithRelatedSchema;
/** GET /public/places/{slug}/share */
export const placeShare = placeShareSchema;
/** GET /public/categories */
export const categories = z.array(categorySchema);
/** GET /public/categories/{slug} */
export const category = categorySchema;
/** GET /public/zones */
export const zones = z.array(zoneSchema);
/** GET /public/zones/{slug} */
export const zone = zoneWithBuildingsSchema;
/** GET /public/search */
export const search = searchResultsSchema;
/** GET /public/map/markers (whole set, or a view's clusters and lone markers) */
export const mapMarkers = mapMarkersSchema;
/** GET /website-settings */
export const websiteSettings = websiteSettingsSchema;
/** POST /public/auth/refresh and /admin/auth/refresh */
export const refreshedSession = authSessionSchema.pick({ token: true, refreshToken: true }).extend({ expiresAt: z.number().optional() });
