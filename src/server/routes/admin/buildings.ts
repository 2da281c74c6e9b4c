import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../app.ts';
import type { Tx } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import { toBuilding } from '../../queries/mappers.ts';
import { uniqueSlug } from '../../queries/slugs.ts';
import { envelope, idSchema } from '../../../shared/schemas/common.ts';
import { buildingSchema, type Building } from '../../../shared/schemas/entities.ts';
import {
  adminBuildingListSchema, buildingCreateSchema, buildingDeleteResultSchema, buildingUpdateSchema, reorderBodySchema,
  INT_MAX,
} from '../../../shared/schemas/admin.ts';
import { jsonResponses } from '../openapi-helpers.ts';
import { BUILDING_COLUMNS } from '../public/zones.ts';
import { reorderBuildings } from './reorder.ts';
import { assertSlugFree, created, idParams, jsonBody, mapSlugConflict, security, toColumns } from './shared.ts';

const tags = ['admin: buildings'];
const zoneParams = z.object({ zoneId: idSchema });
const COLUMNS = {
  name: 'name', nameAr: 'name_ar', number: 'number', slug: 'slug', description: 'description', descriptionAr: 'description_ar',
  mapUrl: 'map_url', hasDetails: 'has_details', order: 'sort_order', latitude: 'latitude', longitude: 'longitude',
};

/** The buildings of a zone in display order. */
async function listBuildings(tx: Tx, zoneId: number): Promise<Building[]> {
  const rows = await tx.unsafe(`select ${BUILDING_COLUMNS} from public.buildings b where b.zone_id = $1 order by b.sort_order, b.id`, [zoneId]);
  return rows.map(toBuilding);
}

async function readBuilding(tx: Tx, id: number): Promise<Building | undefined> {
  const [row] = await tx.unsafe(`select ${BUILDING_COLUMNS} from public.buildings b where b.id = $1`, [id]);
  return row ? toBuilding(row) : undefined;
}

/** 404 `zone_not_found` unless the zone exists. */
async function assertZone(tx: Tx, zoneId: number): Promise<void> {
  const [zone] = await tx`select id from public.zones where id = ${zoneId}`;
  if (!zone) throw new ApiError(404, 'zone_not_found');
}

/**
 * Admin buildings of a zone (DESIGN §4): list, create, update, delete, reorder. Admin only (401/403
 * from the admin guard of ./index.ts); writes run as the caller under RLS. Slugs are unique within
 * the zone.
 */
export function registerAdminBuildingRoutes(app: ApiApp): void {
  app.openapi(
    createRoute({
      method: 'get', path: '/admin/zones/{zoneId}/buildings', tags, security,
      summary: 'The buildings of a zone in display order, with place counts',
      request: { params: zoneParams },
      responses: jsonResponses(envelope(adminBuildingListSchema), 'Buildings', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { zoneId } = c.req.valid('param');
      const data = await c.var.db(async (tx) => {
        await assertZone(tx, zoneId);
        return listBuildings(tx, zoneId);
      });
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/admin/zones/{zoneId}/buildings', tags, security,
      summary: 'Add a building {name, nameAr?, number?, slug?, description?, descriptionAr?, mapUrl?, hasDetails?, order?, latitude?, longitude?} '
        + 'to a zone; without order it goes last; slug from the name (unique in the zone) unless given (409 slug_taken); 201',
      request: { params: zoneParams, ...jsonBody(buildingCreateSchema) },
      responses: created(envelope(buildingSchema), 'The new building', [400, 401, 403, 404, 409, 413]),
    }),
    async (c) => {
      const { zoneId } = c.req.valid('param');
      const body = c.req.valid('json');
      const data = await mapSlugConflict(c.var.db(async (tx) => {
        await assertZone(tx, zoneId);
        if (body.slug) await assertSlugFree(tx, 'buildings', body.slug, { zoneId });
        const slug = body.slug ?? await uniqueSlug(tx, 'buildings', body.name, { zoneId });
        let order = body.order;
        if (order === undefined) {
          const [last] = await tx<{ next: number }[]>`select least(coalesce(max(sort_order), 0)::bigint + 1, ${INT_MAX})::int as next from public.buildings where zone_id = ${zoneId}`;
          // past the integer maximum the new row takes the maximum too: equal orders list by id, so it still goes last
          order = last.next;
        }
        const [row] = await tx`
          insert into public.buildings ${tx({ zone_id: zoneId, ...toColumns({ ...body, slug, order }, COLUMNS) })} returning id`;
        return (await readBuilding(tx, Number(row.id)))!;
      }));
      return c.json({ success: true as const, data }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/admin/zones/{zoneId}/buildings/reorder', tags, security,
      summary: 'Reorder every building of a zone at once: {order:[{id, order}]}, ids exactly the zone\'s buildings, orders 1…n; '
        + '400 invalid_order (reason in error.fields.order) changes nothing; answers the buildings in their new order',
      request: { params: zoneParams, ...jsonBody(reorderBodySchema) },
      responses: jsonResponses(envelope(adminBuildingListSchema), 'Buildings in the new order', [400, 401, 403, 404, 413]),
    }),
    async (c) => {
      const { zoneId } = c.req.valid('param');
      const { order } = c.req.valid('json');
      const data = await c.var.db(async (tx) => {
        await reorderBuildings(tx, zoneId, order);
        return listBuildings(tx, zoneId);
      });
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/admin/buildings/{id}', tags, security,
      summary: 'Update a building: any of the create fields (absent = unchanged, null = cleared; the slug changes only when given)',
      request: { params: idParams, ...jsonBody(buildingUpdateSchema) },
      responses: jsonResponses(envelope(buildingSchema), 'The updated building', [400, 401, 403, 404, 409, 413]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const data = await mapSlugConflict(c.var.db(async (tx) => {
        const [found] = await tx<{ zone_id: string }[]>`select zone_id from public.buildings where id = ${id} for update`;
        if (!found) throw new ApiError(404, 'building_not_found');
        if (body.slug) await assertSlugFree(tx, 'buildings', body.slug, { excludeId: id, zoneId: Number(found.zone_id) });
        const changes = toColumns(body, COLUMNS);
        if (Object.keys(changes).length) await tx`update public.buildings set ${tx(changes)} where id = ${id}`;
        return (await readBuilding(tx, id))!;
      }));
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete', path: '/admin/buildings/{id}', tags, security,
      summary: 'Delete a building; its places stay, without building. Answers {id, zoneId, detachedPlaces}',
      request: { params: idParams },
      responses: jsonResponses(envelope(buildingDeleteResultSchema), 'Deleted', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const data = await c.var.db(async (tx) => {
        const [found] = await tx<{ zone_id: string }[]>`select zone_id from public.buildings where id = ${id} for update`;
        if (!found) throw new ApiError(404, 'building_not_found');
        const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from public.places where building_id = ${id}`;
        await tx`delete from public.buildings where id = ${id}`;
        return { id, zoneId: Number(found.zone_id), detachedPlaces: n };
      });
      return c.json({ success: true as const, data }, 200);
    },
  );
}
