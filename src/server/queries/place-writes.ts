import type { Tx } from '../db/client.ts';
import { NotFoundError, ValidationError } from '../domain-errors.ts';
import { SERVER_FIELD_MESSAGES } from '../domain-errors.ts';
import type { Place } from '../../shared/schemas/entity-schemas.ts';
import { PLACE_FIELD_MESSAGES, type PlaceCreateInput, type PlaceUpdateInput } from '../../shared/schemas/place-form-schemas.ts';
import { PLACE_COLUMNS, PLACE_FROM, type PlaceRow } from './columns.ts';
import { toPlace } from './mappers.ts';
import { assertSlugFree, uniqueSlug } from './slugs.ts';
import { run, toColumns } from './sql.ts';

/** Places by id: the admin console's reads and writes (the public lists and search are in places.ts). */

/** API field → column of a place write. */
const COLUMNS = {
  slug: 'slug', name: 'name', nameAr: 'name_ar', categoryId: 'category_id', zoneId: 'zone_id', buildingId: 'building_id',
  logoUrl: 'logo_url', address: 'address', addressAr: 'address_ar', phone: 'phone', whatsapp: 'whatsapp',
  websiteUrl: 'website_url', mapUrl: 'map_url', managerName: 'manager_name', managerNameAr: 'manager_name_ar',
  managerPhone: 'manager_phone', latitude: 'latitude', longitude: 'longitude', openingHours: 'opening_hours',
};
const DETAIL_COLUMNS = { description: 'description', imageUrl: 'image_url', youtubeUrl: 'youtube_url' };

/** Message of a building that is not in the place's zone. */
export const BUILDING_NOT_IN_ZONE = SERVER_FIELD_MESSAGES.buildingNotInZone;

export type PlaceInput = (PlaceCreateInput | PlaceUpdateInput) & { slug?: string };

/** The present fields of a place body as columns (details flattened). */
function placeColumns(input: PlaceInput): Record<string, unknown> {
  const out = toColumns(input as Record<string, unknown>, COLUMNS);
  if (input.details) Object.assign(out, toColumns(input.details as Record<string, unknown>, DETAIL_COLUMNS));
  return out;
}

/** One place with category, zone and building; undefined when absent. */
export async function readPlace(tx: Tx, id: number): Promise<Place | undefined> {
  const [row] = await run<PlaceRow>(tx, `select ${PLACE_COLUMNS} from ${PLACE_FROM} where p.id = $1`, [id]);
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
export async function resolveReferences<T extends PlaceInput>(tx: Tx, input: T, current?: { zone_id: unknown; building_id: unknown }): Promise<T> {
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
  if (Object.keys(errors).length) throw new ValidationError('validation_failed', { fields: errors });
  return out;
}

/** Locks place `id` for the rest of the transaction; its current zone and building, or undefined when absent. */
export async function lockPlace(tx: Tx, id: number): Promise<{ zone_id: unknown; building_id: unknown } | undefined> {
  const [current] = await tx`select zone_id, building_id from public.places where id = ${id} for update`;
  return current as { zone_id: unknown; building_id: unknown } | undefined;
}

/** Inserts a place (references resolved, `slug` chosen by the caller); returns its id. */
export async function insertPlace(tx: Tx, input: PlaceInput & { slug: string }): Promise<number> {
  const [row] = await tx`insert into public.places ${tx(placeColumns(input))} returning id`;
  return Number(row.id);
}

/** Updates the present fields of place `id` (nothing when none is present). */
export async function updatePlace(tx: Tx, id: number, input: PlaceInput): Promise<void> {
  const changes = placeColumns(input);
  if (Object.keys(changes).length) await tx`update public.places set ${tx(changes)} where id = ${id}`;
}

/** Deletes place `id`; false when it did not exist. */
export async function deletePlace(tx: Tx, id: number): Promise<boolean> {
  const deleted = await tx`delete from public.places where id = ${id} returning id`;
  return deleted.length > 0;
}

/**
 * Creates a place from an admin's payload: references checked and reconciled (resolveReferences), slug from
 * the name unless given (409 `slug_taken`); the place as the API answers it.
 */
export async function createPlace(tx: Tx, input: PlaceCreateInput & { slug?: string }): Promise<Place> {
  const resolved = await resolveReferences(tx, input);
  if (resolved.slug) await assertSlugFree(tx, 'places', resolved.slug);
  const slug = resolved.slug ?? await uniqueSlug(tx, 'places', resolved.name);
  return (await readPlace(tx, await insertPlace(tx, { ...resolved, slug })))!;
}

/** Updates place `id` (locked first; 404 `place_not_found`) with the given fields, references reconciled with its current ones. */
export async function changePlace(tx: Tx, id: number, input: PlaceUpdateInput & { slug?: string }): Promise<Place> {
  const current = await lockPlace(tx, id);
  if (!current) throw new NotFoundError('place_not_found');
  const resolved = await resolveReferences(tx, input, current);
  if (resolved.slug) await assertSlugFree(tx, 'places', resolved.slug, { excludeId: id });
  await updatePlace(tx, id, resolved);
  return (await readPlace(tx, id))!;
}
