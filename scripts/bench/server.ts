import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../tests/helpers/free-port.ts';

/** A TCP port that is free on 127.0.0.1 right now (the OS picks it): the tests' helper. */
export { freePort };

/** The repository root (scripts run from anywhere). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


export interface Server { child: ChildProcess; startupMs: number; output: string[] }

/**
 * Starts the embedded stack (`src/server/node.ts`, NODE_ENV=production, serving dist/ when built)
 * as a child process on `dataDir` with Postgres on `pgPort` and HTTP on `port` (dev mailbox on two
 * more free ports), and waits until `/api/public/categories` answers 200. `startupMs` is spawn →
 * that first 200. DATABASE_URL is never passed on: always the given embedded database. Throws
 * with the child's output when it exits or is not up after `timeoutMs`.
 */
export async function startServer(dataDir: string, pgPort: number, port: number, timeoutMs = 180_000): Promise<Server> {
  const output: string[] = [];
  const started = performance.now();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env, NODE_ENV: 'production', PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir,
    MAILDEV_SMTP_PORT: String(await freePort()), MAILDEV_WEB_PORT: String(await freePort()),
    ADMIN_EMAIL: 'bench-admin@example.test', ADMIN_PASSWORD: 'bench-admin-password-1',
  };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/node.ts'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // the last 200 chunks only: under load the server logs a line per request
  const keep = (d: unknown) => {
    output.push(String(d));
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  child.on('exit', () => (exited = true));
  while (!exited) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/public/categories`);
      if (res.status === 200) return { child, startupMs: Math.round(performance.now() - started), output };
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) break;
    await sleep(25);
  }
  child.kill('SIGTERM');
  throw new Error(`Server did not start:\n${output.join('')}`);
}

/** SIGTERM (the server stops HTTP, pool and Postgres cleanly), SIGKILL after 15 s. */
export async function stopServer(server: Server) {
  if (server.child.exitCode !== null) return;
  const done = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await Promise.race([done, sleep(15_000)]);
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
}

/** The p-th percentile (nearest rank) of an ascending list; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
