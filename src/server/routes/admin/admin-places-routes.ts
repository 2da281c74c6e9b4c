import { createRoute } from '@hono/zod-openapi';
import { ApiError } from '../../http/api-error.ts';
import type { ApiApp } from '../../http/app-deps.ts';
import { created, idParams, jsonBody, jsonResponses, security } from '../../http/openapi.ts';
import { createRouter } from '../../http/create-router.ts';
import { pageOf } from '../../http/page-of.ts';
import { toPlaceListItem } from '../../queries/mappers.ts';
import { changePlace, createPlace, deletePlace, readPlace } from '../../queries/place-writes.ts';
import { listPlaces } from '../../queries/places-queries.ts';
import { mapSlugConflict } from '../../queries/slugs.ts';
import { envelope, pagedEnvelope } from '../../../shared/schemas/common-schemas.ts';
import { placeListItemSchema, placeSchema } from '../../../shared/schemas/entity-schemas.ts';
import {
  adminPlaceCreateSchema, adminPlaceListQuerySchema, adminPlaceUpdateSchema, deleteResultSchema,
} from '../../../shared/schemas/admin-schemas.ts';

const tags = ['admin: places'];
/**
 * Admin places: search/filter/page, one, create, update, delete. Admin only (401/403 from
 * the admin guard of app.ts); writes run as the caller under RLS. SQL: queries/place-writes.ts, queries/places-queries.ts (list). Bodies are the shared place
 * payload of src/shared/schemas/place-form-schemas.ts (the public add-place form's rules) plus `slug`.
 */
export function adminPlaceRoutes(): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get', path: '/admin/places', tags, security,
      summary: 'Places: `search` (relevance order unless `sort`), `categoryId`, `zoneId`, `buildingId`, `missing` (nameAr|phone|openingHours|coordinates), `sort`, `page` from 1, `limit` ≤ 100; '
        + 'meta {page, limit, total, nextCursor}',
      request: { query: adminPlaceListQuerySchema },
      responses: jsonResponses(pagedEnvelope(placeListItemSchema), 'A page of places', [400, 401, 403]),
    }),
    async (c) => {
      const q = c.req.valid('query');
      const result = await c.var.db((tx) =>
        listPlaces(tx, { categoryId: q.categoryId, zoneId: q.zoneId, buildingId: q.buildingId, missing: q.missing, search: q.search }, q));
      return c.json(pageOf(result.rows.map(toPlaceListItem), q, result.total, result.nextCursor), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/admin/places/{id}', tags, security,
      summary: 'One place with contact, location, details and manager fields',
      request: { params: idParams },
      responses: jsonResponses(envelope(placeSchema), 'The place', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const data = await c.var.db((tx) => readPlace(tx, id));
      if (!data) throw new ApiError(404, 'place_not_found');
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/admin/places', tags, security,
      summary: 'Create a place (place payload: name, categoryId required; empty optional fields omitted) with optional `slug`; '
        + 'slug from the English name unless given (409 slug_taken); 201 with the place',
      request: jsonBody(adminPlaceCreateSchema),
      responses: created(envelope(placeSchema), 'The new place', [400, 401, 403, 409, 413]),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const data = await mapSlugConflict(c.var.db((tx) => createPlace(tx, body)));
      return c.json({ success: true as const, data }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/admin/places/{id}', tags, security,
      summary: 'Update a place: any subset of the payload (absent = unchanged, null or "" = cleared; name and categoryId cannot be cleared; '
        + 'details: null clears all three); the slug changes only when given (409 slug_taken)',
      request: { params: idParams, ...jsonBody(adminPlaceUpdateSchema) },
      responses: jsonResponses(envelope(placeSchema), 'The updated place', [400, 401, 403, 404, 409, 413]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const data = await mapSlugConflict(c.var.db((tx) => changePlace(tx, id, body)));
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete', path: '/admin/places/{id}', tags, security,
      summary: 'Delete a place; answers {id}',
      request: { params: idParams },
      responses: jsonResponses(envelope(deleteResultSchema), 'Deleted', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await c.var.db((tx) => deletePlace(tx, id));
      if (!deleted) throw new ApiError(404, 'place_not_found');
      return c.json({ success: true as const, data: { id } }, 200);
    },
  );
  return app;
}
