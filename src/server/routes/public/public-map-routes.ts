import { createRoute, z } from '@hono/zod-openapi';
import { compress } from 'hono/compress';
import { envelope, slugSchema } from '../../../shared/schemas/common-schemas.ts';
import { bboxQuerySchema, MAP_VIEW_LIMITS, mapMarkersSchema, type BuildingMarker, type MapCluster, type PlaceMarker } from '../../../shared/schemas/map-schemas.ts';
import { ApiError } from '../../http/api-error.ts';
import { SERVER_FIELD_MESSAGES } from '../../domain-errors.ts';
import type { ApiApp, AppDeps } from '../../http/app-deps.ts';
import { buildMarkerIndex, markersInView } from '../../map-clusters.ts';
import { jsonResponses } from '../../http/openapi.ts';
import { createRouter } from '../../http/create-router.ts';
import { loadMarkers } from '../../queries/map-queries.ts';

/** Markers are the same for every visitor and language: shared caches may keep them a minute. */
const CACHE_CONTROL = 'public, max-age=60';


export const mapMarkersQuerySchema = z.object({
  zoneSlug: slugSchema.optional().openapi({ description: 'Only the places and buildings of this zone (404 if no such zone)' }),
  categorySlug: slugSchema.optional().openapi({ description: 'Only the places of this category (buildings are then omitted; 404 if no such category)' }),
  bbox: bboxQuerySchema.optional().openapi({
    description: 'The view "<west>,<south>,<east>,<north>" in decimal degrees (needs `zoom`): only its markers, nearby ones grouped in `clusters`. west > east: the box crosses the antimeridian',
  }),
  zoom: z.coerce.number().int().min(MAP_VIEW_LIMITS.minZoom).max(MAP_VIEW_LIMITS.maxZoom).optional()
    .openapi({ description: `The map's zoom level (integer ${MAP_VIEW_LIMITS.minZoom}–${MAP_VIEW_LIMITS.maxZoom}; needs \`bbox\`): clusters at this zoom; from ${MAP_VIEW_LIMITS.clusterMaxZoom + 1} every marker stands alone` }),
});


/**
 * GET /public/map/markers: the places and buildings that can be put on a map, compactly:
 * `{ places: [{slug,name,nameAr,lat,lng,category}], buildings: [{slug,name,nameAr,number,lat,lng,zone}], clusters }`.
 * Coordinates come from latitude/longitude, else are parsed from the map URL (Google/OSM, see
 * shared/map-coordinates.ts); rows with neither are left out.
 * - Without `bbox`: every marker of the filter (order: places by id, buildings as in their zone), `clusters` empty —
 *   for zone maps and other small sets.
 * - With `bbox` and `zoom` (the map page): only that view, nearby markers grouped into
 *   `clusters: [{id,count,places,lat,lng,expansionZoom}]` by supercluster (decision 031); the rest stand alone in
 *   `places`/`buildings`. Cluster counts plus single markers = the markers in the box.
 * The body is gzip/deflate-compressed when the client accepts it and may be cached for 60 s.
 * Errors: 400 validation_failed (invalid slug, bbox, zoom outside 0–22, bbox without zoom or zoom without bbox),
 * 404 zone_not_found / category_not_found. SQL: queries/map-queries.ts.
 */
export function mapRoutes(deps: Pick<AppDeps, 'markerIndexes'> = {}): ApiApp {
  const app = createRouter();
  app.use('/public/map/markers', compress());
  app.openapi(
    createRoute({
      method: 'get', path: '/public/map/markers', tags: ['public'],
      summary: 'Compact markers of places and buildings with coordinates; clustered for a map view with bbox and zoom',
      request: { query: mapMarkersQuerySchema },
      responses: jsonResponses(envelope(mapMarkersSchema), 'Places and buildings with coordinates (and clusters for a view)', [400, 404]),
    }),
    async (c) => {
      const { zoneSlug, categorySlug, bbox, zoom } = c.req.valid('query');
      if ((bbox === undefined) !== (zoom === undefined)) {
        const field = bbox === undefined ? 'bbox' : 'zoom';
        throw new ApiError(400, 'validation_failed', { [field]: [SERVER_FIELD_MESSAGES.bboxWithZoom] });
      }
      let data: { places: PlaceMarker[]; buildings: BuildingMarker[]; clusters: MapCluster[] };
      if (bbox === undefined || zoom === undefined) {
        data = { ...await c.var.db((tx) => loadMarkers(tx, zoneSlug, categorySlug)), clusters: [] };
      } else {
        const build = async () => {
          const all = await c.var.db((tx) => loadMarkers(tx, zoneSlug, categorySlug));
          return buildMarkerIndex(all.places, all.buildings);
        };
        const index = deps.markerIndexes
          ? await deps.markerIndexes.getOrBuild(`${zoneSlug ?? ''}\u0000${categorySlug ?? ''}`, build)
          : await build();
        data = markersInView(index, bbox, zoom);
      }
      c.header('Cache-Control', CACHE_CONTROL);
      return c.json({ success: true as const, data }, 200);
    },
  );
  return app;
}
