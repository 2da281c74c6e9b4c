import { describe, expect, it } from 'vitest';
import { DatabaseGuard, DatabaseUnavailableError } from './outage-guard.ts';

/**
 * The guard's rules with a scripted database: a frozen server (connections never handed over, probe
 * never answering) is detected within stallMs + probeTimeoutMs; a connection error alone does not close
 * the door when the probe succeeds; while down nothing reaches the pool; a request answered 503 never
 * runs afterwards; the first good probe opens the door again. (The real outage: tests/api/db-outage.test.ts.)
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const connectionError = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

function scripted(options: { probe: () => Promise<unknown> }) {
  return new DatabaseGuard({
    probe: options.probe,
    isConnectionError: (e) => (e as { code?: string })?.code === 'ECONNREFUSED',
    probeTimeoutMs: 150,
    probeIntervalMs: 50,
    stallMs: 100,
  });
}

describe('DatabaseGuard', () => {
  it('answers transactions stuck waiting on a frozen database within stallMs + probeTimeoutMs, and the abandoned work never runs', async () => {
    let release: (() => void) | null = null;
    const guard = scripted({ probe: () => new Promise(() => {}) });
    let ran = false;
    const started = performance.now();
    const waiting = guard.run(async (enter) => {
      await new Promise<void>((resolve) => (release = resolve)); // the pool never hands over a connection…
      enter(); // …until much later: then the transaction must roll back
      ran = true;
    });
    const error = await waiting.then(() => null, (e: unknown) => e);
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(elapsed).toBeLessThan(100 + 150 + 200);
    expect(guard.status().state).toBe('down');
    release!();
    await sleep(10);
    expect(ran).toBe(false);
    guard.close();
  });

  it('fails fast while down without calling the pool, and recovers on the first good probe', async () => {
    let healthy = false;
    let probes = 0;
    const guard = scripted({ probe: async () => { probes++; if (!healthy) throw connectionError; } });
    await expect(guard.run(async () => { throw connectionError; })).rejects.toBe(connectionError);
    await sleep(20);
    expect(guard.status()).toMatchObject({ state: 'down', lastError: 'ECONNREFUSED' });
    let calls = 0;
    for (let i = 0; i < 20; i++) {
      await expect(guard.run(async () => { calls++; })).rejects.toBeInstanceOf(DatabaseUnavailableError);
    }
    expect(calls).toBe(0);
    healthy = true;
    await sleep(120);
    expect(guard.status().state).toBe('up');
    expect(probes).toBeGreaterThanOrEqual(2);
    await expect(guard.run(async (enter) => { enter(); return 42; })).resolves.toBe(42);
    guard.close();
  });

  it('a connection error with a healthy probe stays up (one dropped connection is not an outage)', async () => {
    const guard = scripted({ probe: async () => {} });
    await expect(guard.run(async () => { throw connectionError; })).rejects.toBe(connectionError);
    await sleep(20);
    expect(guard.status().state).toBe('up');
    await expect(guard.run(async (enter) => { enter(); return 'ok'; })).resolves.toBe('ok');
    guard.close();
  });

  it('a slow probe while transactions still complete is overload, not an outage', async () => {
    const guard = scripted({ probe: () => new Promise(() => {}) }); // the probe never answers
    // a connection error triggers a probe; meanwhile transactions keep completing every 20 ms
    await expect(guard.run(async () => { throw connectionError; })).rejects.toBe(connectionError);
    const until = performance.now() + 400;
    let completed = 0;
    while (performance.now() < until) {
      await guard.run(async (enter) => { enter(); await sleep(20); });
      completed++;
    }
    expect(completed).toBeGreaterThan(5);
    expect(guard.status().state).toBe('up');
    guard.close();
  });

  it('a busy database (slow but progressing) is not an outage: no probe while transactions complete', async () => {
    let probes = 0;
    const guard = scripted({ probe: async () => { probes++; } });
    // 40 transactions through a "pool" of 2, each 30 ms: the last waits ~600 ms, but progress never stops
    let free = 2;
    const queue: (() => void)[] = [];
    const acquire = () => (free > 0 ? (free--, Promise.resolve()) : new Promise<void>((resolve) => queue.push(resolve)));
    const releaseOne = () => (queue.length ? queue.shift()!() : free++);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => guard.run(async (enter) => {
      await acquire();
      enter();
      await sleep(30);
      releaseOne();
      return i;
    })));
    expect(results).toHaveLength(40);
    expect(probes).toBe(0);
    expect(guard.status().state).toBe('up');
    guard.close();
  });
});
