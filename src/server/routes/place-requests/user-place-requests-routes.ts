import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../../auth/request-guards.ts';
import { ApiError } from '../../http/api-error.ts';
import type { ApiApp } from '../../http/app-deps.ts';
import { created, jsonBody, jsonResponses, security } from '../../http/openapi.ts';
import { createRouter } from '../../http/create-router.ts';
import { pageOf } from '../../http/page-of.ts';
import {
  getPlaceRequest, listPlaceRequests, ownPlaces, submitCreateRequest, submitEditRequest, toPlaceRequest,
} from '../../queries/place-requests-queries.ts';
import { envelope, idSchema, pagedEnvelope, pagingQuerySchema, searchTextSchema } from '../../../shared/schemas/common-schemas.ts';
import { placeSchema } from '../../../shared/schemas/entity-schemas.ts';
import { placeCreateSchema } from '../../../shared/schemas/place-form-schemas.ts';
import { editRequestBodySchema, placeRequestListQuerySchema, placeRequestSchema } from '../../../shared/schemas/place-request-schemas.ts';

const tags = ['contributions'];

/**
 * Contributions of signed-in users: submit a new place and edits to their own places as
 * pending requests, list their places and follow their requests. 401 without a valid token.
 * SQL: queries/place-requests-queries.ts.
 */
export function contributionRoutes(): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'post', path: '/public/places', tags, security,
      summary: 'Propose a new place (the place payload): creates a pending `create` request of the caller; 201 with the request',
      description: 'The request payload holds the submitted fields only (empty ones omitted). An admin approval creates the place, owned by the caller. '
        + "400 with field errors (the form's messages, 'select category' also for an unknown category).",
      request: jsonBody(placeCreateSchema),
      responses: created(envelope(placeRequestSchema), 'The pending request', [400, 401]),
    }),
    async (c) => {
      const user = requireUser(c);
      const payload = c.req.valid('json');
      const data = await c.var.db((tx) => submitCreateRequest(tx, user.id, payload));
      return c.json({ success: true as const, data }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/public/auth/places/{id}/edit-request', tags, security,
      summary: 'Propose changes {changes} to a place the caller owns: a pending `edit` request holding only the fields that differ',
      description: 'changes: any subset of the place payload; null or "" clears an optional field; details fields (description, imageUrl, youtubeUrl) count one by one. '
        + 'Errors: 400 no_changes (nothing differs) or field errors, 403 not_place_owner, 404 place_not_found.',
      request: { params: z.object({ id: idSchema }), ...jsonBody(editRequestBodySchema) },
      responses: created(envelope(placeRequestSchema), 'The pending edit request', [400, 401, 403, 404]),
    }),
    async (c) => {
      const user = requireUser(c);
      const { id } = c.req.valid('param');
      const { changes } = c.req.valid('json');
      const data = await c.var.db((tx) => submitEditRequest(tx, user.id, id, changes));
      return c.json({ success: true as const, data }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/public/auth/places', tags, security,
      summary: "The caller's own places (full place shape), newest first; optional `search` in the names; meta {page, limit, total}",
      request: { query: pagingQuerySchema.extend({ search: searchTextSchema }) },
      responses: jsonResponses(pagedEnvelope(placeSchema), 'A page of places', [400, 401]),
    }),
    async (c) => {
      requireUser(c); // 401 without a session; "own" = auth.uid() of the transaction (private.owned_place_ids)
      const q = c.req.valid('query');
      const { rows, total } = await c.var.db((tx) => ownPlaces(tx, q.search, q));
      return c.json(pageOf(rows, q, total), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/public/auth/requests', tags, security,
      summary: "The caller's place requests, newest first; filters `type` (create|edit) and `status` (pending|approved|rejected); meta {page, limit, total}",
      request: { query: placeRequestListQuerySchema },
      responses: jsonResponses(pagedEnvelope(placeRequestSchema), 'A page of requests', [400, 401]),
    }),
    async (c) => {
      const user = requireUser(c);
      const q = c.req.valid('query');
      const { rows, total } = await c.var.db((tx) => listPlaceRequests(tx, { userId: user.id, type: q.type, status: q.status }, q));
      return c.json(pageOf(rows.map((r) => toPlaceRequest(r)), q, total), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/public/auth/requests/{id}', tags, security,
      summary: "One of the caller's requests (with proposed changes, updated images, rejection reason); 404 place_request_not_found for anyone else's",
      request: { params: z.object({ id: idSchema }) },
      responses: jsonResponses(envelope(placeRequestSchema), 'The request', [400, 401, 404]),
    }),
    async (c) => {
      const user = requireUser(c);
      const { id } = c.req.valid('param');
      const row = await c.var.db((tx) => getPlaceRequest(tx, id, { userId: user.id }));
      if (!row) throw new ApiError(404, 'place_request_not_found');
      return c.json({ success: true as const, data: toPlaceRequest(row) }, 200);
    },
  );
  return app;
}
