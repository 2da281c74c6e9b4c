import { IDEMPOTENCY_KEY_TTL_HOURS } from '../shared/idempotency-headers.ts';
import { OUTBOX_SYNC_TAG } from '../shared/offline.ts';
import { offlineDb, type OutboxEntry, type OutboxKind } from './offline-db.ts';

/**
 * The outbox (issue #29, decision 048): a signed-in user's writes whose send failed for the network (a place
 * submission, an edit request), kept on the device in IndexedDB (`outbox` of src/lib/offline-db.ts) and sent
 * again once the network is back — exactly once: each entry keeps the `Idempotency-Key` its first send carried,
 * and every retry sends that same key, so the API (decision 045) runs the request once and answers a repeat with
 * the first answer (for 24 h). Entries belong to one user (`userId`, the token's `sub`): only that user's session
 * sends them, and signing out deletes them (`clearUserOfflineData`). Loaded lazily (after the page is interactive).
 * Sent by the user's open pages, and by the service worker's Background Sync where the browser has it (decision 056):
 * both run `sendOutbox` under one Web Lock, so an entry is sent by one of them at a time and removed before the lock
 * is let go.
 */
export type { OutboxEntry, OutboxKind };

/** A new entry's fields (the rest is filled by `queueRequest`). */
export type OutboxInput = Pick<OutboxEntry, 'userId' | 'kind' | 'path' | 'body' | 'idempotencyKey' | 'label' | 'placeId' | 'lang' | 'auth'>;

/**
 * How long after its first send (or the person's "Send again") an entry is sent without asking: the API keeps a key
 * `IDEMPOTENCY_KEY_TTL_HOURS` (24 h) from the first request that reached it; one hour less leaves room for a first
 * send that hung before it failed and for the device's clock. Past it a send could be recorded twice, so the entry
 * becomes `unsure` and waits for the person (decision 056).
 */
export const OUTBOX_KEY_WINDOW_MS = (IDEMPOTENCY_KEY_TTL_HOURS - 1) * 3600_000;

/** True when `entry` can no longer be sent without asking (see `OUTBOX_KEY_WINDOW_MS`). */
export function isPastKeyWindow(entry: Pick<OutboxEntry, 'createdAt' | 'confirmedAt'>, now = Date.now()): boolean {
  const since = Date.parse(entry.confirmedAt ?? entry.createdAt);
  return !Number.isFinite(since) || now - since > OUTBOX_KEY_WINDOW_MS;
}

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
/** Tells this page's listeners the outbox changed (also when the service worker changed it: its message). */
export const notifyOutboxChanged = () => listeners.forEach((l) => l());
const changed = notifyOutboxChanged;

/**
 * Asks the service worker for a Background Sync of the outbox (`OUTBOX_SYNC_TAG`): the browser fires the worker's
 * `sync` once it has a network, even with no page of the site open. Resolves false where there is no Background Sync
 * (Firefox, Safari), no active worker, or the browser refused; the pages' own sender covers those cases.
 */
export async function requestOutboxSync(): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.serviceWorker) return false;
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    if (!registration?.active || !sync) return false;
    await sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps a write for later and asks for a Background Sync; resolves to the stored entry. Rejects where IndexedDB is
 * unavailable. `auth` (the session's access token and its expiry) lets the worker send it with no page open.
 */
export async function queueRequest(input: OutboxInput): Promise<OutboxEntry> {
  const entry: OutboxEntry = { ...input, id: crypto.randomUUID(), createdAt: new Date().toISOString(), attempts: 0, state: 'waiting' };
  await (await offlineDb()).put('outbox', entry);
  changed();
  void requestOutboxSync();
  return entry;
}

/** The user's entries (every user's with `null`: the worker's sync), oldest first. */
export async function listOutbox(userId: string | null): Promise<OutboxEntry[]> {
  const db = await offlineDb();
  const entries = userId === null ? await db.getAll('outbox') : await db.getAllFromIndex('outbox', 'userId', userId);
  return entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * The person checked an `unsure` entry (it is not among their requests) and sends it again: it waits again, with
 * the same key and a new window from now (`confirmedAt`), and the page's current token for the worker's sync.
 */
export async function confirmResend(id: string, auth?: OutboxEntry['auth']): Promise<void> {
  const db = await offlineDb();
  const entry = await db.get('outbox', id);
  if (!entry || entry.state !== 'unsure') return;
  await db.put('outbox', { ...entry, state: 'waiting', confirmedAt: new Date().toISOString(), auth });
  changed();
  void requestOutboxSync();
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
  /** Entries set aside as `unsure` (past `OUTBOX_KEY_WINDOW_MS`): not sent, the person is asked. */
  unsure: OutboxEntry[];
  /** Entries still waiting (the network failed again, no token to send them with, or the send was already running). */
  waiting: number;
  /** A send failed for the network, a timeout, 5xx… (`isRetryableFailure`): worth trying again later. */
  retryLater: boolean;
}

/** Options of `sendOutbox`. */
export interface SendOutboxOptions {
  /**
   * The service worker's sync, which has no session: send only entries whose stored `auth` token is valid for another
   * 30 s; an expired token is removed from its entry (the pages send those with their own session).
   */
  storedTokenOnly?: boolean;
  /** The current time (ms), for tests. */
  now?: () => number;
}

let running: Promise<OutboxSendResult> | null = null;
const empty = (): OutboxSendResult => ({ sent: [], rejected: [], unsure: [], waiting: 0, retryLater: false });
/** Valid for 30 s more: long enough for one send. */
const TOKEN_MARGIN_MS = 30_000;

/**
 * Sends the waiting entries of `userId` (of every user with `null`: the worker's sync), oldest first, with `send`
 * (which must put `entry.idempotencyKey` in the `Idempotency-Key` header): an answer removes the entry; a refusal (a
 * 4xx other than those `isRetryableFailure` names) marks it `rejected`; a retryable failure stops here, the rest
 * waiting for the next try; an entry past its key's window is not sent but set aside as `unsure`. One send at a time
 * per page, and across the pages and the service worker through the Web Locks API where the browser has it: each
 * entry is read again under the lock, so one sent by another tab or by the worker is not sent again. Never rejects.
 */
export function sendOutbox(userId: string | null, send: (entry: OutboxEntry) => Promise<unknown>, options: SendOutboxOptions = {}): Promise<OutboxSendResult> {
  const now = options.now ?? Date.now;
  const run = async (): Promise<OutboxSendResult> => {
    const result = empty();
    let entries: OutboxEntry[];
    try {
      entries = (await listOutbox(userId)).filter((e) => e.state === 'waiting');
    } catch {
      return result;
    }
    const db = await offlineDb();
    for (const [i, entry] of entries.entries()) {
      // another tab, or the worker, may have sent it meanwhile
      const current = await db.get('outbox', entry.id);
      if (!current || current.state !== 'waiting') continue;
      if (isPastKeyWindow(current, now())) {
        const { auth: _auth, ...rest } = current;
        const unsure: OutboxEntry = { ...rest, state: 'unsure' };
        await db.put('outbox', unsure);
        result.unsure.push(unsure);
        continue;
      }
      if (options.storedTokenOnly && !(current.auth && current.auth.expiresAt > now() + TOKEN_MARGIN_MS)) {
        if (current.auth) {
          const { auth: _auth, ...rest } = current;
          await db.put('outbox', rest);
        }
        result.waiting++;
        continue;
      }
      const attempt = { ...current, attempts: current.attempts + 1 };
      try {
        const answer = await send(attempt);
        await db.delete('outbox', entry.id);
        result.sent.push({ entry: attempt, answer });
      } catch (error) {
        const status = (error as { status?: unknown } | null)?.status;
        if (isRetryableFailure(error)) {
          // a token the API refused (401) is of no more use to the worker
          if (status === 401 && options.storedTokenOnly) delete attempt.auth;
          await db.put('outbox', attempt);
          result.waiting += entries.length - i;
          result.retryLater = status !== 401;
          break;
        }
        const e = error as { status?: number; code?: string; message?: string };
        const { auth: _auth, ...rest } = attempt;
        const refused: OutboxEntry = { ...rest, state: 'rejected', error: { status: e.status ?? 0, code: e.code ?? 'error', message: e.message ?? '' } };
        await db.put('outbox', refused);
        result.rejected.push(refused);
      }
    }
    if (result.sent.length || result.rejected.length || result.unsure.length) changed();
    return result;
  };
  running ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      return locks ? await locks.request('dalil-outbox', run) : await run();
    } catch {
      return empty();
    } finally {
      running = null;
    }
  })();
  return running;
}
