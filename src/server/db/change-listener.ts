import postgres, { type Sql } from 'postgres';

/**
 * The channel of migrations 20260101004000_public_change_notifications.sql and
 * 20260101008300_precise_change_notifications.sql (payload: the change's cache tags, decision 042).
 */
export const PUBLIC_DATA_CHANNEL = 'public_data_changed';

/** Payloads starting with this are the listeners' own heartbeats (never passed to onChange; no cache tag matches them). */
export const PROBE_PREFIX = 'heartbeat:';

export interface ChangeListenerOptions {
  /** Channel to LISTEN on (a plain identifier). Default PUBLIC_DATA_CHANNEL. */
  channel?: string;
  /** A notification arrived; `payload` is what the sender passed to pg_notify (here `schema.table`). */
  onChange: (payload: string) => void;
  /**
   * The LISTEN came into force (`true`: from now on every committed change is notified) or was
   * lost (`false`: the connection closed, failed to open, or missed a heartbeat). Called on every
   * change of state, `false` never twice in a row. Changes made while not live are never notified.
   */
  onLiveChange: (live: boolean) => void;
  /** Pause before reconnecting after a failure, ms (default 1000). */
  retryMs?: number;
  /**
   * Pause between two heartbeats (a notification to itself, see below), ms (default 5000): the next one
   * is sent this long after the previous one came back; 0 turns heartbeats off (the first one, before
   * going live, is still sent).
   */
  heartbeatMs?: number;
  /**
   * How long a heartbeat may take before the connection counts as lost, ms (default 2000), counted in
   * time this process's event loop was free: while the loop is blocked (a long synchronous render, a
   * garbage collection, the process descheduled) the answer cannot be read, so that time does not count.
   */
  heartbeatTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface ChangeListener {
  /** True while the LISTEN is in force. */
  readonly live: boolean;
  /** Stops listening and closes the connection; reports `live = false` (if it was live), then nothing more. */
  stop(): Promise<void>;
}

/**
 * LISTENs on `channel` on a connection of its own (owner URL, one connection, no idle or lifetime
 * limit) and keeps it that way: when the connection closes, cannot be opened, or a heartbeat (a
 * `pg_notify` to itself on `channel`) is not heard back within `heartbeatTimeoutMs` of free event-loop
 * time (a heartbeat whose answer waits behind a blocked loop is late, not lost: `afterFreeLoopTime`), it reports
 * `live = false`, drops the session and opens a new one after `retryMs`, reporting `live = true` once
 * the new LISTEN is acknowledged and its first heartbeat heard. Through a transaction-mode pooler
 * (Supabase's port 6543) LISTEN is accepted but nothing is heard: the first heartbeat fails, so the
 * cache is never served from (slow, never stale); use the direct or a session-mode URL. Notifications sent while no LISTEN was in force are lost (Postgres does not queue
 * them), which is why callers must treat "not live" as "anything may have changed".
 * A postgres.js `sql.listen` is not used: after a close it re-listens once and gives up silently
 * if the database is still down, and it reports no loss of the connection.
 */
export function listenForChanges(url: string, options: ChangeListenerOptions): ChangeListener {
  const channel = options.channel ?? PUBLIC_DATA_CHANNEL;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Invalid channel name ${channel}`);
  const retryMs = options.retryMs ?? 1000;
  const heartbeatMs = options.heartbeatMs ?? 5000;
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? 2000;
  const log = options.log ?? (() => {});
  let session: Sql | null = null;
  let live = false;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setTimeout> | undefined;

  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    options.onLiveChange(value);
  };

  const drop = (s: Sql, reason: unknown) => {
    if (session !== s) return; // an older session ending late
    session = null;
    clearTimeout(heartbeat);
    if (live) log(`[cache] change notifications lost (${describe(reason)}): public answers are not served from cache until they are back`);
    setLive(false);
    s.end({ timeout: 0 }).catch(() => {});
    if (!stopped && !retry) retry = unref(setTimeout(open, retryMs));
  };

  // A heartbeat is a notification this session sends to itself: it must come back. A session that can
  // run statements but hears nothing (LISTEN through a transaction-mode pooler, whose server connection
  // changes between transactions) is not live either.
  const probeId = Math.random().toString(36).slice(2, 10);
  let probes = 0;
  const waiting = new Map<string, () => void>();
  const probe = async (s: Sql): Promise<void> => {
    const payload = `${PROBE_PREFIX}${probeId}:${++probes}`;
    let cancel = () => {};
    const heard = new Promise<void>((resolve) => waiting.set(payload, resolve));
    try {
      await Promise.race([
        Promise.all([s`select pg_notify(${channel}, ${payload})`, heard]),
        new Promise((_, reject) => {
          cancel = afterFreeLoopTime(heartbeatTimeoutMs, () => reject(new Error(`heartbeat not heard back within ${heartbeatTimeoutMs} ms`)));
        }),
      ]);
    } finally {
      cancel();
      waiting.delete(payload);
    }
  };
  // one heartbeat at a time: the next is sent `heartbeatMs` after the previous one came back
  const beat = (s: Sql) => {
    heartbeat = unref(setTimeout(async () => {
      try {
        await probe(s);
      } catch (error) {
        drop(s, error);
        return;
      }
      if (session === s && !stopped) beat(s);
    }, heartbeatMs));
  };

  const open = async () => {
    retry = undefined;
    if (stopped) return;
    // `onnotify` (every notification of the connection) is a postgres.js option its types omit
    const onnotify = (name: string, payload: string) => {
      if (name !== channel) return;
      if (payload.startsWith(PROBE_PREFIX)) waiting.get(payload)?.();
      else options.onChange(payload);
    };
    const s: Sql = postgres(url, {
      max: 1, prepare: false, idle_timeout: 0, max_lifetime: null, connect_timeout: 2, backoff: () => 0,
      fetch_types: false, onnotice: () => {},
      connection: { application_name: 'city-directory-api-listen' },
      onclose: () => drop(s, 'connection closed'),
      ...({ onnotify } as object),
    });
    session = s;
    try {
      await s.unsafe(`listen ${channel}`);
      await probe(s);
    } catch (error) {
      drop(s, error);
      return;
    }
    if (session !== s || stopped) return;
    setLive(true);
    log('[cache] listening for changes of public data');
    if (heartbeatMs > 0) beat(s);
  };

  void open();
  return {
    get live() {
      return live;
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(heartbeat);
      const s = session;
      session = null;
      setLive(false);
      await s?.end({ timeout: 1 }).catch(() => {});
    },
  };
}

/**
 * Calls `onExpire` once `ms` of time has passed in which this event loop was free, and returns a function
 * that cancels it. Time is counted by a timer ticking every `step` ms (≤ 100, ≤ ms / 10) that counts at
 * most `step` per tick: a tick that comes late because the loop was blocked (a synchronous render of
 * seconds, a long garbage collection, the process stopped or starved of CPU) counts as one step, not as
 * the time it was blocked. A socket's data that arrived meanwhile is read in the loop's next poll, and
 * Node runs due timers before polling: without this, a heartbeat answered while the loop was blocked
 * timed out first and emptied every cache. Once the count is reached, `onExpire` still waits one more
 * turn of the loop (a poll for input in between), so an answer that came during the last step is read
 * first; a caller racing its answer against `onExpire` sees the answer win.
 * Portable (no `perf_hooks`): Node and Deno. `ms` ≤ 0 expires after one turn.
 */
export function afterFreeLoopTime(ms: number, onExpire: () => void): () => void {
  const step = Math.max(1, Math.min(100, ms / 10));
  let counted = 0;
  let last = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    const now = performance.now();
    counted += Math.min(now - last, step);
    last = now;
    timer = unref(counted >= ms ? setTimeout(onExpire, 0) : setTimeout(tick, step));
  };
  timer = unref(ms > 0 ? setTimeout(tick, step) : setTimeout(onExpire, 0));
  return () => clearTimeout(timer);
}

function describe(reason: unknown): string {
  if (typeof reason === 'string') return reason;
  const e = reason as { code?: string; message?: string } | null;
  return e?.code ?? e?.message ?? String(reason);
}

/** Timers of the listener must not keep the process alive (Node; a no-op where timers are numbers). */
function unref<T>(timer: T): T {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}
