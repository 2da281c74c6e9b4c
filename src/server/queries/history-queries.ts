import type { Tx } from '../db/client.ts';
import { ConflictError, GoneError, NotFoundError } from '../domain-errors.ts';
import { HISTORY_RESTORE_DAYS, type DeletedPlace, type HistoryEntity, type HistoryEntry } from '../../shared/schemas/history-schemas.ts';

/**
 * SQL of the history (public.audit_log, written by the database's triggers; admins read it under
 * RLS) and of restoring a place (private.restore_place_version). Run as the caller's role.
 */

type Row = Record<string, unknown>;

/** The actor of an audit row: {id, email} of the signed-in user, null for a database session. */
const actorOf = (row: Row) => (row.actor_id ? { id: String(row.actor_id), email: (row.actor_email as string | null) ?? null } : null);

const toEntry = (row: Row): HistoryEntry => ({
  id: Number(row.id),
  entity: row.entity as HistoryEntity,
  entityId: Number(row.entity_id),
  operation: row.operation as HistoryEntry['operation'],
  at: new Date(row.at as string).toISOString(),
  actor: actorOf(row),
  role: String(row.actor_role),
  before: (row.before as Record<string, unknown> | null) ?? null,
  after: (row.after as Record<string, unknown> | null) ?? null,
  requestId: row.request_id == null ? null : Number(row.request_id),
});

/** One page of a record's changes (actor e-mails through private.request_user: auth.users is out of the API roles' reach), newest first, and their total. `website`: entity id 1. */
export async function listHistory(
  tx: Tx, entity: HistoryEntity, id: number, paging: { page: number; limit: number },
): Promise<{ rows: HistoryEntry[]; total: number }> {
  const rows = await tx`
    select l.*, (private.request_user(l.actor_id) ->> 'email') as actor_email, count(*) over () as total
    from public.audit_log l
    where l.entity = ${entity} and l.entity_id = ${id}
    order by l.id desc
    limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}`;
  const total = rows.length ? Number(rows[0]!.total) : Number((await tx`
    select count(*) from public.audit_log where entity = ${entity} and entity_id = ${id}`)[0]!.count);
  return { rows: rows.map(toEntry), total };
}

/** Places deleted in the last HISTORY_RESTORE_DAYS days and not back since, newest deletion first. */
export async function listDeletedPlaces(tx: Tx, paging: { page: number; limit: number }): Promise<{ rows: DeletedPlace[]; total: number }> {
  const rows = await tx`
    select l.id, l.entity_id, l.at, l.actor_id, l.actor_role, l.before ->> 'name' as name, l.before ->> 'slug' as slug,
           (private.request_user(l.actor_id) ->> 'email') as actor_email, count(*) over () as total
    from public.audit_log l
    where l.entity = 'place' and l.operation = 'delete' and l.at >= now() - make_interval(days => ${HISTORY_RESTORE_DAYS})
      and not exists (select 1 from public.places p where p.id = l.entity_id)
      and not exists (select 1 from public.audit_log n where n.entity = 'place' and n.entity_id = l.entity_id
                        and n.operation = 'delete' and n.id > l.id)
    order by l.at desc, l.id desc
    limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}`;
  return {
    total: rows.length ? Number(rows[0]!.total) : 0,
    rows: rows.map((row) => ({
      entryId: Number(row.id), placeId: Number(row.entity_id), name: String(row.name ?? ''), slug: String(row.slug ?? ''),
      at: new Date(row.at as string).toISOString(), actor: actorOf(row), role: String(row.actor_role),
    })),
  };
}

/**
 * Restores the place of history entry `entryId` as it was just before that change, or as first created for an
 * insert entry (private.restore_place_version). Errors: 404 history_entry_not_found (no such place entry) ·
 * 409 history_nothing_to_restore (the category is gone) · 409 slug_taken · 410 history_restore_expired (deleted over HISTORY_RESTORE_DAYS days ago).
 */
export async function restorePlaceVersion(tx: Tx, entryId: number): Promise<{ placeId: number; slug: string }> {
  try {
    const [row] = await tx`select private.restore_place_version(${entryId}) as id`;
    const [place] = await tx`select id, slug from public.places where id = ${row!.id}`;
    return { placeId: Number(place!.id), slug: String(place!.slug) };
  } catch (error) {
    switch ((error as { code?: string }).code) {
      case 'HI404': throw new NotFoundError('history_entry_not_found');
      case 'HI422': throw new ConflictError('history_nothing_to_restore');
      case 'HI409': throw new ConflictError('slug_taken');
      case 'HI410': throw new GoneError('history_restore_expired', { params: { days: HISTORY_RESTORE_DAYS } });
      default: throw error;
    }
  }
}

/** The `limit` latest changes of any record (admin overview), newest first, actor e-mails as in listHistory. */
export async function listLatestChanges(tx: Tx, limit: number): Promise<HistoryEntry[]> {
  const rows = await tx`
    select l.*, (private.request_user(l.actor_id) ->> 'email') as actor_email
    from public.audit_log l
    order by l.id desc
    limit ${limit}`;
  return rows.map(toEntry);
}
