import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../../src/server/stack.ts';
import { freePort } from '../helpers/free-port.ts';

/**
 * `npm run db:backup` / `npm run db:restore` end to end on the embedded stack (tsx scripts/db-*.ts with DATA_DIR and
 * EMBEDDED_PG_PORT): a backup while the database runs (the app's situation), a restore refused while it runs, and,
 * once stopped, a restore that starts the database itself and brings back the rows and the uploaded file; a second
 * DATA_DIR, empty, restored from the same backup, holds the same rows.
 */
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
let dir: string;
let port: number;
let stack: Stack | null = null;

function run(script: string, args: string[], dataDir = path.join(dir, 'data')): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(tsx, [script, ...args], { cwd: root, env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'city-directory-backup-cli-'));
  chmodSync(dir, 0o755);
  port = await freePort();
  stack = await startStack({ dataDir: path.join(dir, 'data'), embeddedPort: port, dataset: null });
  await stack.sql`insert into public.categories (slug, name) values ('cli-backup', 'CLI backup')`;
  mkdirSync(path.join(dir, 'data', 'uploads', 'categories'), { recursive: true });
  writeFileSync(path.join(dir, 'data', 'uploads', 'categories', 'icon.png'), 'icon bytes');
}, 180_000);

afterAll(async () => {
  await stack?.stop().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('npm run db:backup / db:restore', () => {
  it('backs up a running database, refuses to restore while it runs, restores once it is stopped, and into an empty DATA_DIR', async () => {
    const backup = await run('scripts/db-backup.ts', []);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/Backing up the running embedded database/);
    const [folderName] = readdirSync(path.join(dir, 'data', 'backups'));
    expect(folderName).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    const folder = path.join(dir, 'data', 'backups', folderName!);
    expect(readFileSync(path.join(folder, 'uploads', 'categories', 'icon.png'), 'utf8')).toBe('icon bytes');
    expect(backup.stdout).toMatch(/1 uploaded files/);

    await stack!.sql`delete from public.categories where slug = 'cli-backup'`;
    rmSync(path.join(dir, 'data', 'uploads'), { recursive: true });

    const refused = await run('scripts/db-restore.ts', [folder]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is running — is `npm start` running\? Stop it/);
    const usage = await run('scripts/db-restore.ts', []);
    expect(usage.code).toBe(2);

    await stack!.stop();
    stack = null;
    const restored = await run('scripts/db-restore.ts', [folder]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/every checksum matched/);
    expect(readFileSync(path.join(dir, 'data', 'uploads', 'categories', 'icon.png'), 'utf8')).toBe('icon bytes');

    const fresh = path.join(dir, 'fresh');
    const intoEmpty = await run('scripts/db-restore.ts', [folder], fresh);
    expect(intoEmpty.code, intoEmpty.stderr).toBe(0);
    expect(intoEmpty.stdout).toMatch(/Empty database: applying the bootstrap and migrations first/);
    expect(existsSync(path.join(fresh, 'uploads', 'categories', 'icon.png'))).toBe(true);

    for (const dataDir of [path.join(dir, 'data'), fresh]) {
      const s = await startStack({ dataDir, embeddedPort: port, dataset: null });
      try {
        const rows = await s.sql<{ slug: string }[]>`select slug from public.categories where slug = 'cli-backup'`;
        expect(rows).toHaveLength(1);
      } finally {
        await s.stop();
      }
    }
  }, 300_000);
});
