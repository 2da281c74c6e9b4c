import type { Sql, TransactionSql } from 'postgres';

/** Owner pool or an open transaction on it (imports run as the database owner; RLS does not apply). */
export type ImportTx = TransactionSql | Sql;
export type ImportTable = 'categories' | 'zones' | 'buildings' | 'places';

/** Columns every importable row has: its id (bigint as text), slug and source identity (both null for rows made in the app). */
interface IdentityColumns { id: string; slug: string; source: string | null; source_id: string | null }
export interface CategoryRow extends IdentityColumns { name: string; name_ar: string | null }
export interface ZoneRow extends IdentityColumns { title: string; title_ar: string | null; latitude: number | null; longitude: number | null }
export interface BuildingRow extends IdentityColumns {
  zone_id: string; name: string; name_ar: string | null; number: string | null; latitude: number | null; longitude: number | null;
}
export interface PlaceRow extends IdentityColumns {
  name: string; name_ar: string | null; address: string | null; address_ar: string | null; phone: string | null;
  website_url: string | null; map_url: string | null; category_id: string; zone_id: string | null; building_id: string | null;
  latitude: number | null; longitude: number | null; opening_hours: string | null;
}

/** What an import compares a file against: every category, zone and building, and the places it could touch. */
export interface ImportState {
  categories: CategoryRow[];
  zones: ZoneRow[];
  buildings: BuildingRow[];
  /** Places whose (source, source_id) is one of the file's or whose slug is one the file wants. */
  places: PlaceRow[];
  /** Every place slug in use (slugs are unique across the table). */
  placeSlugs: Set<string>;
}

/**
 * Serialises imports and keeps admins from writing the four tables while one is applied (reads go
 * on); the lock ends with the transaction.
 */
export async function lockImportTables(tx: ImportTx): Promise<void> {
  await tx`lock table public.categories, public.zones, public.buildings, public.places in share row exclusive mode`;
}

/** Loads the rows an import of a file with these place identities and wanted slugs is compared against. */
export async function loadImportState(
  tx: ImportTx,
  placeIdentities: { source: string; sourceId: string }[],
  placeSlugs: string[],
): Promise<ImportState> {
  const [categories, zones, buildings, places, slugs] = await Promise.all([
    tx<CategoryRow[]>`select id::text, slug, source, source_id, name, name_ar from public.categories order by id`,
    tx<ZoneRow[]>`select id::text, slug, source, source_id, title, title_ar, latitude, longitude from public.zones order by id`,
    tx<BuildingRow[]>`
      select id::text, zone_id::text, slug, source, source_id, name, name_ar, number, latitude, longitude
      from public.buildings order by id`,
    tx<PlaceRow[]>`
      select id::text, slug, source, source_id, name, name_ar, address, address_ar, phone, website_url, map_url,
             category_id::text, zone_id::text, building_id::text, latitude, longitude, opening_hours
      from public.places p
      where (p.source, p.source_id) in (
              select * from unnest(${placeIdentities.map((i) => i.source)}::text[], ${placeIdentities.map((i) => i.sourceId)}::text[]))
         or p.slug = any(${placeSlugs}::text[])
      order by id`,
    tx<{ slug: string }[]>`select slug from public.places`,
  ]);
  return { categories, zones, buildings, places, placeSlugs: new Set(slugs.map((r) => r.slug)) };
}

/** Inserts one row and answers its id. `values`: column → value, columns from the importer (never from input keys). */
export async function insertImportRow(tx: ImportTx, table: ImportTable, values: Record<string, unknown>): Promise<string> {
  const [row] = await tx<{ id: string }[]>`insert into ${tx('public.' + table)} ${tx(values as Record<string, never>)} returning id::text`;
  return row.id;
}

/** Inserts places in chunks of 500 (one statement each). */
export async function insertImportPlaces(tx: ImportTx, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await tx`insert into public.places ${tx(rows.slice(i, i + 500) as Record<string, never>[])}`;
  }
}

/**
 * Updates the given columns of rows by id: statements are sent together (pipelined on the
 * transaction's connection), 500 at a time.
 */
export async function updateImportRows(tx: ImportTx, table: ImportTable, updates: { id: string; values: Record<string, unknown> }[]): Promise<void> {
  for (let i = 0; i < updates.length; i += 500) {
    await Promise.all(updates.slice(i, i + 500).map((u) =>
      tx`update ${tx('public.' + table)} set ${tx(u.values as Record<string, never>)} where id = ${u.id}`));
  }
}
