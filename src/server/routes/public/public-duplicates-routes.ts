import { createRoute, z } from '@hono/zod-openapi';
import { envelope } from '../../../shared/schemas/common-schemas.ts';
import { duplicateCandidateSchema, duplicatesQuerySchema } from '../../../shared/schemas/duplicates-schemas.ts';
import type { ApiApp } from '../../http/app-deps.ts';
import { jsonResponses } from '../../http/openapi.ts';
import { createRouter } from '../../http/create-router.ts';
import { findDuplicateCandidates } from '../../queries/duplicates-queries.ts';

/**
 * GET /public/duplicates: the approved places likely the same as a place about to be added
 * (docs/decisions/023-duplicates.md) — a similar name (either language, normalised as the search does)
 * within 150 m of `latitude`/`longitude`, or the same `phone` (any digits). Answers
 * `{ data: DuplicateCandidate[] }` (≤ 10, most likely first; empty when none). Errors: 400 for a missing
 * way to match, half coordinates, out-of-range numbers or too long texts (localized). SQL: queries/duplicates-queries.ts.
 */
export function duplicateRoutes(): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get', path: '/public/duplicates', tags: ['public'],
      summary: 'Likely duplicates among approved places: similar name (name/nameAr) within 150 m of latitude/longitude, or the same phone',
      request: { query: duplicatesQuerySchema },
      responses: jsonResponses(envelope(z.array(duplicateCandidateSchema)), 'Likely duplicates, most likely first (at most 10)', [400]),
    }),
    async (c) => {
      const q = c.req.valid('query');
      const data = await c.var.db((tx) => findDuplicateCandidates(tx, q));
      c.header('Cache-Control', 'no-store');
      return c.json({ success: true as const, data }, 200);
    },
  );
  return app;
}
