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
  /** How often the connection is checked with `select 1`, ms (default 5000); 0 turns checks off. */
  heartbeatMs?: number;
  /** How long a heartbeat may take before the connection counts as lost, ms (default 2000). */
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
 * `pg_notify` to itself on `channel`) is not heard back within `heartbeatTimeoutMs`, it reports
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
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    options.onLiveChange(value);
  };

  const drop = (s: Sql, reason: unknown) => {
    if (session !== s) return; // an older session ending late
    session = null;
    clearInterval(heartbeat);
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
    let timer: ReturnType<typeof setTimeout> | undefined;
    const heard = new Promise<void>((resolve) => waiting.set(payload, resolve));
    try {
      await Promise.race([
        Promise.all([s`select pg_notify(${channel}, ${payload})`, heard]),
        new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`heartbeat not heard back within ${heartbeatTimeoutMs} ms`)), heartbeatTimeoutMs); }),
      ]);
    } finally {
      clearTimeout(timer);
      waiting.delete(payload);
    }
  };
  const check = async (s: Sql) => {
    try {
      await probe(s);
    } catch (error) {
      drop(s, error);
    }
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
    if (heartbeatMs > 0) heartbeat = unref(setInterval(() => void check(s), heartbeatMs));
  };

  void open();
  return {
    get live() {
      return live;
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const s = session;
      session = null;
      setLive(false);
      await s?.end({ timeout: 1 }).catch(() => {});
    },
  };
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
