import { createRoute, z } from '@hono/zod-openapi';
import { envelope, pagedEnvelope, placeListQuerySchema, slugSchema } from '../../../shared/schemas/common-schemas.ts';
import { placeListItemSchema, zoneSchema, zoneWithBuildingsSchema } from '../../../shared/schemas/entity-schemas.ts';
import { ApiError } from '../../http/api-error.ts';
import type { ApiApp } from '../../http/app-deps.ts';
import { jsonResponses } from '../../http/openapi.ts';
import { createRouter } from '../../http/create-router.ts';
import { pageOf } from '../../http/page-of.ts';
import { toPlaceListItem } from '../../queries/mappers.ts';
import { listPlaces } from '../../queries/places-queries.ts';
import { listZones, readZoneWithBuildings, zoneIdBySlug } from '../../queries/zones-queries.ts';

/** Public zones: the list, one with its buildings, and its places. SQL: queries/zones-queries.ts, queries/places-queries.ts. */
export function zoneRoutes(): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get', path: '/public/zones', tags: ['public'],
      summary: 'All zones in display order with building and place counts',
      responses: jsonResponses(envelope(z.array(zoneSchema)), 'Zones'),
    }),
    async (c) => {
      return c.json({ success: true as const, data: await c.var.read(listZones) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/public/zones/{slug}', tags: ['public'], summary: 'One zone with its buildings (in order)',
      request: { params: z.object({ slug: slugSchema }) },
      responses: jsonResponses(envelope(zoneWithBuildingsSchema), 'The zone', [400, 404]),
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      const data = await c.var.read((tx) => readZoneWithBuildings(tx, { slug }));
      if (!data) throw new ApiError(404, 'zone_not_found');
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/public/zones/{slug}/places', tags: ['public'], summary: 'Places in a zone, paged (meta: page, limit, total, nextCursor)',
      request: { params: z.object({ slug: slugSchema }), query: placeListQuerySchema.omit({ zoneSlug: true }) },
      responses: jsonResponses(pagedEnvelope(placeListItemSchema), 'A page of places', [400, 404]),
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      const q = c.req.valid('query');
      const result = await c.var.read(async (tx) => {
        const zoneId = await zoneIdBySlug(tx, slug);
        if (zoneId === undefined) throw new ApiError(404, 'zone_not_found');
        return listPlaces(tx, { zoneId, categorySlug: q.categorySlug, search: q.search, openNow: q.openNow }, q);
      });
      return c.json(pageOf(result.rows.map(toPlaceListItem), q, result.total, result.nextCursor), 200);
    },
  );
  return app;
}
