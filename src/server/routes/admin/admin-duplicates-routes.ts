import { createRoute } from '@hono/zod-openapi';
import { envelope, pagedEnvelope } from '../../../shared/schemas/common-schemas.ts';
import { duplicatePairSchema, duplicatePairsQuerySchema, mergeBodySchema, mergeResultSchema } from '../../../shared/schemas/duplicates-schemas.ts';
import type { ApiApp } from '../../http/app-deps.ts';
import { jsonResponses, security } from '../../http/openapi.ts';
import { createRouter } from '../../http/create-router.ts';
import { pageOf } from '../../http/page-of.ts';
import { listDuplicatePairs, mergePlaces } from '../../queries/duplicates-queries.ts';

const tags = ['admin: duplicates'];

/**
 * Possible duplicates of the whole directory and merging them (docs/decisions/023-duplicates.md). Admin
 * only (401/403 from the admin guard of app.ts); run as the caller (RLS), so a merge is recorded in the
 * history with the admin as actor. SQL: queries/duplicates-queries.ts.
 */
export function adminDuplicateRoutes(): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get', path: '/admin/duplicates', tags, security,
      summary: 'Pairs of approved places that are likely duplicates (similar names within 150 m, or the same phone), most likely first; `page`, `limit` ≤ 100',
      request: { query: duplicatePairsQuerySchema },
      responses: jsonResponses(pagedEnvelope(duplicatePairSchema), 'A page of likely duplicate pairs', [400, 401, 403]),
    }),
    async (c) => {
      const q = c.req.valid('query');
      const result = await c.var.db((tx) => listDuplicatePairs(tx, q));
      return c.json(pageOf(result.rows, q, result.total), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/admin/duplicates/merge', tags, security,
      summary: 'Merge two places: `keepId` stays and takes every field it lacks from `removeId`, which is deleted; its slug then answers 301 to the kept place. '
        + '400 same ids, 404 place_not_found',
      request: { body: { content: { 'application/json': { schema: mergeBodySchema } }, required: true } },
      responses: jsonResponses(envelope(mergeResultSchema), 'The merge', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { keepId, removeId } = c.req.valid('json');
      const data = await c.var.db((tx) => mergePlaces(tx, keepId, removeId));
      return c.json({ success: true as const, data }, 200);
    },
  );
  return app;
}
