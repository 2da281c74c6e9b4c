import { createRoute } from '@hono/zod-openapi';
import type { ApiApp } from '../../app.ts';
import type { Tx } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import { toBuilding, toZone } from '../../queries/mappers.ts';
import { uniqueSlug } from '../../queries/slugs.ts';
import { envelope } from '../../../shared/schemas/common.ts';
import { zoneSchema, zoneWithBuildingsSchema, type Zone, type ZoneWithBuildings } from '../../../shared/schemas/entities.ts';
import {
  ADMIN_FIELD_MESSAGES, adminZoneListSchema, reorderBodySchema, zoneCreateSchema, zoneDeleteResultSchema, zoneUpdateSchema,
} from '../../../shared/schemas/admin.ts';
import { jsonResponses } from '../openapi-helpers.ts';
import { BUILDING_COLUMNS, ZONE_COLUMNS } from '../public/zones.ts';
import { reorderZones } from './reorder.ts';
import { assertSlugFree, created, idParams, jsonBody, mapSlugConflict, security, toColumns } from './shared.ts';

const tags = ['admin: zones'];
const COLUMNS = {
  title: 'title', titleAr: 'title_ar', slug: 'slug', order: 'sort_order', locationUrl: 'location_url',
  description: 'description', descriptionAr: 'description_ar', latitude: 'latitude', longitude: 'longitude',
};

/** Every zone in display order (sort_order, then id) with building and place counts. */
export async function listZones(tx: Tx): Promise<Zone[]> {
  const rows = await tx.unsafe(`select ${ZONE_COLUMNS} from public.zones z order by z.sort_order, z.id`);
  return rows.map(toZone);
}

/** One zone with its buildings in display order; undefined when absent. */
export async function readZone(tx: Tx, id: number): Promise<ZoneWithBuildings | undefined> {
  const [zone] = await tx.unsafe(`select ${ZONE_COLUMNS} from public.zones z where z.id = $1`, [id]);
  if (!zone) return undefined;
  const buildings = await tx.unsafe(`select ${BUILDING_COLUMNS} from public.buildings b where b.zone_id = $1 order by b.sort_order, b.id`, [id]);
  return { ...toZone(zone), buildings: buildings.map(toBuilding) };
}

/** The zone without its buildings (the shape of create/update answers). */
const withoutBuildings = ({ buildings: _b, ...zone }: ZoneWithBuildings): Zone => zone;

/**
 * Refuses an order number another zone has (400 `validation_failed`, `fields.order`: 'Another zone
 * already has this order'), as the reorder rules do: display orders are distinct. (Checked, not
 * constrained: two admins saving the same number at the same instant could still both pass.)
 */
async function assertZoneOrderFree(tx: Tx, order: number, excludeId = 0): Promise<void> {
  const [taken] = await tx`select 1 from public.zones where sort_order = ${order} and id <> ${excludeId}`;
  if (taken) throw new ApiError(400, 'validation_failed', { order: [ADMIN_FIELD_MESSAGES.orderTaken] });
}

/**
 * Admin zones (spec §7, DESIGN §4): list, one with buildings, create, update, delete, reorder.
 * Admin only (401/403 from the admin guard of ./index.ts); writes run as the caller under RLS.
 * `PUT /admin/zones/reorder` is registered before `/admin/zones/{id}` so it is not read as an id.
 */
export function registerAdminZoneRoutes(app: ApiApp): void {
  app.openapi(
    createRoute({
      method: 'get', path: '/admin/zones', tags, security,
      summary: 'Every zone in display order (order from 1) with building and place counts',
      responses: jsonResponses(envelope(adminZoneListSchema), 'Zones', [401, 403]),
    }),
    async (c) => c.json({ success: true as const, data: await c.var.db(listZones) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/admin/zones', tags, security,
      summary: 'Create a zone {title, titleAr?, slug?, order?, locationUrl?, description?, descriptionAr?, latitude?, longitude?}; '
        + 'without order it goes last; slug from the title unless given (409 slug_taken); 201 with the zone',
      request: jsonBody(zoneCreateSchema),
      responses: created(envelope(zoneSchema), 'The new zone', [400, 401, 403, 409, 413]),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const data = await mapSlugConflict(c.var.db(async (tx) => {
        if (body.slug) await assertSlugFree(tx, 'zones', body.slug);
        const slug = body.slug ?? await uniqueSlug(tx, 'zones', body.title);
        if (body.order !== undefined) await assertZoneOrderFree(tx, body.order);
        let order = body.order;
        if (order === undefined) {
          const [last] = await tx<{ next: number }[]>`select coalesce(max(sort_order), 0) + 1 as next from public.zones`;
          order = last.next;
        }
        const [row] = await tx`insert into public.zones ${tx(toColumns({ ...body, slug, order }, COLUMNS))} returning id`;
        return withoutBuildings((await readZone(tx, Number(row.id)))!);
      }));
      return c.json({ success: true as const, data }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/admin/zones/reorder', tags, security,
      summary: 'Reorder every zone at once: {order:[{id, order}]}, ids exactly the existing zones, orders 1…n; 400 invalid_order '
        + '(reason in error.fields.order) changes nothing; answers the zones in their new order',
      request: jsonBody(reorderBodySchema),
      responses: jsonResponses(envelope(adminZoneListSchema), 'Zones in the new order', [400, 401, 403, 413]),
    }),
    async (c) => {
      const { order } = c.req.valid('json');
      const data = await c.var.db(async (tx) => {
        await reorderZones(tx, order);
        return listZones(tx);
      });
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/admin/zones/{id}', tags, security,
      summary: 'One zone with its buildings in display order',
      request: { params: idParams },
      responses: jsonResponses(envelope(zoneWithBuildingsSchema), 'The zone', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const data = await c.var.db((tx) => readZone(tx, id));
      if (!data) throw new ApiError(404, 'zone_not_found');
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/admin/zones/{id}', tags, security,
      summary: 'Update a zone: any of the create fields (absent = unchanged, null = cleared; the slug changes only when given)',
      request: { params: idParams, ...jsonBody(zoneUpdateSchema) },
      responses: jsonResponses(envelope(zoneSchema), 'The updated zone', [400, 401, 403, 404, 409, 413]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const data = await mapSlugConflict(c.var.db(async (tx) => {
        const [found] = await tx`select id from public.zones where id = ${id} for update`;
        if (!found) throw new ApiError(404, 'zone_not_found');
        if (body.slug) await assertSlugFree(tx, 'zones', body.slug, { excludeId: id });
        if (body.order !== undefined) await assertZoneOrderFree(tx, body.order, id);
        const changes = toColumns(body, COLUMNS);
        if (Object.keys(changes).length) await tx`update public.zones set ${tx(changes)} where id = ${id}`;
        return withoutBuildings((await readZone(tx, id))!);
      }));
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete', path: '/admin/zones/{id}', tags, security,
      summary: 'Delete a zone and its buildings; its places stay, without zone (and without building). '
        + 'Answers {id, detachedPlaces, deletedBuildings}',
      request: { params: idParams },
      responses: jsonResponses(envelope(zoneDeleteResultSchema), 'Deleted', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const data = await c.var.db(async (tx) => {
        // the row lock keeps places and buildings from being added to the zone while it is counted and deleted
        const [found] = await tx`select id from public.zones where id = ${id} for update`;
        if (!found) throw new ApiError(404, 'zone_not_found');
        const [counts] = await tx<{ places: number; buildings: number }[]>`
          select (select count(*)::int from public.places where zone_id = ${id}) as places,
                 (select count(*)::int from public.buildings where zone_id = ${id}) as buildings`;
        // places.zone_id → zones on delete set null; buildings cascade, their places' building_id set null
        await tx`delete from public.zones where id = ${id}`;
        return { id, detachedPlaces: counts.places, deletedBuildings: counts.buildings };
      });
      return c.json({ success: true as const, data }, 200);
    },
  );
}
