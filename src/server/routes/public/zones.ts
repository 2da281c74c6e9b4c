import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../app.ts';
import { envelope, pagedEnvelope, slugSchema } from '../../../shared/schemas/common.ts';
import { placeListItemSchema, zoneSchema, zoneWithBuildingsSchema } from '../../../shared/schemas/entities.ts';
import { ApiError } from '../../http/api-error.ts';
import { toBuilding, toPlaceListItem, toZone } from '../../queries/mappers.ts';
import { listPlaces } from '../../queries/places.ts';
import { jsonResponses } from '../openapi-helpers.ts';
import { placeListQuerySchema } from './places.ts';

export const ZONE_COLUMNS = `z.id, z.slug, z.title, z.title_ar, z.description, z.description_ar, z.location_url, z.sort_order,
  z.latitude, z.longitude,
  (select count(*) from public.buildings b where b.zone_id = z.id) as buildings_count,
  coalesce((select k.n from private.place_counts k where k.category_id = -1 and k.zone_id = z.id), 0) as places_count`;
export const BUILDING_COLUMNS = `b.id, b.zone_id, b.slug, b.name, b.name_ar, b.number, b.description, b.description_ar, b.map_url,
  b.sort_order, b.has_details, b.latitude, b.longitude,
  (select count(*) from public.places p where p.building_id = b.id) as places_count`;

export function registerZoneRoutes(app: ApiApp): void {
  app.openapi(
    createRoute({
      method: 'get', path: '/public/zones', tags: ['public'],
      summary: 'All zones in display order with building and place counts',
      responses: jsonResponses(envelope(z.array(zoneSchema)), 'Zones'),
    }),
    async (c) => {
      const rows = await c.var.db((tx) => tx.unsafe(`select ${ZONE_COLUMNS} from public.zones z order by z.sort_order, z.id`));
      return c.json({ success: true as const, data: rows.map(toZone) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/public/zones/{slug}', tags: ['public'], summary: 'One zone with its buildings (in order)',
      request: { params: z.object({ slug: slugSchema }) },
      responses: jsonResponses(envelope(zoneWithBuildingsSchema), 'The zone', [400, 404]),
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      const data = await c.var.db(async (tx) => {
        const [zone] = await tx.unsafe(`select ${ZONE_COLUMNS} from public.zones z where z.slug = $1`, [slug]);
        if (!zone) throw new ApiError(404, 'zone_not_found');
        const buildings = await tx.unsafe(`select ${BUILDING_COLUMNS} from public.buildings b where b.zone_id = $1 order by b.sort_order, b.id`, [zone.id]);
        return { ...toZone(zone), buildings: buildings.map(toBuilding) };
      });
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/public/zones/{slug}/places', tags: ['public'], summary: 'Places in a zone, paged',
      request: { params: z.object({ slug: slugSchema }), query: placeListQuerySchema.omit({ zoneSlug: true }) },
      responses: jsonResponses(pagedEnvelope(placeListItemSchema), 'A page of places', [400, 404]),
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      const q = c.req.valid('query');
      const result = await c.var.db(async (tx) => {
        const [zone] = await tx`select id from public.zones where slug = ${slug}`;
        if (!zone) throw new ApiError(404, 'zone_not_found');
        return listPlaces(tx, { zoneId: Number(zone.id), categorySlug: q.categorySlug, search: q.search }, q);
      });
      return c.json({ success: true as const, data: result.rows.map(toPlaceListItem), meta: { page: q.page, limit: q.limit, total: result.total } }, 200);
    },
  );
}
