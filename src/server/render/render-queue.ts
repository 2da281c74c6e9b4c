import { AsyncResource } from 'node:async_hooks';

/**
 * Raised (as a rejection of `RenderQueue.run`) when a render waited in the queue longer than the queue's limit, or
 * its request was given up (the client went away) while it waited: the render was never started.
 */
export class RenderQueueTimeout extends Error {
  /**
   * @param waitedMs how long the render waited before it was given up, in ms
   * @param reason `timeout`: past the queue's `maxWaitMs`; `aborted`: the request's signal aborted first
   */
  constructor(readonly waitedMs: number, readonly reason: 'timeout' | 'aborted') {
    super(reason === 'timeout'
      ? `server rendering: waited ${Math.round(waitedMs)} ms for a free renderer (busy)`
      : 'server rendering: the request was given up while it waited for a free renderer');
    this.name = 'RenderQueueTimeout';
  }
}

export interface RenderQueueOptions {
  /** Renders that run at once (≥ 1); the others wait, first come first served. */
  concurrency: number;
  /** Longest wait for a free renderer, in ms; a render still waiting then is rejected with `RenderQueueTimeout`. */
  maxWaitMs: number;
}

interface Waiter {
  start: () => void;
  fail: (error: RenderQueueTimeout) => void;
}

/**
 * Admission of server renders (decision 061). A render is CPU work on the one event loop: 50 started at once share
 * the processor, so each takes ~50 × its own time, and the page data's 5 s deadline (`queryTimeoutMs` of
 * src/entry-server.tsx) is reached by all of them at once. Here at most `concurrency` renders run at once (a few, so
 * one render's wait for Postgres is filled by another's CPU work); the rest wait in arrival order, each at most
 * `maxWaitMs`, and the time a render takes is again its own (plus the few it runs beside). Throughput is the same,
 * latency is bounded per page and the first requests are answered first.
 *
 * A waiting render is given up — rejected with `RenderQueueTimeout`, never started — when it has waited `maxWaitMs`
 * or when `signal` aborts (the client closed the connection: nobody would read the page).
 * A started task runs in the async context of the `run` call that queued it (AsyncLocalStorage stores stay its own).
 */
export class RenderQueue {
  readonly #concurrency: number;
  readonly #maxWaitMs: number;
  #running = 0;
  /** Waiting renders in arrival order (a Set keeps insertion order and removes in O(1)). */
  readonly #waiting = new Set<Waiter>();
  /** A start of the waiting renders is scheduled for the event loop's next turn (`#scheduleNext`). */
  #nextScheduled = false;

  constructor(options: RenderQueueOptions) {
    if (!(Number.isInteger(options.concurrency) && options.concurrency >= 1)) throw new Error('RenderQueue: concurrency must be an integer ≥ 1');
    if (!(options.maxWaitMs >= 0)) throw new Error('RenderQueue: maxWaitMs must be ≥ 0');
    this.#concurrency = options.concurrency;
    this.#maxWaitMs = options.maxWaitMs;
  }

  /** Renders running now and renders waiting for a free renderer. */
  get stats(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.size };
  }

  /**
   * Runs `task` when fewer than `concurrency` tasks run (at once when none wait), and settles as it does. Rejects
   * with `RenderQueueTimeout` (without running it) after `maxWaitMs` in the queue or when `signal` aborts first.
   */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(new RenderQueueTimeout(0, 'aborted'));
    if (this.#running < this.#concurrency && this.#waiting.size === 0) return this.#start(task);
    const bound = AsyncResource.bind(task);
    const queued = performance.now();
    return new Promise<T>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.#waiting.delete(waiter);
      };
      const waiter: Waiter = {
        start: () => {
          done();
          this.#start(bound).then(resolve, reject);
        },
        fail: (error) => {
          done();
          reject(error);
        },
      };
      const onAbort = () => waiter.fail(new RenderQueueTimeout(performance.now() - queued, 'aborted'));
      const timer = setTimeout(() => waiter.fail(new RenderQueueTimeout(performance.now() - queued, 'timeout')), this.#maxWaitMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.add(waiter);
    });
  }

  #start<T>(task: () => Promise<T>): Promise<T> {
    this.#running++;
    let work: Promise<T>;
    try {
      work = Promise.resolve(task());
    } catch (error) {
      work = Promise.reject(error as Error);
    }
    const release = () => {
      this.#running--;
      this.#scheduleNext();
    };
    work.then(release, release);
    return work;
  }

  /**
   * Starts the waiting renders on the event loop's next turn, not in the finished render's promise callbacks: a render
   * whose data is already in memory never waits for I/O, so renders started back to back from each other's callbacks
   * would hold the loop for the whole queue (seen: a 0.2 ms robots.txt waiting 0.5–5 s while pages were rendered).
   * New requests, API calls and answers that arrived meanwhile are handled first; the order stays first come first served.
   */
  #scheduleNext() {
    if (this.#nextScheduled || this.#waiting.size === 0) return;
    this.#nextScheduled = true;
    setImmediate(() => {
      this.#nextScheduled = false;
      this.#next();
    });
  }

  #next() {
    while (this.#running < this.#concurrency) {
      const first = this.#waiting.values().next();
      if (first.done) return;
      first.value.start();
    }
  }
}
