import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../app.ts';
import type { Tx } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import { toCategory } from '../../queries/mappers.ts';
import { Params, planSearch, run, smallTableSearch } from '../../queries/search.ts';
import { uniqueSlug } from '../../queries/slugs.ts';
import { envelope, LIMITS, pageMetaSchema } from '../../../shared/schemas/common.ts';
import { categorySchema, type Category } from '../../../shared/schemas/entities.ts';
import {
  adminCategoryListQuerySchema, categoryCreateSchema, categoryUpdateSchema, deleteResultSchema,
} from '../../../shared/schemas/admin.ts';
import { jsonResponses } from '../openapi-helpers.ts';
import { CATEGORY_COLUMNS } from '../public/categories.ts';
import { assertSlugFree, created, idParams, jsonBody, mapSlugConflict, security, toColumns } from './shared.ts';

const tags = ['admin: categories'];
const COLUMNS = { name: 'name', nameAr: 'name_ar', iconUrl: 'icon_url', slug: 'slug' };

/** One category with its place count; undefined when absent. */
async function readCategory(tx: Tx, id: number): Promise<Category | undefined> {
  const [row] = await tx.unsafe(`select ${CATEGORY_COLUMNS} from public.categories c where c.id = $1`, [id]);
  return row ? toCategory(row) : undefined;
}

/**
 * Admin categories (spec §7): list/search, create, update, delete. Admin only (401/403 from the
 * admin guard of ./index.ts); writes run as the caller under RLS.
 */
export function registerAdminCategoryRoutes(app: ApiApp): void {
  app.openapi(
    createRoute({
      method: 'get', path: '/admin/categories', tags, security,
      summary: 'Categories, name A–Z, with place counts; `search` by English or Arabic name; every match, or one page with `page`/`limit`',
      request: { query: adminCategoryListQuerySchema },
      responses: jsonResponses(z.object({ success: z.literal(true), data: z.array(categorySchema), meta: pageMetaSchema }), 'Categories', [400, 401, 403]),
    }),
    async (c) => {
      const q = c.req.valid('query');
      const rows = await c.var.db(async (tx) => {
        if (!q.search) return tx.unsafe(`select ${CATEGORY_COLUMNS} from public.categories c order by c.name, c.id`);
        const plan = await planSearch(tx, q.search);
        if (!plan) return [];
        const params = new Params();
        const match = smallTableSearch('c', ['name_key', 'name_ar_key'], plan, params);
        return run(tx, `select ${CATEGORY_COLUMNS} from public.categories c where ${match.where()} order by c.name, c.id`, params);
      });
      const all = rows.map(toCategory);
      const total = all.length;
      // categories are a small table: a page is a slice of the (name-ordered) matches
      if (q.page === undefined && q.limit === undefined) {
        return c.json({ success: true as const, data: all, meta: { page: 1, limit: total, total } }, 200);
      }
      const page = q.page ?? 1;
      const limit = q.limit ?? LIMITS.defaultPageSize;
      return c.json({ success: true as const, data: all.slice((page - 1) * limit, page * limit), meta: { page, limit, total } }, 200);
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
      const data = await mapSlugConflict(c.var.db(async (tx) => {
        if (body.slug) await assertSlugFree(tx, 'categories', body.slug);
        const slug = body.slug ?? await uniqueSlug(tx, 'categories', body.name);
        const [row] = await tx`insert into public.categories ${tx(toColumns({ ...body, slug }, COLUMNS))} returning id`;
        return (await readCategory(tx, Number(row.id)))!;
      }));
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
      const data = await mapSlugConflict(c.var.db(async (tx) => {
        const [found] = await tx`select id from public.categories where id = ${id} for update`;
        if (!found) throw new ApiError(404, 'category_not_found');
        if (body.slug) await assertSlugFree(tx, 'categories', body.slug, { excludeId: id });
        const changes = toColumns(body, COLUMNS);
        if (Object.keys(changes).length) await tx`update public.categories set ${tx(changes)} where id = ${id}`;
        return (await readCategory(tx, id))!;
      }));
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
      const inUse = (count: number) => new ApiError(409, 'category_in_use', undefined, { count }, undefined, { placesCount: count });
      const countPlaces = (tx: Tx) => tx<{ n: number }[]>`select count(*)::int as n from public.places where category_id = ${id}`;
      try {
        await c.var.db(async (tx) => {
          const [found] = await tx`select id from public.categories where id = ${id} for update`;
          if (!found) throw new ApiError(404, 'category_not_found');
          const [{ n }] = await countPlaces(tx);
          if (n > 0) throw inUse(n);
          await tx`delete from public.categories where id = ${id}`;
        });
      } catch (error) {
        // a place added meanwhile: the foreign key (on delete restrict) refused the delete
        if ((error as { code?: string } | null)?.code !== '23503') throw error;
        const [{ n }] = await c.var.db(countPlaces);
        throw inUse(n);
      }
      return c.json({ success: true as const, data: { id } }, 200);
    },
  );
}
