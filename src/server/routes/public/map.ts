import { createRoute, z } from '@hono/zod-openapi';
import { compress } from 'hono/compress';
import { envelope, slugSchema } from '../../../shared/schemas/common.ts';
import { mapMarkersSchema, type BuildingMarker, type PlaceMarker } from '../../../shared/schemas/map.ts';
import { coordinatesOf } from '../../../shared/map-coordinates.ts';
import { ApiError } from '../../http/api-error.ts';
import type { ApiApp } from '../../http/env.ts';
import { jsonResponses } from '../../http/openapi.ts';
import { createRouter } from '../../http/router.ts';
import { categoryIdBySlug } from '../../queries/categories.ts';
import { buildingMarkerRows, placeMarkerRows } from '../../queries/map.ts';
import { zoneIdBySlug } from '../../queries/zones.ts';

/** Markers are the same for every visitor and language: shared caches may keep them a minute. */
const CACHE_CONTROL = 'public, max-age=60';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export const mapMarkersQuerySchema = z.object({
  zoneSlug: slugSchema.optional().openapi({ description: 'Only the places and buildings of this zone (404 if no such zone)' }),
  categorySlug: slugSchema.optional().openapi({ description: 'Only the places of this category (buildings are then omitted; 404 if no such category)' }),
});

/**
 * GET /public/map/markers: every place and building that can be put on a map, in one compact answer
 * `{ places: [{slug,name,nameAr,lat,lng,category}], buildings: [{slug,name,nameAr,number,lat,lng,zone}] }`.
 * Coordinates come from latitude/longitude, else are parsed from the map URL (Google/OSM, see
 * shared/map-coordinates.ts); rows with neither are left out (order: places by id, buildings as in their zone). The body
 * is gzip/deflate-compressed when the client accepts it and may be cached for 60 s.
 * Errors: 400 invalid slug, 404 zone_not_found / category_not_found. SQL: queries/map.ts.
 */
export function mapRoutes(): ApiApp {
  const app = createRouter();
  app.use('/public/map/markers', compress());
  app.openapi(
    createRoute({
      method: 'get', path: '/public/map/markers', tags: ['public'],
      summary: 'Compact markers of every place and building with coordinates (from latitude/longitude or the map URL)',
      request: { query: mapMarkersQuerySchema },
      responses: jsonResponses(envelope(mapMarkersSchema), 'Places and buildings with coordinates', [400, 404]),
    }),
    async (c) => {
      const { zoneSlug, categorySlug } = c.req.valid('query');
      const data = await c.var.db(async (tx) => {
        let zoneId: number | null = null;
        let categoryId: number | null = null;
        if (zoneSlug) {
          zoneId = await zoneIdBySlug(tx, zoneSlug) ?? null;
          if (zoneId === null) throw new ApiError(404, 'zone_not_found');
        }
        if (categorySlug) {
          categoryId = await categoryIdBySlug(tx, categorySlug) ?? null;
          if (categoryId === null) throw new ApiError(404, 'category_not_found');
        }
        const placeRows = await placeMarkerRows(tx, zoneId, categoryId);
        const buildingRows = categoryId != null ? [] : await buildingMarkerRows(tx, zoneId);

        const places: PlaceMarker[] = [];
        for (const r of placeRows) {
          const at = coordinatesOf({ latitude: r.latitude, longitude: r.longitude, mapUrl: r.map_url });
          if (at) places.push({ slug: r.slug, name: r.name, nameAr: r.name_ar, lat: round6(at.lat), lng: round6(at.lng), category: r.category });
        }
        const buildings: BuildingMarker[] = [];
        for (const r of buildingRows) {
          const at = coordinatesOf({ latitude: r.latitude, longitude: r.longitude, mapUrl: r.map_url });
          if (at) buildings.push({ slug: r.slug, name: r.name, nameAr: r.name_ar, number: r.number, lat: round6(at.lat), lng: round6(at.lng), zone: r.zone });
        }
        return { places, buildings };
      });
      c.header('Cache-Control', CACHE_CONTROL);
      return c.json({ success: true as const, data }, 200);
    },
  );
  return app;
}
