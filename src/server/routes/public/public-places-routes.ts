import { createRoute, z } from '@hono/zod-openapi';
import { envelope, pagedEnvelope, placeListQuerySchema, slugSchema } from '../../../shared/schemas/common-schemas.ts';
import { placeListItemSchema, placeShareSchema, placeWithRelatedSchema } from '../../../shared/schemas/entity-schemas.ts';
import { ApiError } from '../../http/api-error.ts';
import type { ApiApp, AppDeps } from '../../http/app-deps.ts';
import { jsonResponses } from '../../http/openapi.ts';
import { createRouter } from '../../http/create-router.ts';
import { pageOf } from '../../http/page-of.ts';
import { toPlace, toPlaceListItem } from '../../queries/mappers.ts';
import { placeHoursOf } from '../../opening-hours-evaluation.ts';
import { redirectedPlaceSlug } from '../../queries/duplicates-queries.ts';
import { getPlaceBySlug, listPlaces, relatedPlaces } from '../../queries/places-queries.ts';

/** Public places: the list, one with related places, and its share link. SQL: queries/places-queries.ts. */
export function placeRoutes(deps: AppDeps): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get', path: '/public/places', tags: ['public'],
      summary: 'Places, filtered by zone/category slug and search text, sorted, paged (meta: page, limit, total, nextCursor)',
      description: 'Without `sort`, a search is ordered by relevance (exact name, name prefix, words in the name, then in category/zone/building/address/phone; '
        + 'typos and Arabic spelling variants tolerated) and capped at 1000 results (`total` ≤ 1000, later pages empty). '
        + 'Deep pages: follow `meta.nextCursor` with `cursor`.',
      request: { query: placeListQuerySchema },
      responses: jsonResponses(pagedEnvelope(placeListItemSchema), 'A page of places'),
    }),
    async (c) => {
      const q = c.req.valid('query');
      const result = await c.var.read((tx) => listPlaces(tx, { zoneSlug: q.zoneSlug, categorySlug: q.categorySlug, search: q.search, openNow: q.openNow }, q));
      return c.json(pageOf(result.rows.map(toPlaceListItem), q, result.total, result.nextCursor), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/public/places/{slug}', tags: ['public'],
      summary: 'One place with details, manager contact, up to 6 related places (same category) and its hours read for people (`hours`)',
      request: { params: z.object({ slug: slugSchema }) },
      description: 'A slug merged into another place (decision 023) answers 301 with `Location` naming the kept place\'s address in this API.',
      responses: {
        ...jsonResponses(envelope(placeWithRelatedSchema), 'The place', [400, 404]),
        301: { description: 'The place was merged into another one: `Location` is the kept place\'s address', headers: { Location: { schema: { type: 'string' } } } },
      },
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      const found = await c.var.read(async (tx) => {
        const [row, related] = await Promise.all([getPlaceBySlug(tx, slug), relatedPlaces(tx, slug)]);
        if (row) return { data: { ...toPlace(row), related: related.map(toPlaceListItem), hours: placeHoursOf(row.opening_hours, new Date(), row.time_zone ?? undefined) } };
        const target = await redirectedPlaceSlug(tx, slug);
        if (!target) throw new ApiError(404, 'place_not_found');
        return { target };
      });
      if ('target' in found) {
        const url = new URL(c.req.url);
        c.header('Cache-Control', 'public, max-age=3600');
        return c.redirect(`${url.pathname.replace(/[^/]+$/, encodeURIComponent(found.target!))}${url.search}`, 301);
      }
      return c.json({ success: true as const, data: found.data! }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/public/places/{slug}/share', tags: ['public'],
      summary: 'Share link of a place in a language: `data.url` = <public origin>/p/<slug> (en) or …/p/<slug>/ar (ar); `data.title` = its name in that language',
      description: '`lang` names the language of the page that shares (decision 003: the URL names the language); without it, the request\'s Accept-Language.',
      request: {
        params: z.object({ slug: slugSchema }),
        query: z.object({ lang: z.enum(['en', 'ar']).optional().openapi({ description: 'Language of the shared page (default: Accept-Language)' }) }),
      },
      responses: jsonResponses(envelope(placeShareSchema), 'Share link', [400, 404]),
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      const lang = c.req.valid('query').lang ?? c.var.lang;
      const row = await c.var.db((tx) => getPlaceBySlug(tx, slug));
      if (!row) throw new ApiError(404, 'place_not_found');
      const origin = deps.publicUrl ?? new URL(c.req.url).origin;
      const title = lang === 'ar' && row.name_ar ? String(row.name_ar) : String(row.name);
      const path = `/p/${slug}${lang === 'ar' ? '/ar' : ''}`;
      return c.json({ success: true as const, data: { url: `${origin.replace(/\/$/, '')}${path}`, title } }, 200);
    },
  );
  return app;
}
