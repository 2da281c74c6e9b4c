import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/app-deps.ts';
import { jsonResponses, security } from '../../http/openapi.ts';
import { createRouter } from '../../http/create-router.ts';
import { pageOf } from '../../http/page-of.ts';
import { listDeletedPlaces, listHistory, restorePlaceVersion } from '../../queries/history-queries.ts';
import { envelope, idSchema, pagedEnvelope } from '../../../shared/schemas/common-schemas.ts';
import {
  deletedPlaceSchema, deletedPlacesQuerySchema, historyEntrySchema, historyQuerySchema, restoreResultSchema,
} from '../../../shared/schemas/history-schemas.ts';

const tags = ['admin: history'];

/**
 * The history of records (docs/decisions/020-history.md): every change of a place, category, zone,
 * building or the website settings as the database recorded it, deleted places still restorable, and
 * restoring a place. Admin only (401/403 from the admin guard of app.ts); reads and the restore run as
 * the caller (the restore is recorded with the admin as actor). SQL: queries/history-queries.ts.
 */
export function adminHistoryRoutes(): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get', path: '/admin/history', tags, security,
      summary: 'The changes of one record, newest first: `entity` place|category|zone|building|website, `id` (website: none or 1), '
        + '`page` from 1, `limit` ≤ 100; each with operation, at, actor ({id, email} or null for a database role) and role, before, after, requestId',
      request: { query: historyQuerySchema },
      responses: jsonResponses(pagedEnvelope(historyEntrySchema), 'A page of changes', [400, 401, 403]),
    }),
    async (c) => {
      const q = c.req.valid('query');
      const result = await c.var.db((tx) => listHistory(tx, q.entity, q.entity === 'website' ? 1 : q.id!, q));
      return c.json(pageOf(result.rows, q, result.total), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/admin/history/deleted-places', tags, security,
      summary: 'Places deleted in the last 30 days and not restored, newest deletion first, each with the entry to restore; `page`, `limit` ≤ 100',
      request: { query: deletedPlacesQuerySchema },
      responses: jsonResponses(pagedEnvelope(deletedPlaceSchema), 'A page of deleted places', [400, 401, 403]),
    }),
    async (c) => {
      const q = c.req.valid('query');
      const result = await c.var.db((tx) => listDeletedPlaces(tx, q));
      return c.json(pageOf(result.rows, q, result.total), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/admin/history/{entryId}/restore', tags, security,
      summary: 'Put a place back as it was just before the change of entry `entryId` (an update or a delete of a place), or as first created '
        + '(its insert entry); recorded as a new change. A deleted place comes back with its id and slug. 404 history_entry_not_found, 409 history_nothing_to_restore (the category is gone) or slug_taken, '
        + '410 history_restore_expired (deleted over 30 days ago)',
      request: { params: z.object({ entryId: idSchema }) },
      responses: jsonResponses(envelope(restoreResultSchema), 'The restored place', [400, 401, 403, 404, 409, 410]),
    }),
    async (c) => {
      const { entryId } = c.req.valid('param');
      const data = await c.var.db((tx) => restorePlaceVersion(tx, entryId));
      return c.json({ success: true as const, data }, 200);
    },
  );
  return app;
}
