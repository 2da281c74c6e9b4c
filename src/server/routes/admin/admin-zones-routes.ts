import { createRoute } from '@hono/zod-openapi';
import { ApiError } from '../../http/api-error.ts';
import type { ApiApp } from '../../http/app-deps.ts';
import { created, idParams, jsonBody, jsonResponses, security } from '../../http/openapi.ts';
import { createRouter } from '../../http/create-router.ts';
import { changeZone, createZone, removeZone, reorderZonesAndList } from '../../queries/catalog-writes.ts';
import { mapSlugConflict } from '../../queries/slugs.ts';
import { listZones, readZoneWithBuildings } from '../../queries/zones-queries.ts';
import { envelope } from '../../../shared/schemas/common-schemas.ts';
import { zoneSchema, zoneWithBuildingsSchema } from '../../../shared/schemas/entity-schemas.ts';
import {
  adminZoneListSchema, reorderBodySchema, zoneCreateSchema, zoneDeleteResultSchema, zoneUpdateSchema,
} from '../../../shared/schemas/admin-schemas.ts';

const tags = ['admin: zones'];


/**
 * Admin zones: list, one with buildings, create, update, delete, reorder.
 * Admin only (401/403 from the admin guard of app.ts); writes run as the caller under RLS. SQL: queries/zones-queries.ts, queries/catalog-writes.ts.
 * `PUT /admin/zones/reorder` is registered before `/admin/zones/{id}` so it is not read as an id.
 */
export function adminZoneRoutes(): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get', path: '/admin/zones', tags, security,
      summary: 'Every zone in display order (order from 1) with building and place counts',
      responses: jsonResponses(envelope(adminZoneListSchema), 'Zones', [401, 403]),
    }),
    async (c) => c.json({ success: true as const, data: await c.var.db(listZones) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/admin/zones', tags, security,
      summary: 'Create a zone {title, titleAr?, slug?, order?, locationUrl?, description?, descriptionAr?, latitude?, longitude?}; '
        + 'without order it goes last; slug from the title unless given (409 slug_taken); 201 with the zone',
      request: jsonBody(zoneCreateSchema),
      responses: created(envelope(zoneSchema), 'The new zone', [400, 401, 403, 409, 413]),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const data = await mapSlugConflict(c.var.db((tx) => createZone(tx, body)));
      return c.json({ success: true as const, data }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/admin/zones/reorder', tags, security,
      summary: 'Reorder every zone at once: {order:[{id, order}]}, ids exactly the existing zones, orders 1…n; 400 invalid_order '
        + '(reason in error.fields.order) changes nothing; answers the zones in their new order',
      request: jsonBody(reorderBodySchema),
      responses: jsonResponses(envelope(adminZoneListSchema), 'Zones in the new order', [400, 401, 403, 413]),
    }),
    async (c) => {
      const { order } = c.req.valid('json');
      const data = await c.var.db((tx) => reorderZonesAndList(tx, order));
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/admin/zones/{id}', tags, security,
      summary: 'One zone with its buildings in display order',
      request: { params: idParams },
      responses: jsonResponses(envelope(zoneWithBuildingsSchema), 'The zone', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const data = await c.var.db((tx) => readZoneWithBuildings(tx, { id }));
      if (!data) throw new ApiError(404, 'zone_not_found');
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/admin/zones/{id}', tags, security,
      summary: 'Update a zone: any of the create fields (absent = unchanged, null = cleared; the slug changes only when given)',
      request: { params: idParams, ...jsonBody(zoneUpdateSchema) },
      responses: jsonResponses(envelope(zoneSchema), 'The updated zone', [400, 401, 403, 404, 409, 413]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const data = await mapSlugConflict(c.var.db((tx) => changeZone(tx, id, body)));
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete', path: '/admin/zones/{id}', tags, security,
      summary: 'Delete a zone and its buildings; its places stay, without zone (and without building). '
        + 'Answers {id, detachedPlaces, deletedBuildings}',
      request: { params: idParams },
      responses: jsonResponses(envelope(zoneDeleteResultSchema), 'Deleted', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const data = await c.var.db((tx) => removeZone(tx, id));
      return c.json({ success: true as const, data }, 200);
    },
  );
  return app;
}
