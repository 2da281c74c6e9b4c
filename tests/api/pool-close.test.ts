import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createSql } from '../../src/server/db/client.ts';

/**
 * Closing a pool must never crash the process (issue #28: `npm run bench` and the server's shutdown died on an
 * unhandled `CONNECTION_DESTROYED` from postgres.js, decisions 041 and 050).
 *
 * The cause: a new postgres.js connection first asks Postgres for its array types (`fetch_types`, on by default)
 * in a promise nobody listens to (upstream issues #279, #1192, #1205, #1223). A pool ended with a timeout
 * (`sql.end({ timeout })`: the bench's direct-SQL pool, the server's pool at shutdown, the outage guard's probe
 * pool released after a slow probe) destroys that connection, and the rejected types query became an unhandled
 * rejection — exit 1. The pool here connects through a TCP relay that holds back Postgres's answer to that
 * types query, so the pool is closed exactly while it is in flight.
 */
interface Relay { url: string; typesQuerySeen: Promise<void>; close(): Promise<void> }

async function relayHoldingTypes(databaseUrl: string): Promise<Relay> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  let seen = () => {};
  const typesQuerySeen = new Promise<void>((resolve) => (seen = resolve));
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    let holding = false;
    client.on('data', (chunk) => {
      upstream.write(chunk);
      if (chunk.includes('pg_catalog.pg_type')) {
        holding = true;
        seen();
      }
    });
    upstream.on('data', (chunk) => {
      if (!holding) client.write(chunk);
    });
    const end = () => { client.destroy(); upstream.destroy(); };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    typesQuerySeen,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let relay: Relay;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  relay = await relayHoldingTypes(inject('databaseUrl'));
  process.on('unhandledRejection', onUnhandled);
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await relay.close();
});

describe('closing a pool', () => {
  it('while a new connection fetches its array types: its query fails, and nothing is left unhandled', async () => {
    const sql = createSql(relay.url, { max: 1, log: () => {} });
    const query = sql`select 1 as one`.then(() => 'answered', (error: { code?: string }) => error.code ?? String(error));
    await relay.typesQuerySeen;
    await sql.end({ timeout: 0 });
    expect(await query).toBe('CONNECTION_DESTROYED');
    // an unhandled rejection is reported after the microtasks of the turn that rejected it
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(unhandled.map((e) => String((e as { code?: string }).code ?? e))).toEqual([]);
  });
});
