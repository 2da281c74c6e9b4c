import { createRoute, z } from '@hono/zod-openapi';
import { envelope, pagedEnvelope, placeListQuerySchema, searchTextSchema, slugSchema } from '../../../shared/schemas/common-schemas.ts';
import { categorySchema, placeListItemSchema } from '../../../shared/schemas/entity-schemas.ts';
import { ApiError } from '../../http/api-error.ts';
import type { ApiApp } from '../../http/app-deps.ts';
import { jsonResponses } from '../../http/openapi.ts';
import { createRouter } from '../../http/create-router.ts';
import { pageOf } from '../../http/page-of.ts';
import { categoryIdBySlug, getCategoryBySlug, listCategories } from '../../queries/categories-queries.ts';
import { toPlaceListItem } from '../../queries/mappers.ts';
import { listPlaces } from '../../queries/places-queries.ts';

/** Public categories: the list (with search), one by slug, and its places. SQL: queries/categories-queries.ts, queries/places-queries.ts. */
export function categoryRoutes(): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get', path: '/public/categories', tags: ['public'],
      summary: 'All categories (name A–Z) with their place counts; `search` filters by English or Arabic name',
      request: { query: z.object({ search: searchTextSchema }) },
      responses: jsonResponses(envelope(z.array(categorySchema)), 'Categories'),
    }),
    async (c) => {
      const { search } = c.req.valid('query');
      const data = await c.var.read((tx) => listCategories(tx, search, 'byName'));
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/public/categories/{slug}', tags: ['public'], summary: 'One category by slug',
      request: { params: z.object({ slug: slugSchema }) },
      responses: jsonResponses(envelope(categorySchema), 'The category', [400, 404]),
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      const data = await c.var.read((tx) => getCategoryBySlug(tx, slug));
      if (!data) throw new ApiError(404, 'category_not_found');
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/public/categories/{slug}/places', tags: ['public'],
      summary: 'Places in a category, paged (`page` from 1, `limit` ≤ 100, default 12; meta: page, limit, total, nextCursor)',
      request: { params: z.object({ slug: slugSchema }), query: placeListQuerySchema.omit({ categorySlug: true }) },
      responses: jsonResponses(pagedEnvelope(placeListItemSchema), 'A page of places', [400, 404]),
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      const q = c.req.valid('query');
      const result = await c.var.read(async (tx) => {
        const categoryId = await categoryIdBySlug(tx, slug);
        if (categoryId === undefined) throw new ApiError(404, 'category_not_found');
        return listPlaces(tx, { categoryId, zoneSlug: q.zoneSlug, search: q.search, openNow: q.openNow }, q);
      });
      return c.json(pageOf(result.rows.map(toPlaceListItem), q, result.total, result.nextCursor), 200);
    },
  );
  return app;
}
