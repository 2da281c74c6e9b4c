import { createRoute } from '@hono/zod-openapi';
import { ApiError } from '../../http/api-error.ts';
import { message } from '../../message-catalogue.ts';
import type { ApiApp, AppDeps } from '../../http/app-deps.ts';
import { notifyDecisions } from '../../mail/notify-decisions.ts';
import { idParams, jsonResponses, security } from '../../http/openapi.ts';
import { readOptionalJson } from '../../http/read-json.ts';
import { createRouter } from '../../http/create-router.ts';
import { pageOf } from '../../http/page-of.ts';
import {
  approveAllPlaceRequests, approvePlaceRequest, getPlaceRequest, listPlaceRequests, notApplicableReason, rejectPlaceRequest, toPlaceRequest,
} from '../../queries/place-requests-queries.ts';
import { envelope, pagedEnvelope } from '../../../shared/schemas/common-schemas.ts';
import {
  approveAllBodySchema, approveAllResultSchema, placeRequestListQuerySchema, placeRequestSchema, rejectRequestBodySchema,
} from '../../../shared/schemas/place-request-schemas.ts';

const tags = ['moderation'];

/**
 * Moderation of place requests (admins; 401 without a token, 403 for other users, from the admin
 * guard of app.ts). SQL: queries/place-requests-queries.ts. Decisions run
 * the SQL functions of supabase/migrations/20260101001100_moderation.sql, which lock the request,
 * so each is approved or rejected exactly once (a second decision gets 409 request_already_reviewed)
 * and record reviewed_by/reviewed_at.
 */
export function moderationRoutes(deps?: AppDeps): ApiApp {
  const app = createRouter();
  /** After the decision committed: one mail per decided request to its submitter (never blocks nor fails the answer). */
  const tell = (c: { req: { url: string } }, ids: readonly number[]) => {
    if (deps) notifyDecisions(deps, ids, deps.publicUrl ?? new URL(c.req.url).origin);
  };
  app.openapi(
    createRoute({
      method: 'get', path: '/admin/place-requests', tags, security,
      summary: 'Place requests, newest first; filters `type` (create|edit), `status` (pending|approved|rejected); meta {page, limit, total}',
      request: { query: placeRequestListQuerySchema },
      responses: jsonResponses(pagedEnvelope(placeRequestSchema), 'A page of requests', [400, 401, 403]),
    }),
    async (c) => {
      const q = c.req.valid('query');
      const { rows, total } = await c.var.db((tx) => listPlaceRequests(tx, { type: q.type, status: q.status }, q));
      return c.json(pageOf(rows.map((r) => toPlaceRequest(r, { admin: true })), q, total), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/admin/place-requests/{id}', tags, security,
      summary: 'One request with its requester, proposed changes (before → after) and updated images',
      request: { params: idParams },
      responses: jsonResponses(envelope(placeRequestSchema), 'The request', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const row = await c.var.db((tx) => getPlaceRequest(tx, id));
      if (!row) throw new ApiError(404, 'place_request_not_found');
      return c.json({ success: true as const, data: toPlaceRequest(row, { admin: true }) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/admin/place-requests/{id}/approve', tags, security,
      summary: 'Approve a pending request: a create inserts the place (unique slug from the name, owned by the requester), an edit applies its changes',
      description: 'Answers the approved request (place set). 404 place_request_not_found; 409 request_already_reviewed (approved or rejected before, '
        + 'including by a concurrent call); 409 request_not_applicable with the reason (category, zone or place gone; a field the database refuses) — the request stays pending.',
      request: { params: idParams },
      responses: jsonResponses(envelope(placeRequestSchema), 'The approved request', [400, 401, 403, 404, 409]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const row = await c.var.db(async (tx) => {
        await approvePlaceRequest(tx, id);
        return getPlaceRequest(tx, id);
      });
      tell(c, [id]);
      return c.json({ success: true as const, data: toPlaceRequest(row!, { admin: true }) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/admin/place-requests/{id}/reject', tags, security,
      summary: 'Reject a pending request with {reason} (1–2000 characters, shown to the requester)',
      description: "400 'Reason is required'; 404 place_request_not_found; 409 request_already_reviewed.",
      request: { params: idParams, body: { content: { 'application/json': { schema: rejectRequestBodySchema } }, required: true } },
      responses: jsonResponses(envelope(placeRequestSchema), 'The rejected request', [400, 401, 403, 404, 409]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      const row = await c.var.db(async (tx) => {
        await rejectPlaceRequest(tx, id, reason);
        return getPlaceRequest(tx, id);
      });
      tell(c, [id]);
      return c.json({ success: true as const, data: toPlaceRequest(row!, { admin: true }) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/admin/place-requests/approve-all', tags, security,
      summary: 'Approve every pending request (optionally only {type: create|edit}, in the body or ?type=), oldest first, each on its own',
      description: 'A request that cannot be applied is rolled back alone, stays pending and is listed in `failed` with an API code and the reason. '
        + 'Requests another admin is deciding at that moment are left to them.',
      request: {
        query: approveAllBodySchema,
        body: { content: { 'application/json': { schema: approveAllBodySchema } }, required: false },
      },
      responses: jsonResponses(envelope(approveAllResultSchema), '{approved: [ids], failed: [{id, code, reason}]}', [400, 401, 403]),
    }),
    async (c) => {
      const body = await readOptionalJson(c, approveAllBodySchema);
      const type = body.type ?? c.req.valid('query').type;
      const data = await c.var.db((tx) => approveAllPlaceRequests(tx, type));
      tell(c, data.approved);
      // the database's reasons, in the request's language
      const failed = data.failed.map((f) => {
        if (f.code !== 'request_not_applicable') return f;
        const reason = notApplicableReason(f.reason);
        return { ...f, reason: message(reason.key, c.var.lang, reason.params) };
      });
      return c.json({ success: true as const, data: { ...data, failed } }, 200);
    },
  );
  return app;
}
