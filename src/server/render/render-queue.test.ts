import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { RenderQueue, RenderQueueTimeout } from './render-queue.ts';

/** A task that runs until `release()` is called; `started` says whether the queue started it. */
function gated<T>(value: T) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const task = { started: false, release, run: async () => {
    task.started = true;
    await gate;
    return value;
  } };
  return task;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('RenderQueue (decision 061)', () => {
  it('runs at most `concurrency` tasks at once and starts the waiting ones in arrival order', async () => {
    const queue = new RenderQueue({ concurrency: 2, maxWaitMs: 10_000 });
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (i: number) => async () => {
      order.push(i);
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return i * 10;
    };
    const results = await Promise.all(Array.from({ length: 9 }, (_, i) => queue.run(task(i))));
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('lets the event loop in between two renders: a waiting render starts on a later turn, not in the finished one\'s microtasks', async () => {
    // renders whose data is already in memory never wait for I/O: started from the previous one's promise callbacks,
    // a queue of them would run back to back and keep every other request (a robots.txt, an API call) waiting
    const queue = new RenderQueue({ concurrency: 1, maxWaitMs: 10_000 });
    const events: string[] = [];
    const busy = (i: number) => async () => {
      events.push(`start ${i}`);
      const until = performance.now() + 5;
      while (performance.now() < until); // CPU work, no I/O
      return i;
    };
    const runs = [0, 1, 2].map((i) => queue.run(busy(i)));
    setImmediate(() => events.push('other request'));
    await Promise.all(runs);
    expect(events.indexOf('other request')).toBeGreaterThan(events.indexOf('start 0'));
    expect(events.indexOf('other request')).toBeLessThan(events.indexOf('start 2'));
  });

  it('a task that throws or rejects frees its place and settles its own run with its error', async () => {
    const queue = new RenderQueue({ concurrency: 1, maxWaitMs: 10_000 });
    const thrown = queue.run(() => {
      throw new Error('sync');
    });
    const rejected = queue.run(() => Promise.reject(new Error('async')));
    const fine = queue.run(() => Promise.resolve('ok'));
    await expect(thrown).rejects.toThrow('sync');
    await expect(rejected).rejects.toThrow('async');
    await expect(fine).resolves.toBe('ok');
  });

  it('a task waiting past maxWaitMs is rejected with RenderQueueTimeout and never started; the others go on', async () => {
    const queue = new RenderQueue({ concurrency: 1, maxWaitMs: 40 });
    const busy = gated('first');
    const late = gated('late');
    const first = queue.run(busy.run);
    const waiting = queue.run(late.run);
    expect(queue.stats).toEqual({ running: 1, waiting: 1 });
    const error = await waiting.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(RenderQueueTimeout);
    expect((error as RenderQueueTimeout).reason).toBe('timeout');
    expect((error as RenderQueueTimeout).waitedMs).toBeGreaterThanOrEqual(35);
    expect(queue.stats).toEqual({ running: 1, waiting: 0 });
    busy.release();
    await expect(first).resolves.toBe('first');
    await tick();
    expect(late.started).toBe(false);
    // the place is free again
    await expect(queue.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('a waiting task whose signal aborts (the client went away) is dropped without running', async () => {
    const queue = new RenderQueue({ concurrency: 1, maxWaitMs: 10_000 });
    const busy = gated('busy');
    const dropped = gated('dropped');
    const after = gated('after');
    const controller = new AbortController();
    void queue.run(busy.run);
    const gone = queue.run(dropped.run, controller.signal);
    const next = queue.run(after.run);
    controller.abort();
    await expect(gone).rejects.toMatchObject({ name: 'RenderQueueTimeout', reason: 'aborted' });
    busy.release();
    await tick(); // the freed place is handed on at the loop's next turn (after this one's immediates)
    await tick();
    expect(dropped.started).toBe(false);
    expect(after.started).toBe(true);
    after.release();
    await expect(next).resolves.toBe('after');
    // an already aborted signal is refused at once
    await expect(queue.run(() => Promise.resolve(1), AbortSignal.abort())).rejects.toBeInstanceOf(RenderQueueTimeout);
  });

  it('a queued task runs in the async context of the call that queued it, not of the task that freed its place', async () => {
    const queue = new RenderQueue({ concurrency: 1, maxWaitMs: 10_000 });
    const store = new AsyncLocalStorage<string>();
    const seen = (label: string) => store.run(label, () => queue.run(async () => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      return store.getStore();
    }));
    expect(await Promise.all([seen('a'), seen('b'), seen('c')])).toEqual(['a', 'b', 'c']);
  });

  it('refuses a concurrency below 1', () => {
    expect(() => new RenderQueue({ concurrency: 0, maxWaitMs: 1 })).toThrow();
  });
});
