import type { Tx } from '../db/client.ts';

/**
 * The cache tags the transaction `tx` has touched so far (decision 042): the triggers of migration
 * 20260101008300_precise_change_notifications.sql append each statement's tags to the
 * transaction-local setting `dalil.changed_tags` as they notify them; '' when no public data changed,
 * `*` when the reach of a change is not bounded. Read at the end of a write transaction, before COMMIT.
 */
export async function changedCacheTags(tx: Tx): Promise<string> {
  const [row] = await tx<{ tags: string | null }[]>`select current_setting('dalil.changed_tags', true) as tags`;
  return row?.tags ?? '';
}
