/**
 * Fail fast while the database is down, recover by itself when it is back (docs/decisions/010-database-outages.md).
 *
 * postgres.js alone would let a request wait: for a free connection behind others in its pool queue, for a
 * connection attempt, and for its reconnect back-off. The guard sits in front of every request transaction
 * (`withClaims`) and keeps one bit of state, `up` or `down`:
 *
 * - `down`: every transaction is refused at once with DatabaseUnavailableError (→ 503 `database_unavailable`,
 *   Retry-After: 1) without touching the pool, and a background probe (`select 1` on its own connection) runs
 *   every `probeIntervalMs`; its first success turns the state `up` again. No restart needed.
 * - `up`: transactions go to the pool. A connection-class error (refused, reset, terminated by an admin
 *   shutdown, connect timeout, …) or a stall — a transaction waiting `stallMs` for its connection while no
 *   other transaction made progress in that time — is only a suspicion: it triggers one probe, and only a
 *   failed probe turns the state `down`: an error, or no answer within `probeTimeoutMs` while no transaction
 *   made progress either (a frozen server; a slow probe beside completing transactions is mere overload).
 *   Then every transaction still waiting for a connection is answered at once (worst case ≈ stallMs +
 *   probeTimeoutMs).
 *
 * A transaction answered that way is abandoned: should the pool hand it a connection later, it rolls back
 * before running a statement, so a request answered 503 never writes afterwards. A transaction already
 * running when the database goes away ends with its connection (an admin shutdown closes every session).
 * Runtime-neutral (Node and Deno): timers only.
 */

/** The probe got no answer in time (as opposed to an error such as a refused connection). */
class ProbeTimeout extends Error {}

/** Thrown for transactions refused or abandoned while the database is down; classifyPgError → 'unavailable'. */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor(message = 'The database is unavailable', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

export interface DatabaseGuardOptions {
  /** Resolves when the database answers a trivial query on a connection of its own; rejects otherwise. */
  probe: () => Promise<unknown>;
  /** Closes the probe's connection: no longer needed (the database is up again) or stuck (the probe timed out). */
  releaseProbe?: () => void;
  /** Is this error a sign the database is unreachable? (classifyPgError(e) === 'unavailable' in practice) */
  isConnectionError: (error: unknown) => boolean;
  /** While up, a probe without an answer after this many ms counts as failed (the database is declared down). Default 500. */
  probeTimeoutMs?: number;
  /**
   * While down, the background probe's time limit (ms). Longer than probeTimeoutMs: nobody waits on it, and an
   * overloaded server must still be able to open a connection to notice the database is back. Default 3000.
   */
  recoveryProbeTimeoutMs?: number;
  /** Interval of the background probe while down, in ms. Default 250. */
  probeIntervalMs?: number;
  /** A transaction waiting this long for a connection with no progress anywhere triggers a probe (ms). Default 250. */
  stallMs?: number;
  /** Notified on every change of state (logs). */
  onStateChange?: (state: DatabaseState, detail: { since: number; error?: unknown }) => void;
  now?: () => number;
}

export type DatabaseState = 'up' | 'down';

/** What health checks report: the state, since when (ms since epoch), and the last connection error seen. */
export interface DatabaseStatus {
  state: DatabaseState;
  since: number;
  lastError: string | null;
}

interface Waiter {
  since: number;
  settled: boolean;
  abandon: () => void;
}

type Timer = ReturnType<typeof setTimeout>;

/** Unreferenced timers so a guard never keeps a process alive. */
function unref(timer: Timer): Timer {
  (timer as { unref?: () => void }).unref?.();
  return timer;
}

export class DatabaseGuard {
  private state: DatabaseState = 'up';
  private since: number;
  private lastError: unknown = null;
  private lastProgress: number;
  private readonly waiters = new Set<Waiter>();
  private probing: Promise<void> | null = null;
  private retryTimer: Timer | null = null;
  private stallTimer: ReturnType<typeof setInterval> | null = null;
  private closed = false;
  private readonly probeTimeoutMs: number;
  private readonly recoveryProbeTimeoutMs: number;
  private readonly probeIntervalMs: number;
  private readonly stallMs: number;
  private readonly now: () => number;

  constructor(private readonly options: DatabaseGuardOptions) {
    this.probeTimeoutMs = options.probeTimeoutMs ?? 500;
    this.recoveryProbeTimeoutMs = options.recoveryProbeTimeoutMs ?? 3000;
    this.probeIntervalMs = options.probeIntervalMs ?? 250;
    this.stallMs = options.stallMs ?? 250;
    this.now = options.now ?? Date.now;
    this.since = this.now();
    this.lastProgress = this.now();
  }

  /** The current state for health checks. */
  status(): DatabaseStatus {
    const e = this.lastError as { message?: string; code?: string } | null;
    return { state: this.state, since: this.since, lastError: e ? String(e.code ?? e.message ?? e) : null };
  }

  /**
   * Runs one transaction through the guard. `start(enter)` must open the transaction and call `enter()` first
   * thing inside it: `enter` marks the moment the pool handed over a connection and throws (→ rollback) when the
   * guard has already answered this transaction with DatabaseUnavailableError.
   * Throws DatabaseUnavailableError at once while the database is down; otherwise what `start` throws.
   */
  run<T>(start: (enter: () => void) => Promise<T>): Promise<T> {
    if (this.state === 'down') return Promise.reject(new DatabaseUnavailableError());
    return new Promise<T>((resolve, reject) => {
      const waiter: Waiter = {
        since: this.now(),
        settled: false,
        abandon: () => {
          if (waiter.settled) return;
          waiter.settled = true;
          this.waiters.delete(waiter);
          reject(new DatabaseUnavailableError('The database is unavailable (request abandoned while waiting for a connection)'));
        },
      };
      this.waiters.add(waiter);
      this.watchStalls();
      const enter = () => {
        if (waiter.settled) throw new DatabaseUnavailableError('Abandoned transaction rolled back');
        this.waiters.delete(waiter);
        this.lastProgress = this.now();
      };
      start(enter).then(
        (value) => {
          this.waiters.delete(waiter);
          this.lastProgress = this.now();
          if (waiter.settled) return;
          waiter.settled = true;
          resolve(value);
        },
        (error: unknown) => {
          this.waiters.delete(waiter);
          if (waiter.settled) return; // already answered; the late error (often our own rollback) is moot
          waiter.settled = true;
          if (this.options.isConnectionError(error)) this.suspect(error);
          reject(error);
        },
      );
    });
  }

  /** Reports a connection-class error seen outside `run` (e.g. a raw pool query); triggers a probe. */
  report(error: unknown): void {
    if (this.options.isConnectionError(error)) this.suspect(error);
  }

  /** Stops the timers (the pool is being closed). */
  close(): void {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.stallTimer) clearInterval(this.stallTimer);
    this.retryTimer = this.stallTimer = null;
    this.options.releaseProbe?.();
  }

  private suspect(error: unknown): void {
    this.lastError = error;
    if (this.state === 'up') void this.probe();
  }

  /** One probe at a time; its outcome sets the state. */
  private probe(): Promise<void> {
    if (this.probing || this.closed) return this.probing ?? Promise.resolve();
    this.probing = (async () => {
      let timer: Timer | null = null;
      const limit = this.state === 'down' ? this.recoveryProbeTimeoutMs : this.probeTimeoutMs;
      try {
        await Promise.race([
          this.options.probe(),
          new Promise((_, reject) => {
            timer = unref(setTimeout(() => reject(new ProbeTimeout(`No answer from the database within ${limit} ms`)), limit));
          }),
        ]);
        this.markUp();
      } catch (error) {
        this.lastError = error;
        if (error instanceof ProbeTimeout) this.options.releaseProbe?.(); // the next probe starts on a fresh connection
        // A slow probe while transactions still complete is an overloaded server, not a dead one: only a
        // refusal, or silence with no progress anywhere during the probe (a frozen server), means down.
        if (error instanceof ProbeTimeout && this.state === 'up' && this.now() - this.lastProgress < limit) return;
        this.markDown(error);
      } finally {
        if (timer) clearTimeout(timer);
        this.probing = null;
      }
    })();
    return this.probing;
  }

  private markDown(error: unknown): void {
    if (this.closed) return;
    if (this.state === 'up') {
      this.state = 'down';
      this.since = this.now();
      this.options.onStateChange?.('down', { since: this.since, error });
    }
    for (const waiter of [...this.waiters]) waiter.abandon();
    if (this.stallTimer) clearInterval(this.stallTimer);
    this.stallTimer = null;
    if (!this.retryTimer) {
      this.retryTimer = unref(setTimeout(() => {
        this.retryTimer = null;
        void this.probe();
      }, this.probeIntervalMs));
    }
  }

  private markUp(): void {
    this.lastProgress = this.now();
    if (this.state === 'down') {
      this.state = 'up';
      this.since = this.now();
      this.options.onStateChange?.('up', { since: this.since });
      this.options.releaseProbe?.();
    }
  }

  /** While transactions wait for a connection, checks every 50 ms whether they are stuck with no progress anywhere. */
  private watchStalls(): void {
    if (this.stallTimer || this.closed) return;
    let lastTick = this.now();
    this.stallTimer = setInterval(() => {
      if (this.waiters.size === 0) {
        clearInterval(this.stallTimer!);
        this.stallTimer = null;
        return;
      }
      const now = this.now();
      // a late tick means this process was busy (event-loop lag): the answers it has not read yet are not a stall
      const late = now - lastTick > 150;
      lastTick = now;
      if (late) return;
      let oldest = Infinity;
      for (const w of this.waiters) oldest = Math.min(oldest, w.since);
      if (now - oldest >= this.stallMs && now - this.lastProgress >= this.stallMs) {
        this.suspect(new DatabaseUnavailableError(`No database progress for ${now - this.lastProgress} ms`));
      }
    }, 50);
    unref(this.stallTimer as Timer);
  }
}
