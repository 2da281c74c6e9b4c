import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/app-deps.ts';
import { created, idParams, jsonBody, jsonResponses, security } from '../../http/openapi.ts';
import { createRouter } from '../../http/create-router.ts';
import { changeBuilding, createBuilding, removeBuilding, reorderBuildingsAndList, zoneBuildings } from '../../queries/catalog-writes.ts';
import { mapSlugConflict } from '../../queries/slugs.ts';
import { envelope, idSchema } from '../../../shared/schemas/common-schemas.ts';
import { buildingSchema } from '../../../shared/schemas/entity-schemas.ts';
import {
  adminBuildingListSchema, buildingCreateSchema, buildingDeleteResultSchema, buildingUpdateSchema, reorderBodySchema,
} from '../../../shared/schemas/admin-schemas.ts';

const tags = ['admin: buildings'];
const zoneParams = z.object({ zoneId: idSchema });


/**
 * Admin buildings of a zone: list, create, update, delete, reorder. Admin only (401/403
 * from the admin guard of app.ts); writes run as the caller under RLS. Slugs are unique within
 * the zone. SQL: queries/buildings-queries.ts, queries/catalog-writes.ts.
 */
export function adminBuildingRoutes(): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get', path: '/admin/zones/{zoneId}/buildings', tags, security,
      summary: 'The buildings of a zone in display order, with place counts',
      request: { params: zoneParams },
      responses: jsonResponses(envelope(adminBuildingListSchema), 'Buildings', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { zoneId } = c.req.valid('param');
      const data = await c.var.db((tx) => zoneBuildings(tx, zoneId));
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/admin/zones/{zoneId}/buildings', tags, security,
      summary: 'Add a building {name, nameAr?, number?, slug?, description?, descriptionAr?, mapUrl?, hasDetails?, order?, latitude?, longitude?} '
        + 'to a zone; without order it goes last; slug from the name (unique in the zone) unless given (409 slug_taken); 201',
      request: { params: zoneParams, ...jsonBody(buildingCreateSchema) },
      responses: created(envelope(buildingSchema), 'The new building', [400, 401, 403, 404, 409, 413]),
    }),
    async (c) => {
      const { zoneId } = c.req.valid('param');
      const body = c.req.valid('json');
      const data = await mapSlugConflict(c.var.db((tx) => createBuilding(tx, zoneId, body)));
      return c.json({ success: true as const, data }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/admin/zones/{zoneId}/buildings/reorder', tags, security,
      summary: 'Reorder every building of a zone at once: {order:[{id, order}]}, ids exactly the zone\'s buildings, orders 1…n; '
        + '400 invalid_order (reason in error.fields.order) changes nothing; answers the buildings in their new order',
      request: { params: zoneParams, ...jsonBody(reorderBodySchema) },
      responses: jsonResponses(envelope(adminBuildingListSchema), 'Buildings in the new order', [400, 401, 403, 404, 413]),
    }),
    async (c) => {
      const { zoneId } = c.req.valid('param');
      const { order } = c.req.valid('json');
      const data = await c.var.db((tx) => reorderBuildingsAndList(tx, zoneId, order));
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/admin/buildings/{id}', tags, security,
      summary: 'Update a building: any of the create fields (absent = unchanged, null = cleared; the slug changes only when given)',
      request: { params: idParams, ...jsonBody(buildingUpdateSchema) },
      responses: jsonResponses(envelope(buildingSchema), 'The updated building', [400, 401, 403, 404, 409, 413]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const data = await mapSlugConflict(c.var.db((tx) => changeBuilding(tx, id, body)));
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete', path: '/admin/buildings/{id}', tags, security,
      summary: 'Delete a building; its places stay, without building. Answers {id, zoneId, detachedPlaces}',
      request: { params: idParams },
      responses: jsonResponses(envelope(buildingDeleteResultSchema), 'Deleted', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const data = await c.var.db((tx) => removeBuilding(tx, id));
      return c.json({ success: true as const, data }, 200);
    },
  );
  return app;
}
