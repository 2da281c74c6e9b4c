import type { Tx } from '../db/client.ts';
import { ConflictError, NotFoundError } from '../domain-errors.ts';
import type { Building, Category, Zone } from '../../shared/schemas/entity-schemas.ts';

type OrderEntry = Parameters<typeof reorderZones>[1][number];
import { deleteBuilding, insertBuilding, listBuildings, lockBuilding, nextBuildingOrder, readBuilding, updateBuilding, type BuildingFields } from './buildings-queries.ts';
import { countCategoryPlaces, deleteCategory, insertCategory, lockCategory, readCategory, updateCategory, type CategoryFields } from './categories-queries.ts';
import { reorderBuildings, reorderZones } from './reorder-queries.ts';
import { assertSlugFree, uniqueSlug } from './slugs.ts';
import { assertZone, assertZoneOrderFree, deleteZone, insertZone, listZones, lockZone, nextZoneOrder, readZone, updateZone, type ZoneFields } from './zones-queries.ts';

/**
 * The admin writes of zones, buildings and categories, one function per operation, each run inside the
 * caller's transaction (`c.var.db`): the checks, locks, slug and order defaults and the write, then the
 * record as the API answers it. Errors: 404 `zone_not_found` / `building_not_found` / `category_not_found`,
 * 409 `slug_taken` (assertSlugFree; a race is mapped by mapSlugConflict in the route), 400 for a taken
 * zone order, 409 `category_in_use` with `{ count }` for a category that still has places.
 */

/** Creates a zone: slug from the title unless given, last in display order unless `order` is given. */
export async function createZone(tx: Tx, fields: ZoneFields & { title: string; slug?: string; order?: number }): Promise<Zone> {
  if (fields.slug) await assertSlugFree(tx, 'zones', fields.slug);
  const slug = fields.slug ?? await uniqueSlug(tx, 'zones', fields.title);
  if (fields.order !== undefined) await assertZoneOrderFree(tx, fields.order);
  const order = fields.order ?? await nextZoneOrder(tx);
  return (await readZone(tx, { id: await insertZone(tx, { ...fields, slug, order }) }))!;
}

/** Updates zone `id` (locked first): the given fields; slug and order checked against the other zones. */
export async function changeZone(tx: Tx, id: number, fields: ZoneFields & { slug?: string; order?: number }): Promise<Zone> {
  if (!await lockZone(tx, id)) throw new NotFoundError('zone_not_found');
  if (fields.slug) await assertSlugFree(tx, 'zones', fields.slug, { excludeId: id });
  if (fields.order !== undefined) await assertZoneOrderFree(tx, fields.order, id);
  await updateZone(tx, id, fields);
  return (await readZone(tx, { id }))!;
}

/**
 * Deletes zone `id` and its buildings (its places stay, without zone): `{ id, detachedPlaces, deletedBuildings }`.
 * The row lock keeps places and buildings from being added to the zone while it is counted and deleted.
 */
export async function removeZone(tx: Tx, id: number): Promise<{ id: number; detachedPlaces: number; deletedBuildings: number }> {
  if (!await lockZone(tx, id)) throw new NotFoundError('zone_not_found');
  return { id, ...await deleteZone(tx, id) };
}

/** Reorders every zone at once (reorder.ts rules: 400 invalid_order changes nothing); the zones in their new order. */
export async function reorderZonesAndList(tx: Tx, order: OrderEntry[]): Promise<Awaited<ReturnType<typeof listZones>>> {
  await reorderZones(tx, order);
  return listZones(tx);
}

/** Reorders every building of zone `zoneId` at once; the zone's buildings in their new order. */
export async function reorderBuildingsAndList(tx: Tx, zoneId: number, order: OrderEntry[]): Promise<Building[]> {
  await reorderBuildings(tx, zoneId, order);
  return listBuildings(tx, zoneId);
}

/** The buildings of zone `zoneId` in display order (404 when the zone does not exist). */
export async function zoneBuildings(tx: Tx, zoneId: number): Promise<Building[]> {
  await assertZone(tx, zoneId);
  return listBuildings(tx, zoneId);
}

/** Creates a building in zone `zoneId`: slug unique within the zone, last in its order unless given. */
export async function createBuilding(tx: Tx, zoneId: number, fields: BuildingFields & { name: string; slug?: string; order?: number }): Promise<Building> {
  await assertZone(tx, zoneId);
  if (fields.slug) await assertSlugFree(tx, 'buildings', fields.slug, { zoneId });
  const slug = fields.slug ?? await uniqueSlug(tx, 'buildings', fields.name, { zoneId });
  const order = fields.order ?? await nextBuildingOrder(tx, zoneId);
  return (await readBuilding(tx, await insertBuilding(tx, zoneId, { ...fields, slug, order })))!;
}

/** Updates building `id` (locked first); a given slug must be free within its zone. */
export async function changeBuilding(tx: Tx, id: number, fields: BuildingFields & { slug?: string }): Promise<Building> {
  const zoneId = await lockBuilding(tx, id);
  if (zoneId === undefined) throw new NotFoundError('building_not_found');
  if (fields.slug) await assertSlugFree(tx, 'buildings', fields.slug, { excludeId: id, zoneId });
  await updateBuilding(tx, id, fields);
  return (await readBuilding(tx, id))!;
}

/** Deletes building `id` (its places stay, without building): `{ id, zoneId, detachedPlaces }`. */
export async function removeBuilding(tx: Tx, id: number): Promise<{ id: number; zoneId: number; detachedPlaces: number }> {
  const zoneId = await lockBuilding(tx, id);
  if (zoneId === undefined) throw new NotFoundError('building_not_found');
  return { id, zoneId, detachedPlaces: await deleteBuilding(tx, id) };
}

/** Creates a category, slug from its name unless given. */
export async function createCategory(tx: Tx, fields: CategoryFields & { name: string }): Promise<Category> {
  if (fields.slug) await assertSlugFree(tx, 'categories', fields.slug);
  const slug = fields.slug ?? await uniqueSlug(tx, 'categories', fields.name);
  return (await readCategory(tx, await insertCategory(tx, { ...fields, slug })))!;
}

/** Updates category `id` (locked first); a given slug must be free. */
export async function changeCategory(tx: Tx, id: number, fields: CategoryFields): Promise<Category> {
  if (!await lockCategory(tx, id)) throw new NotFoundError('category_not_found');
  if (fields.slug) await assertSlugFree(tx, 'categories', fields.slug, { excludeId: id });
  await updateCategory(tx, id, fields);
  return (await readCategory(tx, id))!;
}

/** 409 `category_in_use` for a category that still has `count` places (`error.count`, `error.placesCount`). */
export const categoryInUse = (count: number) => new ConflictError('category_in_use', { params: { count }, extra: { placesCount: count } });

/** Deletes category `id` unless it has places (categoryInUse). */
export async function removeCategory(tx: Tx, id: number): Promise<void> {
  if (!await lockCategory(tx, id)) throw new NotFoundError('category_not_found');
  const n = await countCategoryPlaces(tx, id);
  if (n > 0) throw categoryInUse(n);
  await deleteCategory(tx, id);
}
