import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listenForChanges, type ChangeListener } from '../../src/server/db/change-listener.ts';
import { parseChangePayload } from '../../src/server/http/cache-tags.ts';
import type { ApiApp } from '../../src/server/http/app-deps.ts';
import { createPublicCaches } from '../../src/server/public-caches.ts';
import type { ResponseCache } from '../../src/server/http/response-cache.ts';
import { testApp } from '../helpers/api.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * The change listener's liveness (decisions 011 and 042): a lost LISTEN connection empties the whole
 * response cache, so only a connection that is really gone may count as lost — not a heartbeat whose
 * answer waited behind a busy event loop (a long synchronous render, a garbage collection).
 *
 * The listener connects through a TCP relay in this process, which lets a test block the event loop
 * at the exact moment a heartbeat has been sent (so its answer arrives while the loop is blocked) or
 * swallow Postgres's answers (a connection that is open but dead).
 */
let db: ScratchDatabase;

const until = async (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 8000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Blocks this process's event loop for `ms` (what a long synchronous render does). */
const busyWait = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) { /* busy */ }
};

interface Relay {
  url: string;
  /** Called with each chunk the client sends, after it is forwarded to Postgres. */
  onClientData: ((chunk: Buffer) => void) | null;
  /** While true, what Postgres sends is dropped (an open connection that hears nothing). */
  swallow: boolean;
  close(): Promise<void>;
}

/** A TCP relay to the database's Postgres on a free port; `url` is the database URL through it. */
async function relay(databaseUrl: string): Promise<Relay> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const r: Relay = { url: '', onClientData: null, swallow: false, close: async () => {} };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      upstream.write(chunk);
      r.onClientData?.(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!r.swallow) client.write(chunk);
    });
    const end = () => { client.destroy(); upstream.destroy(); };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  r.url = url.toString();
  r.close = () => {
    for (const s of sockets) s.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return r;
}

let proxy: Relay;
let cache: ResponseCache;
let listener: ChangeListener;
let app: ApiApp;
const liveChanges: boolean[] = [];

async function get(path: string) {
  const res = await app.request(`/api${path}`);
  await res.arrayBuffer();
  return res.headers.get('X-Cache');
}

beforeAll(async () => {
  db = await createScratchDatabase();
  await db.sql`insert into public.zones (slug, title) values ('olaya', 'Olaya')`;
  proxy = await relay(db.url);
  // a fixed clock: entries are not dropped for being computed in an earlier minute (this file is about the listener)
  ({ responseCache: cache } = createPublicCaches({ maxEntries: 100, maxBytes: 1 << 20, now: () => 0 }));
  listener = listenForChanges(proxy.url, {
    onChange: (payload) => cache.invalidate(parseChangePayload(payload)),
    onLiveChange: (live) => {
      liveChanges.push(live);
      cache.setLive(live);
    },
    retryMs: 100,
    // a heartbeat every 50 ms, each allowed the production default of 2 s of free event-loop time
    heartbeatMs: 50,
  });
  app = testApp(db.sql, { responseCache: cache });
  await until('the LISTEN', () => cache.live);
}, 60_000);

afterEach(() => {
  proxy.onClientData = null;
  proxy.swallow = false;
});

afterAll(async () => {
  await listener?.stop();
  await proxy?.close();
  await db?.drop();
});

describe('change listener liveness', () => {
  it('a heartbeat answered while the event loop is blocked for 3 s is late, not lost: the cache is not emptied', async () => {
    await get('/public/zones');
    expect(await get('/public/zones')).toBe('hit');
    const before = { live: liveChanges.length, invalidations: cache.stats().invalidations };
    // the next heartbeat is sent; its answer reaches the socket at once, but the loop is blocked 3 s (> the 2 s timeout)
    let blocked = 0;
    proxy.onClientData = (chunk) => {
      if (blocked < 2 && chunk.includes('heartbeat:')) {
        blocked++;
        busyWait(3000);
      }
    };
    await until('two heartbeats sent into a blocked loop', () => blocked === 2, 15_000);
    // and the ones after them come back
    let sent = 0;
    proxy.onClientData = (chunk) => { if (chunk.includes('heartbeat:')) sent++; };
    await until('two more heartbeats', () => sent >= 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(cache.live).toBe(true);
    expect(liveChanges.length).toBe(before.live);
    expect(cache.stats().invalidations).toBe(before.invalidations);
    expect(await get('/public/zones')).toBe('hit');
  }, 30_000);

  it('an open connection that no longer answers is lost within the timeout: the cache is emptied, then refilled once it is back', async () => {
    await get('/public/zones');
    expect(await get('/public/zones')).toBe('hit');
    proxy.swallow = true;
    const t = performance.now();
    await until('the loss to be noticed', () => !cache.live);
    // the loss: the next heartbeat (≤ 50 ms) plus 2 s of free loop time, with a margin for a loaded machine
    expect(performance.now() - t).toBeLessThan(5000);
    expect(cache.stats().entries).toBe(0);
    expect(await get('/public/zones')).toBe('bypass');
    proxy.swallow = false;
    await until('the LISTEN to come back', () => cache.live);
    expect(liveChanges.slice(-2)).toEqual([false, true]);
    expect(await get('/public/zones')).toBe('miss');
    expect(await get('/public/zones')).toBe('hit');
  }, 30_000);

  it('a listener connection killed in Postgres is lost at once: the cache is emptied and the listener reconnects', async () => {
    await get('/public/zones');
    expect(await get('/public/zones')).toBe('hit');
    const losses = liveChanges.filter((x) => !x).length;
    const dbName = new URL(db.url).pathname.slice(1);
    const killed = await db.sql`select pg_terminate_backend(pid) from pg_stat_activity
                                where application_name = 'city-directory-api-listen' and datname = ${dbName}`;
    expect(killed.length).toBe(1);
    await until('the loss to be noticed', () => liveChanges.filter((x) => !x).length > losses);
    expect(cache.stats().entries).toBe(0);
    await until('the LISTEN to come back', () => cache.live);
    expect(liveChanges.slice(-2)).toEqual([false, true]);
    // a new session listens: notifications flow again
    expect(await get('/public/zones')).toBe('miss');
    expect(await get('/public/zones')).toBe('hit');
    await db.sql`update public.zones set title = 'Olaya North' where slug = 'olaya'`;
    await until('the notification', async () => (await get('/public/zones')) === 'miss');
  }, 30_000);
});
