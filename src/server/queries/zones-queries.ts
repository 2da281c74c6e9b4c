import type { Tx } from '../db/client.ts';
import { NotFoundError, ValidationError } from '../domain-errors.ts';
import { ADMIN_FIELD_MESSAGES } from '../../shared/schemas/admin-schemas.ts';
import { INT_MAX } from '../../shared/schemas/admin-schemas.ts';
import type { Zone, ZoneWithBuildings } from '../../shared/schemas/entity-schemas.ts';
import { listBuildings } from './buildings-queries.ts';
import { ZONE_COLUMNS, type ZoneRow } from './columns.ts';
import { toZone } from './mappers.ts';
import { toColumns } from './sql.ts';

/** API field → column of a zone write. */
const COLUMNS = {
  title: 'title', titleAr: 'title_ar', slug: 'slug', order: 'sort_order', locationUrl: 'location_url',
  description: 'description', descriptionAr: 'description_ar', latitude: 'latitude', longitude: 'longitude',
};

/** The writable fields of a zone (absent = default on insert, unchanged on update). */
export type ZoneFields = Partial<Record<keyof typeof COLUMNS, unknown>>;

/** Every zone in display order (sort_order, then id) with building and place counts. */
export async function listZones(tx: Tx): Promise<Zone[]> {
  const rows = await tx.unsafe<ZoneRow[]>(`select ${ZONE_COLUMNS} from public.zones z order by z.sort_order, z.id`);
  return rows.map(toZone);
}

/** One zone by id or slug, without its buildings; undefined when absent. */
export async function readZone(tx: Tx, by: { id: number } | { slug: string }): Promise<Zone | undefined> {
  const [row] = 'id' in by
    ? await tx.unsafe<ZoneRow[]>(`select ${ZONE_COLUMNS} from public.zones z where z.id = $1`, [by.id])
    : await tx.unsafe<ZoneRow[]>(`select ${ZONE_COLUMNS} from public.zones z where z.slug = $1`, [by.slug]);
  return row ? toZone(row) : undefined;
}

/** One zone by id or slug with its buildings in display order; undefined when absent. */
export async function readZoneWithBuildings(tx: Tx, by: { id: number } | { slug: string }): Promise<ZoneWithBuildings | undefined> {
  const zone = await readZone(tx, by);
  if (!zone) return undefined;
  return { ...zone, buildings: await listBuildings(tx, zone.id) };
}

/** The id of the zone with `slug`; undefined when there is none. */
export async function zoneIdBySlug(tx: Tx, slug: string): Promise<number | undefined> {
  const [row] = await tx`select id from public.zones where slug = ${slug}`;
  return row ? Number(row.id) : undefined;
}

/** True when zone `id` exists. */
export async function zoneExists(tx: Tx, id: number): Promise<boolean> {
  const [zone] = await tx`select id from public.zones where id = ${id}`;
  return Boolean(zone);
}

/** Locks zone `id` for the rest of the transaction (places and buildings cannot be added to it meanwhile); false when absent. */
export async function lockZone(tx: Tx, id: number): Promise<boolean> {
  const [found] = await tx`select id from public.zones where id = ${id} for update`;
  return Boolean(found);
}

/** True when a zone other than `excludeId` has display order `order` (orders are distinct, as the reorder rules). */
export async function zoneOrderTaken(tx: Tx, order: number, excludeId = 0): Promise<boolean> {
  const rows = await tx`select 1 from public.zones where sort_order = ${order} and id <> ${excludeId}`;
  return rows.length > 0;
}

/**
 * The order after the last zone (1 for the first). Past the integer maximum (sort_order is an int4)
 * the new zone takes the maximum too: equal orders list by id, so it still goes last.
 */
export async function nextZoneOrder(tx: Tx): Promise<number> {
  const [last] = await tx<{ next: number }[]>`select least(coalesce(max(sort_order), 0)::bigint + 1, ${INT_MAX})::int as next from public.zones`;
  return last.next;
}

/** Inserts a zone (`slug` and `order` resolved by the caller); returns its id. */
export async function insertZone(tx: Tx, fields: ZoneFields): Promise<number> {
  const [row] = await tx`insert into public.zones ${tx(toColumns(fields, COLUMNS))} returning id`;
  return Number(row.id);
}

/** Updates the present fields of zone `id` (nothing when none is present). */
export async function updateZone(tx: Tx, id: number, fields: ZoneFields): Promise<void> {
  const changes = toColumns(fields, COLUMNS);
  if (Object.keys(changes).length) await tx`update public.zones set ${tx(changes)} where id = ${id}`;
}

/**
 * Deletes zone `id` and its buildings; its places stay, without zone (and without building).
 * Returns how many places were detached and buildings deleted. Call with the zone locked (lockZone).
 */
export async function deleteZone(tx: Tx, id: number): Promise<{ detachedPlaces: number; deletedBuildings: number }> {
  const [counts] = await tx<{ places: number; buildings: number }[]>`
    select (select count(*)::int from public.places where zone_id = ${id}) as places,
           (select count(*)::int from public.buildings where zone_id = ${id}) as buildings`;
  // places.zone_id → zones on delete set null; buildings cascade, their places' building_id set null
  await tx`delete from public.zones where id = ${id}`;
  return { detachedPlaces: counts.places, deletedBuildings: counts.buildings };
}

/**
 * Refuses an order number another zone has (400 `validation_failed`, `fields.order`: 'Another zone
 * already has this order'), as the reorder rules do: display orders are distinct. (Checked, not
 * constrained: two admins saving the same number at the same instant could still both pass.)
 */
export async function assertZoneOrderFree(tx: Tx, order: number, excludeId = 0): Promise<void> {
  if (await zoneOrderTaken(tx, order, excludeId)) throw new ValidationError('validation_failed', { fields: { order: [ADMIN_FIELD_MESSAGES.orderTaken] } });
}

/** 404 `zone_not_found` unless the zone exists. */
export async function assertZone(tx: Tx, zoneId: number): Promise<void> {
  if (!await zoneExists(tx, zoneId)) throw new NotFoundError('zone_not_found');
}
