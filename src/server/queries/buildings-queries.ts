import type { Tx } from '../db/client.ts';
import { INT_MAX } from '../../shared/schemas/admin-schemas.ts';
import type { Building } from '../../shared/schemas/entity-schemas.ts';
import { BUILDING_COLUMNS, type BuildingRow } from './columns.ts';
import { toBuilding } from './mappers.ts';
import { toColumns } from './sql.ts';

/** API field → column of a building write. */
const COLUMNS = {
  name: 'name', nameAr: 'name_ar', number: 'number', slug: 'slug', description: 'description', descriptionAr: 'description_ar',
  mapUrl: 'map_url', hasDetails: 'has_details', order: 'sort_order', latitude: 'latitude', longitude: 'longitude',
};

/** The writable fields of a building (absent = default on insert, unchanged on update). */
export type BuildingFields = Partial<Record<keyof typeof COLUMNS, unknown>>;

/** The buildings of a zone in display order (sort_order, then id), with place counts. */
export async function listBuildings(tx: Tx, zoneId: number): Promise<Building[]> {
  const rows = await tx.unsafe<BuildingRow[]>(`select ${BUILDING_COLUMNS} from public.buildings b where b.zone_id = $1 order by b.sort_order, b.id`, [zoneId]);
  return rows.map(toBuilding);
}

/** One building with its place count; undefined when absent. */
export async function readBuilding(tx: Tx, id: number): Promise<Building | undefined> {
  const [row] = await tx.unsafe<BuildingRow[]>(`select ${BUILDING_COLUMNS} from public.buildings b where b.id = $1`, [id]);
  return row ? toBuilding(row) : undefined;
}

/** Locks building `id` for the rest of the transaction; its zone id, or undefined when it does not exist. */
export async function lockBuilding(tx: Tx, id: number): Promise<number | undefined> {
  const [found] = await tx<{ zone_id: string }[]>`select zone_id from public.buildings where id = ${id} for update`;
  return found ? Number(found.zone_id) : undefined;
}

/**
 * The order after the zone's last building (1 for the first). Past the integer maximum (sort_order is
 * an int4) the new building takes the maximum too: equal orders list by id, so it still goes last.
 */
export async function nextBuildingOrder(tx: Tx, zoneId: number): Promise<number> {
  const [last] = await tx<{ next: number }[]>`select least(coalesce(max(sort_order), 0)::bigint + 1, ${INT_MAX})::int as next from public.buildings where zone_id = ${zoneId}`;
  return last.next;
}

/** Inserts a building into `zoneId` (`slug` and `order` resolved by the caller); returns its id. */
export async function insertBuilding(tx: Tx, zoneId: number, fields: BuildingFields): Promise<number> {
  const [row] = await tx`
    insert into public.buildings ${tx({ zone_id: zoneId, ...toColumns(fields, COLUMNS) })} returning id`;
  return Number(row.id);
}

/** Updates the present fields of building `id` (nothing when none is present). */
export async function updateBuilding(tx: Tx, id: number, fields: BuildingFields): Promise<void> {
  const changes = toColumns(fields, COLUMNS);
  if (Object.keys(changes).length) await tx`update public.buildings set ${tx(changes)} where id = ${id}`;
}

/** Deletes building `id`; its places stay, without building. Returns how many places it had. */
export async function deleteBuilding(tx: Tx, id: number): Promise<number> {
  const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from public.places where building_id = ${id}`;
  await tx`delete from public.buildings where id = ${id}`;
  return n;
}
