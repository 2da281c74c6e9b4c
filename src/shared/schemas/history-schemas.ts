import { z } from 'zod';
import { idSchema, pagingQuerySchema } from './common-schemas.ts';

/**
 * The history of records (supabase/migrations/20260101005700_history.sql, docs/decisions/020-history.md):
 * entities, the restore window and the shapes of GET /api/admin/history and its restore.
 */

/** Entities whose changes the database records (`website` = the single website settings row, id 1). */
export const HISTORY_ENTITIES = ['place', 'category', 'zone', 'building', 'website'] as const;
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];

/** Days a deleted place can be restored (the restore function checks the same 30 days). */
export const HISTORY_RESTORE_DAYS = 30;

/** Field message of a history query without the record's id. */
export const HISTORY_ID_REQUIRED = 'id is required';

/** GET /admin/history query: `entity`, `id` (any positive id; `website`: 1, the default), page from 1, limit ≤ 100. */
export const historyQuerySchema = pagingQuerySchema.extend({
  entity: z.enum(HISTORY_ENTITIES),
  id: idSchema.optional(),
}).refine((q) => q.entity === 'website' || q.id !== undefined, { path: ['id'], message: HISTORY_ID_REQUIRED });

/** GET /admin/history/deleted-places query: page from 1, limit ≤ 100. */
export const deletedPlacesQuerySchema = pagingQuerySchema;

const HISTORY_ENTRY_EXAMPLE = {
  id: 42, entity: 'place', entityId: 7, operation: 'update', at: '2026-01-01T09:00:00.000Z',
  actor: { id: '6f1c3a52-1d0e-4b8e-9a51-2f1f5d1e9c11', email: 'admin@example.com' }, role: 'authenticated',
  before: { phone: '+966 11 234 5678' }, after: { phone: '+966 11 234 0000' }, requestId: null,
};

/**
 * One recorded change. `before`/`after` hold database column names (snake_case): an update only the
 * columns that changed, an insert `after` only, a delete `before` only (both with every column).
 * `actor` is the signed-in user who made it, null for a database session (psql, Studio, an import
 * run as the owner); `role` is the JWT role or the database role. `requestId`: the approved place
 * request that made the change.
 */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  entity: z.enum(HISTORY_ENTITIES),
  entityId: z.number().int(),
  operation: z.enum(['insert', 'update', 'delete']),
  at: z.string(),
  actor: z.object({ id: z.string(), email: z.string().nullable() }).nullable(),
  role: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.number().int().nullable(),
}).meta({ id: 'HistoryEntry', description: 'One recorded change of a record: who, when, what, before and after.', examples: [HISTORY_ENTRY_EXAMPLE] });
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** A deleted place still restorable: the delete entry to restore, its name and slug, when and by whom. */
export const deletedPlaceSchema = z.object({
  entryId: z.number().int(),
  placeId: z.number().int(),
  name: z.string(),
  slug: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), email: z.string().nullable() }).nullable(),
  role: z.string(),
}).meta({
  id: 'DeletedPlace', description: 'A place deleted in the last 30 days, restorable from its delete entry.',
  examples: [{ entryId: 42, placeId: 7, name: 'City Pharmacy', slug: 'city-pharmacy', at: '2026-01-01T09:00:00.000Z', actor: null, role: 'postgres' }],
});
export type DeletedPlace = z.infer<typeof deletedPlaceSchema>;

/** POST /admin/history/{entryId}/restore answer: the restored place's id and slug. */
export const restoreResultSchema = z.object({ placeId: z.number().int(), slug: z.string() })
  .meta({ id: 'RestoreResult', description: 'The restored place.', examples: [{ placeId: 7, slug: 'city-pharmacy' }] });
