import { createRoute } from '@hono/zod-openapi';
import type { ApiApp } from '../../app.ts';
import type { Tx } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import { toPlace, toPlaceListItem } from '../../queries/mappers.ts';
import { listPlaces, PLACE_COLUMNS, PLACE_FROM } from '../../queries/places.ts';
import { run } from '../../queries/search.ts';
import { uniqueSlug } from '../../queries/slugs.ts';
import { envelope, pagedEnvelope } from '../../../shared/schemas/common.ts';
import { placeListItemSchema, placeSchema, type Place } from '../../../shared/schemas/entities.ts';
import { PLACE_FIELD_MESSAGES, type PlaceCreateInput, type PlaceUpdateInput } from '../../../shared/schemas/place-form.ts';
import {
  adminPlaceCreateSchema, adminPlaceListQuerySchema, adminPlaceUpdateSchema, deleteResultSchema,
} from '../../../shared/schemas/admin.ts';
import { jsonResponses } from '../openapi-helpers.ts';
import { assertSlugFree, created, idParams, jsonBody, mapSlugConflict, security, toColumns } from './shared.ts';

const tags = ['admin: places'];
const COLUMNS = {
  slug: 'slug', name: 'name', nameAr: 'name_ar', categoryId: 'category_id', zoneId: 'zone_id', buildingId: 'building_id',
  logoUrl: 'logo_url', address: 'address', addressAr: 'address_ar', phone: 'phone', whatsapp: 'whatsapp',
  websiteUrl: 'website_url', mapUrl: 'map_url', managerName: 'manager_name', managerNameAr: 'manager_name_ar',
  managerPhone: 'manager_phone', latitude: 'latitude', longitude: 'longitude',
};
const DETAIL_COLUMNS = { description: 'description', imageUrl: 'image_url', youtubeUrl: 'youtube_url' };

/** Message of a building that is not in the place's zone. */
export const BUILDING_NOT_IN_ZONE = 'Building is not in this zone';

type PlaceInput = (PlaceCreateInput | PlaceUpdateInput) & { slug?: string };

/** The present fields of a place body as columns (details flattened). */
function placeColumns(input: PlaceInput): Record<string, unknown> {
  const out = toColumns(input as Record<string, unknown>, COLUMNS);
  if (input.details) Object.assign(out, toColumns(input.details as Record<string, unknown>, DETAIL_COLUMNS));
  return out;
}

/** One place with category, zone and building; undefined when absent. */
async function readPlace(tx: Tx, id: number): Promise<Place | undefined> {
  const [row] = await run(tx, `select ${PLACE_COLUMNS} from ${PLACE_FROM} where p.id = $1`, [id]);
  return row ? toPlace(row) : undefined;
}

/**
 * Checks the category, zone and building a write names and makes zone and building agree:
 * - unknown category → 400 `fields.categoryId` 'select category'; unknown zone/building → 'invalid id';
 * - a building given without a zone puts the place in the building's zone;
 * - a building and a zone that do not match → 400 `fields.buildingId`;
 * - a zone change that leaves the current building in another zone clears the building.
 * Returns the input with those adjustments.
 */
async function resolveReferences<T extends PlaceInput>(tx: Tx, input: T, current?: { zone_id: unknown; building_id: unknown }): Promise<T> {
  const [found] = await tx<{ category: boolean; zone: boolean; building_zone: string | null; current_building_zone: string | null }[]>`
    select ${input.categoryId == null} or exists (select 1 from public.categories where id = ${input.categoryId ?? null}) as category,
           ${input.zoneId == null} or exists (select 1 from public.zones where id = ${input.zoneId ?? null}) as zone,
           (select zone_id from public.buildings where id = ${input.buildingId ?? null}) as building_zone,
           (select zone_id from public.buildings where id = ${current?.building_id == null ? null : Number(current.building_id)}) as current_building_zone`;
  const errors: Record<string, string[]> = {};
  if (!found.category) errors.categoryId = [PLACE_FIELD_MESSAGES.selectCategory];
  if (!found.zone) errors.zoneId = [PLACE_FIELD_MESSAGES.invalidId];
  const out = { ...input };
  if (input.buildingId != null) {
    if (found.building_zone === null) errors.buildingId = [PLACE_FIELD_MESSAGES.invalidId];
    else if (input.zoneId === undefined) out.zoneId = Number(found.building_zone);
    else if (input.zoneId !== Number(found.building_zone)) errors.buildingId = [BUILDING_NOT_IN_ZONE];
  } else if (input.buildingId === undefined && input.zoneId !== undefined && found.current_building_zone !== null
             && Number(found.current_building_zone) !== input.zoneId) {
    out.buildingId = null;
  }
  if (Object.keys(errors).length) throw new ApiError(400, 'validation_failed', errors);
  return out;
}

/**
 * Admin places (spec §7): search/filter/page, one, create, update, delete. Admin only (401/403 from
 * the admin guard of ./index.ts); writes run as the caller under RLS. Bodies are the shared place
 * payload of src/shared/schemas/place-form.ts (the public add-place form's rules) plus `slug`.
 */
export function registerAdminPlaceRoutes(app: ApiApp): void {
  app.openapi(
    createRoute({
      method: 'get', path: '/admin/places', tags, security,
      summary: 'Places: `search` (relevance order unless `sort`), `categoryId`, `zoneId`, `buildingId`, `sort`, `page` from 1, `limit` ≤ 100; '
        + 'meta {page, limit, total, nextCursor}',
      request: { query: adminPlaceListQuerySchema },
      responses: jsonResponses(pagedEnvelope(placeListItemSchema), 'A page of places', [400, 401, 403]),
    }),
    async (c) => {
      const q = c.req.valid('query');
      const result = await c.var.db((tx) =>
        listPlaces(tx, { categoryId: q.categoryId, zoneId: q.zoneId, buildingId: q.buildingId, search: q.search }, q));
      return c.json({
        success: true as const, data: result.rows.map(toPlaceListItem),
        meta: { page: q.page, limit: q.limit, total: result.total, nextCursor: result.nextCursor },
      }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/admin/places/{id}', tags, security,
      summary: 'One place with contact, location, details and manager fields',
      request: { params: idParams },
      responses: jsonResponses(envelope(placeSchema), 'The place', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const data = await c.var.db((tx) => readPlace(tx, id));
      if (!data) throw new ApiError(404, 'place_not_found');
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/admin/places', tags, security,
      summary: 'Create a place (spec §3 payload: name, categoryId required; empty optional fields omitted) with optional `slug`; '
        + 'slug from the English name unless given (409 slug_taken); 201 with the place',
      request: jsonBody(adminPlaceCreateSchema),
      responses: created(envelope(placeSchema), 'The new place', [400, 401, 403, 409, 413]),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const data = await mapSlugConflict(c.var.db(async (tx) => {
        const input = await resolveReferences(tx, body);
        if (input.slug) await assertSlugFree(tx, 'places', input.slug);
        const slug = input.slug ?? await uniqueSlug(tx, 'places', input.name);
        const [row] = await tx`insert into public.places ${tx(placeColumns({ ...input, slug }))} returning id`;
        return (await readPlace(tx, Number(row.id)))!;
      }));
      return c.json({ success: true as const, data }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'put', path: '/admin/places/{id}', tags, security,
      summary: 'Update a place: any subset of the payload (absent = unchanged, null or "" = cleared; name and categoryId cannot be cleared; '
        + 'details: null clears all three); the slug changes only when given (409 slug_taken)',
      request: { params: idParams, ...jsonBody(adminPlaceUpdateSchema) },
      responses: jsonResponses(envelope(placeSchema), 'The updated place', [400, 401, 403, 404, 409, 413]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const data = await mapSlugConflict(c.var.db(async (tx) => {
        const [current] = await tx`select zone_id, building_id from public.places where id = ${id} for update`;
        if (!current) throw new ApiError(404, 'place_not_found');
        const input = await resolveReferences(tx, body, current as { zone_id: unknown; building_id: unknown });
        if (input.slug) await assertSlugFree(tx, 'places', input.slug, { excludeId: id });
        const changes = placeColumns(input);
        if (Object.keys(changes).length) await tx`update public.places set ${tx(changes)} where id = ${id}`;
        return (await readPlace(tx, id))!;
      }));
      return c.json({ success: true as const, data }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete', path: '/admin/places/{id}', tags, security,
      summary: 'Delete a place; answers {id}',
      request: { params: idParams },
      responses: jsonResponses(envelope(deleteResultSchema), 'Deleted', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const deleted = await c.var.db((tx) => tx`delete from public.places where id = ${id} returning id`);
      if (!deleted.length) throw new ApiError(404, 'place_not_found');
      return c.json({ success: true as const, data: { id } }, 200);
    },
  );
}
