import { createRoute, z } from '@hono/zod-openapi';
import { envelope, LIMITS } from '../../../shared/schemas/common-schemas.ts';
import { searchResultsSchema } from '../../../shared/schemas/entity-schemas.ts';
import type { ApiApp } from '../../http/app-deps.ts';
import { jsonResponses } from '../../http/openapi.ts';
import { createRouter } from '../../http/create-router.ts';
import { searchAll } from '../../queries/search-queries.ts';

export const searchQuerySchema = z.object({
  q: z.string().max(LIMITS.searchMaxLength).transform((s) => s.trim()),
  limit: z.coerce.number().int().min(1).max(50).default(5),
});

/** The grouped search of the search overlay. SQL: queries/search-queries.ts. */
export function searchRoutes(): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get', path: '/public/search', tags: ['public'],
      summary: 'Grouped search over categories, places, zones and buildings (Arabic-aware, typo-tolerant); `limit` per group',
      request: { query: searchQuerySchema },
      responses: jsonResponses(envelope(searchResultsSchema), 'Grouped results'),
    }),
    async (c) => {
      const { q, limit } = c.req.valid('query');
      const data = q ? await c.var.read((tx) => searchAll(tx, q, limit)) : { categories: [], places: [], zones: [], buildings: [] };
      return c.json({ success: true as const, data }, 200);
    },
  );
  return app;
}
