import type { Tx } from '../db/client.ts';
import type { Zone, ZoneWithBuildings } from '../../shared/schemas/entities.ts';
import { listBuildings } from './buildings.ts';
import { ZONE_COLUMNS } from './columns.ts';
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
  const rows = await tx.unsafe(`select ${ZONE_COLUMNS} from public.zones z order by z.sort_order, z.id`);
  return rows.map(toZone);
}

/** One zone by id or slug, without its buildings; undefined when absent. */
export async function readZone(tx: Tx, by: { id: number } | { slug: string }): Promise<Zone | undefined> {
  const [row] = 'id' in by
    ? await tx.unsafe(`select ${ZONE_COLUMNS} from public.zones z where z.id = $1`, [by.id])
    : await tx.unsafe(`select ${ZONE_COLUMNS} from public.zones z where z.slug = $1`, [by.slug]);
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

/** The order after the last zone (1 for the first). */
export async function nextZoneOrder(tx: Tx): Promise<number> {
  const [last] = await tx<{ next: number }[]>`select coalesce(max(sort_order), 0) + 1 as next from public.zones`;
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
