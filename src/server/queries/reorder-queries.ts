import type { Tx } from '../db/client.ts';
import { NotFoundError, ValidationError } from '../domain-errors.ts';
import { REORDER_MESSAGES } from '../../shared/schemas/admin-schemas.ts';

type Entry = { id: number; order: number };

/**
 * Maps the SQLSTATEs of public.reorder_zones / public.reorder_buildings
 * (supabase/migrations/20260101000900_admin_functions.sql) to domain errors: 22023 → ValidationError (400)
 * `invalid_order` with the reason in `fields.order`, P0002 → NotFoundError (404) `zone_not_found`; others unchanged
 * (42501 becomes 403 in the app's error handler).
 */
export function reorderError(error: unknown): unknown {
  const pg = error as { code?: string; hint?: string } | null;
  if (pg?.code === '22023') {
    const reason = (pg.hint && pg.hint in REORDER_MESSAGES ? pg.hint : 'invalid') as keyof typeof REORDER_MESSAGES;
    return new ValidationError('invalid_order', { fields: { order: [REORDER_MESSAGES[reason]] } });
  }
  if (pg?.code === 'P0002') return new NotFoundError('zone_not_found');
  return error;
}

/** public.reorder_zones(order): every zone's order at once, or nothing. Returns how many moved. */
export async function reorderZones(tx: Tx, order: Entry[]): Promise<number> {
  try {
    const [row] = await tx<{ moved: number }[]>`select public.reorder_zones(${tx.json(order)}) as moved`;
    return row.moved;
  } catch (error) {
    throw reorderError(error);
  }
}

/** public.reorder_buildings(zoneId, order): every building of the zone at once, or nothing. */
export async function reorderBuildings(tx: Tx, zoneId: number, order: Entry[]): Promise<number> {
  try {
    const [row] = await tx<{ moved: number }[]>`select public.reorder_buildings(${zoneId}, ${tx.json(order)}) as moved`;
    return row.moved;
  } catch (error) {
    throw reorderError(error);
  }
}
