import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../app.ts';
import { envelope, pagedEnvelope, searchTextSchema, slugSchema } from '../../../shared/schemas/common.ts';
import { categorySchema, placeListItemSchema } from '../../../shared/schemas/entities.ts';
import { ApiError } from '../../http/api-error.ts';
import { toCategory, toPlaceListItem } from '../../queries/mappers.ts';
import { listPlaces } from '../../queries/places.ts';
import { Params, planSearch, run, smallTableSearch } from '../../queries/search.ts';
import { jsonResponses } from '../openapi-helpers.ts';
import { placeListQuerySchema } from './places.ts';

// places_count: the trigger-kept counter (private.place_counts, zone_id -1 = all zones)
export const CATEGORY_COLUMNS = `c.id, c.slug, c.name, c.name_ar, c.icon_url,
  coalesce((select k.n from private.place_counts k where k.category_id = c.id and k.zone_id = -1), 0) as places_count`;

export function registerCategoryRoutes(app: ApiApp): void {
  app.openapi(
    createRoute({
      method: 'get', path: '/public/categories', tags: ['public'],
      summary: 'All categories (name A–Z) with their place counts; `search` filters by English or Arabic name',
      request: { query: z.object({ search: searchTextSchema }) },
      responses: jsonResponses(envelope(z.array(categorySchema)), 'Categories'),
    }),
    async (c) => {
      const { search } = c.req.valid('query');
      const rows = await c.var.db(async (tx) => {
        if (!search) return tx.unsafe(`select ${CATEGORY_COLUMNS} from public.categories c order by c.name`);
        // the search service (queries/search.ts): Arabic-aware, word prefixes, typos
        const plan = await planSearch(tx, search);
        if (!plan) return [];
        const params = new Params();
        const match = smallTableSearch('c', ['name_key', 'name_ar_key'], plan, params);
        return run(tx, `select ${CATEGORY_COLUMNS} from public.categories c where ${match.where()} order by c.name`, params);
      });
      return c.json({ success: true as const, data: rows.map(toCategory) }, 200);
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
      const [row] = await c.var.db((tx) => tx.unsafe(`select ${CATEGORY_COLUMNS} from public.categories c where c.slug = $1`, [slug]));
      if (!row) throw new ApiError(404, 'category_not_found');
      return c.json({ success: true as const, data: toCategory(row) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/public/categories/{slug}/places', tags: ['public'],
      summary: 'Places in a category, paged (`page` from 1, `limit` ≤ 100, default 12)',
      request: { params: z.object({ slug: slugSchema }), query: placeListQuerySchema.omit({ categorySlug: true }) },
      responses: jsonResponses(pagedEnvelope(placeListItemSchema), 'A page of places', [400, 404]),
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      const q = c.req.valid('query');
      const result = await c.var.db(async (tx) => {
        const [cat] = await tx`select id from public.categories where slug = ${slug}`;
        if (!cat) throw new ApiError(404, 'category_not_found');
        return listPlaces(tx, { categoryId: Number(cat.id), zoneSlug: q.zoneSlug, search: q.search }, q);
      });
      return c.json({ success: true as const, data: result.rows.map(toPlaceListItem), meta: { page: q.page, limit: q.limit, total: result.total } }, 200);
    },
  );
}
