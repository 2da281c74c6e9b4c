import type { Tx } from '../db/client.ts';
import type { ExportColumn } from '../../shared/data-export.ts';
import { setStatementTimeout } from './sql.ts';

/** Per-statement limit inside the export's transaction (ms; each cursor fetch is one statement). */
export const EXPORT_STATEMENT_TIMEOUT_MS = 60_000;

/** One exported place: every EXPORT_COLUMNS value as text or null (coordinates as numbers). */
export type ExportRow = Record<ExportColumn, string | number | null>;

/**
 * Every place (all rows of public.places are published; requests wait in place_requests) with its
 * category, zone and building in both languages, ordered by id, read through a server-side cursor
 * in batches of `batchSize` rows: memory stays at one batch however many places there are. Calls
 * `onBatch` for each batch and waits for it (the caller's backpressure) before fetching the next.
 * Each fetch is one statement, limited to EXPORT_STATEMENT_TIMEOUT_MS (set for the rest of `tx`).
 */
export async function streamExportRows(tx: Tx, batchSize: number, onBatch: (rows: ExportRow[]) => Promise<void>): Promise<void> {
  await setStatementTimeout(tx, EXPORT_STATEMENT_TIMEOUT_MS);
  const cursor = tx<ExportRow[]>`
    select p.id::text as id, p.slug, p.name, p.name_ar, c.slug as category_slug, c.name as category_name, c.name_ar as category_name_ar,
           z.slug as zone_slug, z.title as zone_title, z.title_ar as zone_title_ar,
           b.slug as building_slug, b.name as building_name, b.name_ar as building_name_ar, b.number as building_number,
           p.latitude, p.longitude, p.address, p.address_ar, p.phone, p.whatsapp, p.website_url, p.map_url, p.opening_hours,
           p.description, p.source, p.source_id, to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at
    from public.places p
    join public.categories c on c.id = p.category_id
    left join public.zones z on z.id = p.zone_id
    left join public.buildings b on b.id = p.building_id
    order by p.id`.cursor(batchSize);
  for await (const rows of cursor) await onBatch(rows);
}
