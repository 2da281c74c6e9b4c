import { offlineDb, type OutboxEntry, type OutboxKind } from './offline-db.ts';

/**
 * The outbox (issue #29, decision 048): a signed-in user's writes whose send failed for the network (a place
 * submission, an edit request), kept on the device in IndexedDB (`outbox` of src/lib/offline-db.ts) and sent
 * again once the network is back — exactly once: each entry keeps the `Idempotency-Key` its first send carried,
 * and every retry sends that same key, so the API (decision 045) runs the request once and answers a repeat with
 * the first answer (for 24 h). Entries belong to one user (`userId`, the token's `sub`): only that user's session
 * sends them, and signing out deletes them (`clearUserOfflineData`). Loaded lazily (after the page is interactive).
 */
export type { OutboxEntry, OutboxKind };

/** A new entry's fields (the rest is filled by `queueRequest`). */
export type OutboxInput = Pick<OutboxEntry, 'userId' | 'kind' | 'path' | 'body' | 'idempotencyKey' | 'label' | 'placeId'>;

/** A fresh `Idempotency-Key` (a random UUID), made when a write is first sent and kept for its retries. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * Failures worth sending again later: no answer (status 0: offline, DNS, a dropped connection), a timeout, a
 * rate limit, a server fault, the same key still running elsewhere (409), or a session to renew (401). Any other
 * answer is the API's decision on the request itself.
 */
export function isRetryableFailure(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number') return false;
  return status === 0 || status === 401 || status === 408 || status === 409 || status === 425 || status === 429 || status >= 500;
}

const listeners = new Set<() => void>();
/** Runs `listener` after every change of the outbox made in this page; returns the unsubscribe. */
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((l) => l());

/** Keeps a write for later; resolves to the stored entry. Rejects where IndexedDB is unavailable. */
export async function queueRequest(input: OutboxInput): Promise<OutboxEntry> {
  const entry: OutboxEntry = { ...input, id: crypto.randomUUID(), createdAt: new Date().toISOString(), attempts: 0, state: 'waiting' };
  await (await offlineDb()).put('outbox', entry);
  changed();
  return entry;
}

/** The user's entries, oldest first. */
export async function listOutbox(userId: string): Promise<OutboxEntry[]> {
  const entries = await (await offlineDb()).getAllFromIndex('outbox', 'userId', userId);
  return entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Deletes one entry (a refused request the user has read, or one sent). */
export async function removeOutboxEntry(id: string): Promise<void> {
  await (await offlineDb()).delete('outbox', id);
  changed();
}

/** What one send of the outbox did: the entries sent (with the API's answer) and those the API refused. */
export interface OutboxSendResult {
  sent: { entry: OutboxEntry; answer: unknown }[];
  rejected: OutboxEntry[];
  /** Entries still waiting (the network failed again, or the send was already running). */
  waiting: number;
}

let running: Promise<OutboxSendResult> | null = null;

/**
 * Sends the user's waiting entries, oldest first, with `send` (which must put `entry.idempotencyKey` in the
 * `Idempotency-Key` header): an answer removes the entry; a refusal (a 4xx other than those `isRetryableFailure`
 * names) marks it `rejected`; a retryable failure stops here, the rest waiting for the next try. One send at a time
 * per page, and across tabs through the Web Locks API where the browser has it (a second tab's duplicate would only
 * be answered from the server's stored answer anyway). Never rejects.
 */
export function sendOutbox(userId: string, send: (entry: OutboxEntry) => Promise<unknown>): Promise<OutboxSendResult> {
  const run = async (): Promise<OutboxSendResult> => {
    const result: OutboxSendResult = { sent: [], rejected: [], waiting: 0 };
    let entries: OutboxEntry[];
    try {
      entries = (await listOutbox(userId)).filter((e) => e.state === 'waiting');
    } catch {
      return result;
    }
    const db = await offlineDb();
    for (const [i, entry] of entries.entries()) {
      // another tab may have sent it meanwhile
      const current = await db.get('outbox', entry.id);
      if (!current || current.state !== 'waiting') continue;
      const attempt = { ...current, attempts: current.attempts + 1 };
      try {
        const answer = await send(attempt);
        await db.delete('outbox', entry.id);
        result.sent.push({ entry: attempt, answer });
      } catch (error) {
        if (isRetryableFailure(error)) {
          await db.put('outbox', attempt);
          result.waiting = entries.length - i;
          break;
        }
        const e = error as { status?: number; code?: string; message?: string };
        const refused: OutboxEntry = { ...attempt, state: 'rejected', error: { status: e.status ?? 0, code: e.code ?? 'error', message: e.message ?? '' } };
        await db.put('outbox', refused);
        result.rejected.push(refused);
      }
    }
    if (result.sent.length || result.rejected.length) changed();
    return result;
  };
  running ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      return locks ? await locks.request('dalil-outbox', run) : await run();
    } catch {
      return { sent: [], rejected: [], waiting: 0 };
    } finally {
      running = null;
    }
  })();
  return running;
}
