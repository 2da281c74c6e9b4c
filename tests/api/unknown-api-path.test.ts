import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { freePort } from '../helpers/free-port.ts';

/**
 * Unknown paths under /api answer 404 `route_not_found` JSON for every method on the real embedded
 * server (`tsx src/server/node.ts` on the run's database), where the API is mounted beside the SPA and
 * static files: neither the SPA's HTML nor a plain-text 404 may answer an API client.
 */
const root = path.resolve(import.meta.dirname, '../..');
let dir: string | undefined;
let child: ChildProcess | undefined;
let base = '';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'city-directory-api404-'));
  chmodSync(dir, 0o755);
  const [port, smtpPort, webPort] = [await freePort(), await freePort(), await freePort()];
  child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/server/node.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test',
      PORT: String(port), DATABASE_URL: inject('databaseUrl'), DATA_DIR: dir,
      MAILDEV_SMTP_PORT: String(smtpPort), MAILDEV_WEB_PORT: String(webPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: tsx runs the server as a child of its own, which a kill of tsx leaves running
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const started = Date.now();
  while (!/running at http:\/\/localhost:\d+/.test(output)) {
    if (child.exitCode !== null || Date.now() - started > 100_000) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  base = `http://127.0.0.1:${port}`;
});

afterAll(() => {
  if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL'); // the group: tsx and the server
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('unknown /api paths on the embedded server', () => {
  const paths = ['/api/no-such-endpoint', '/api/public/places/some-slug/nothing-here', '/api/public/categories', '/api'];
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    it(`${method}: 404 route_not_found JSON in the request's language`, async () => {
      for (const p of paths) {
        if (method === 'GET' && p === '/api/public/categories') continue; // a real endpoint
        const body = method === 'GET' ? undefined : '{}';
        const res = await fetch(`${base}${p}`, { method, body, headers: { 'Content-Type': 'application/json', 'Accept-Language': 'ar' } });
        expect(res.status, `${method} ${p}`).toBe(404);
        expect(res.headers.get('content-type'), `${method} ${p}`).toMatch(/^application\/json/);
        const json = (await res.json()) as { success: boolean; error: { code: string; message: string } };
        expect(json).toEqual({ success: false, error: { code: 'route_not_found', message: 'لا توجد نقطة نهاية بهذا المسار.' } });
        expect(res.headers.get('x-request-id')).toBeTruthy();
      }
    });
  }

  it('a real endpoint and the SPA beside it still answer', async () => {
    expect((await fetch(`${base}/api/public/categories`)).status).toBe(200);
    const page = await fetch(`${base}/places`);
    expect(page.headers.get('content-type')).not.toMatch(/json/);
  });
});
