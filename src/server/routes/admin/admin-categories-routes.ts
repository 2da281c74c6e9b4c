import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/app-deps.ts';
import { created, idParams, jsonBody, jsonResponses, security } from '../../http/openapi.ts';
import { createRouter } from '../../http/create-router.ts';
import { pageOf } from '../../http/page-of.ts';
import { categoryInUse, changeCategory, createCategory, removeCategory } from '../../queries/catalog-writes.ts';
import { countCategoryPlaces, listCategories } from '../../queries/categories-queries.ts';
import { mapSlugConflict } from '../../queries/slugs.ts';
import { envelope, LIMITS, pageMetaSchema } from '../../../shared/schemas/common-schemas.ts';
import { categorySchema } from '../../../shared/schemas/entity-schemas.ts';
import {
  adminCategoryListQuerySchema, categoryCreateSchema, categoryUpdateSchema, deleteResultSchema,
} from '../../../shared/schemas/admin-schemas.ts';

const tags = ['admin: categories'];

/**
 * Admin categories: list/search, create, update, delete. Admin only (401/403 from the
 * admin guard of app.ts); writes run as the caller under RLS. SQL: queries/categories-queries.ts, queries/catalog-writes.ts.
 */
export function adminCategoryRoutes(): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get', path: '/admin/categories', tags, security,
      summary: 'Categories, name A–Z, with place counts; `search` by English or Arabic name; every match, or one page with `page`/`limit`',
      request: { query: adminCategoryListQuerySchema },
      responses: jsonResponses(z.object({ success: z.literal(true), data: z.array(categorySchema), meta: pageMetaSchema }), 'Categories', [400, 401, 403]),
    }),
    async (c) => {
      const q = c.req.valid('query');
      const all = await c.var.db((tx) => listCategories(tx, q.search, 'byNameThenId'));
      const total = all.length;
      // categories are a small table: a page is a slice of the (name-ordered) matches
      if (q.page === undefined && q.limit === undefined) {
        return c.json(pageOf(all, { page: 1, limit: total }, total), 200);
      }
      const page = q.page ?? 1;
      const limit = q.limit ?? LIMITS.defaultPageSize;
      return c.json(pageOf(all.slice((page - 1) * limit, page * limit), { page, limit }, total), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/admin/categories', tags, security,
      summary: 'Create a category {name, nameAr?, slug?, iconUrl?}; slug from the name unless given (409 slug_taken); 201 with the category',
      request: jsonBody(categoryCreateSchema),
      responses: created(envelope(categorySchema), 'The new category', [400, 401, 403, 409, 413]),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const data = await mapSlugConflict(c.var.db((tx) => createCategory(tx, body)));
      return c.json({ success: true as const, data }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/admin/categories/{id}', tags, security,
      summary: 'Update a category: any of {name, nameAr, slug, iconUrl} (absent = unchanged, null = cleared; the slug changes only when given)',
      request: { params: idParams, ...jsonBody(categoryUpdateSchema) },
      responses: jsonResponses(envelope(categorySchema), 'The updated category', [400, 401, 403, 404, 409, 413]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const data = await mapSlugConflict(c.var.db((tx) => changeCategory(tx, id, body)));
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete', path: '/admin/categories/{id}', tags, security,
      summary: 'Delete a category not used by any place; 409 category_in_use (error.placesCount) when places use it',
      request: { params: idParams },
      responses: jsonResponses(envelope(deleteResultSchema), 'Deleted', [400, 401, 403, 404, 409]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      try {
        await c.var.db((tx) => removeCategory(tx, id));
      } catch (error) {
        // a place added meanwhile: the foreign key (on delete restrict) refused the delete
        if ((error as { code?: string } | null)?.code !== '23503') throw error;
        throw categoryInUse(await c.var.db((tx) => countCategoryPlaces(tx, id)));
      }
      return c.json({ success: true as const, data: { id } }, 200);
    },
  );
  return app;
}
