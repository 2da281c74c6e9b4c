import { createRoute, z } from '@hono/zod-openapi';
import { compress } from 'hono/compress';
import type { ApiApp } from '../../app.ts';
import { envelope, slugSchema } from '../../../shared/schemas/common.ts';
import { mapMarkersSchema, type BuildingMarker, type PlaceMarker } from '../../../shared/schemas/map.ts';
import { coordinatesOf } from '../../../shared/map-coordinates.ts';
import { ApiError } from '../../http/api-error.ts';
import { jsonResponses } from '../openapi-helpers.ts';

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
 * Errors: 400 invalid slug, 404 zone_not_found / category_not_found.
 */
export function registerMapRoutes(app: ApiApp): void {
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
          const [zone] = await tx`select id from public.zones where slug = ${zoneSlug}`;
          if (!zone) throw new ApiError(404, 'zone_not_found');
          zoneId = Number(zone.id);
        }
        if (categorySlug) {
          const [category] = await tx`select id from public.categories where slug = ${categorySlug}`;
          if (!category) throw new ApiError(404, 'category_not_found');
          categoryId = Number(category.id);
        }
        const placeRows = await tx`
          select p.slug, p.name, p.name_ar, p.latitude, p.longitude, p.map_url, c.slug as category
          from public.places p join public.categories c on c.id = p.category_id
          where (p.latitude is not null or p.map_url is not null)
            and (${zoneId}::bigint is null or p.zone_id = ${zoneId}::bigint)
            and (${categoryId}::bigint is null or p.category_id = ${categoryId}::bigint)
          order by p.id`;
        const buildingRows = categoryId != null ? [] : await tx`
          select b.slug, b.name, b.name_ar, b.number, b.latitude, b.longitude, b.map_url, z.slug as zone
          from public.buildings b join public.zones z on z.id = b.zone_id
          where (b.latitude is not null or b.map_url is not null)
            and (${zoneId}::bigint is null or b.zone_id = ${zoneId}::bigint)
          order by z.sort_order, b.sort_order, b.id`;

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
}
