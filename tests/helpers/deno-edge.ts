import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

/**
 * Runs the Supabase Edge Function entry (supabase/functions/api/index.ts) under real Deno (the
 * `deno` npm package), fully offline: `npm:` specifiers of deno.json resolve from the project's
 * node_modules (`--node-modules-dir=manual`), nothing remote is fetched (`--no-remote`,
 * `--cached-only`) and the Deno cache starts empty (one DENO_DIR per test file).
 */
export const root = path.resolve(import.meta.dirname, '../..');
export const deno = path.join(root, 'node_modules/.bin/deno');
export const EDGE_ENTRY = 'supabase/functions/api/index.ts';
export const EDGE_CONFIG = 'supabase/functions/api/deno.json';
export const offlineFlags = ['--config', EDGE_CONFIG, '--node-modules-dir=manual', '--no-remote', '--cached-only'];

/** A fresh DENO_DIR; `dispose()` removes it. */
export function denoCacheDir(): { dir: string; dispose(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'city-directory-deno-'));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

export function denoEnv(denoDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', ...extra };
}

/** Runs `deno <args>` and resolves with its exit code and output. */
export function runDeno(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(deno, args, { cwd: root, env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

export interface EdgeFunction {
  url: string;
  /** Everything the function printed so far (its JSON log lines). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs the entry with `deno run` on a free port; resolves once it listens. Network: loopback, plus
 * `allowNet` hosts (e.g. `kong:8000`, reached through `HTTP_PROXY` in the `supabase start` shape).
 */
export async function startEdgeFunction(denoDir: string, env: Record<string, string>, options: { allowNet?: string[] } = {}): Promise<EdgeFunction> {
  const port = await freePort();
  const allowNet = ['127.0.0.1', ...(options.allowNet ?? [])].join(',');
  const child: ChildProcess = spawn(
    deno,
    ['run', ...offlineFlags, '--no-prompt', '--allow-env', `--allow-net=${allowNet}`, EDGE_ENTRY],
    { cwd: root, env: denoEnv(denoDir, { ...env, PORT: String(port) }) },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`deno did not start:\n${output}`)), 90_000);
    const onData = () => {
      if (output.includes('api listening on')) { clearTimeout(timer); resolve(); }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`deno exited with ${code}:\n${output}`)); });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A forward HTTP proxy that stands in for a Docker network's names: a request for
 * `http://<host>/…` whose host is in `routes` goes to that route's origin (e.g. `kong:8000` → the
 * fake Auth). Deno's fetch uses it through HTTP_PROXY, so the function runs with the very
 * SUPABASE_URL the Supabase CLI gives it. Other hosts answer 502.
 */
export async function startNameProxy(routes: Record<string, string>): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const target = req.url ? new URL(req.url) : undefined;
    const origin = target ? routes[target.host] : undefined;
    if (!target || !origin) { res.writeHead(502).end(`no route for ${req.url}`); return; }
    const upstream = new URL(target.pathname + target.search, origin);
    const forward = httpRequest(upstream, { method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', (error) => res.writeHead(502).end(String(error)));
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
