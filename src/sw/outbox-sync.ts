import { sendOutbox, type OutboxEntry, type OutboxSendResult } from '../lib/outbox.ts';
import { IDEMPOTENCY_KEY_HEADER } from '../shared/idempotency-headers.ts';
import { OUTBOX_CHANGED_MESSAGE, OUTBOX_SYNC_TAG } from '../shared/offline.ts';

/**
 * Background Sync of the outbox (decision 056), in the service worker: on a `sync` event tagged `OUTBOX_SYNC_TAG`
 * (the browser fires it once it has a network, even with no page of the site open), sends the waiting writes of
 * the outbox (src/lib/outbox.ts) that carry a still-valid access token, each with the `Idempotency-Key` of its first
 * send, under the same Web Lock as the pages' sender — an entry is sent by one of them, once, and removed before
 * the lock is let go. The worker keeps no token of its own: it reads the entry's, which goes with the entry.
 * Entries without a usable token wait for the user's next page; entries past their key's window are set aside
 * for the person to decide (`unsure`). Then it tells the open pages what it did (`OUTBOX_CHANGED_MESSAGE`).
 */

/** The failure of a send, as the pages' API client reports it: `status` 0 when no answer came. */
class SendError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

/** POSTs `entry` to the API at `apiBase` with its stored token → the answer's `data`; throws SendError. */
export async function sendFromWorker(apiBase: string, entry: OutboxEntry): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${apiBase}${entry.path}`, {
      method: 'POST',
      credentials: 'omit',
      cache: 'no-store',
      headers: {
        Authorization: `Bearer ${entry.auth?.token ?? ''}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Accept-Language': entry.lang ?? 'en',
        [IDEMPOTENCY_KEY_HEADER]: entry.idempotencyKey,
      },
      body: JSON.stringify(entry.body),
    });
  } catch {
    throw new SendError(0, 'network_error', 'Network issue');
  }
  const json = (await res.json().catch(() => null)) as { success?: boolean; data?: unknown; error?: { code?: string; message?: string } } | null;
  if (!res.ok || !json || json.success === false) {
    throw new SendError(res.status, json?.error?.code ?? 'http_error', json?.error?.message ?? res.statusText);
  }
  return json.data;
}

interface SyncEvent { tag: string; lastChance?: boolean; waitUntil(p: Promise<unknown>): void }
interface WorkerClients { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<{ postMessage(m: unknown): void }[]> }

/** Sends the outbox now and tells the open pages; rejects when a send failed for the network (the browser retries the sync later). */
export async function syncOutbox(apiBase: string, clients: WorkerClients): Promise<OutboxSendResult> {
  const result = await sendOutbox(null, (entry) => sendFromWorker(apiBase, entry), { storedTokenOnly: true });
  if (result.sent.length || result.rejected.length || result.unsure.length) {
    const message = { type: OUTBOX_CHANGED_MESSAGE, sent: result.sent, rejected: result.rejected, unsure: result.unsure };
    for (const client of await clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage(message);
  }
  if (result.retryLater) throw new Error('outbox: the network failed again');
  return result;
}

/** Registers the worker's `sync` listener for the outbox. */
export function listenForOutboxSync(scope: { addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void; clients: WorkerClients }, apiBase: string): void {
  scope.addEventListener('sync', (event) => {
    if (event.tag !== OUTBOX_SYNC_TAG) return;
    event.waitUntil(syncOutbox(apiBase, scope.clients));
  });
}
