import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

/** `npm run db:import -- <file>` end to end (tsx scripts/db-import.ts), against a scratch database via DATABASE_URL. */
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const tag = randomUUID().slice(0, 8);
let db: ScratchDatabase;
let dir: string;

function runImport(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(tsx, ['scripts/db-import.ts', ...args], { cwd: root, env: { ...process.env, DATABASE_URL: db.url } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

function writeFile(name: string, content: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const directory = () => ({
  categories: [{ name: `CLI category ${tag}`, nameAr: 'فئة', slug: `cli-category-${tag}` }],
  zones: [{ title: `CLI zone ${tag}`, slug: `cli-zone-${tag}` }],
  buildings: [],
  places: [
    { name: `CLI place ${tag}`, categorySlug: `cli-category-${tag}`, zoneSlug: `cli-zone-${tag}` },
    { name: `CLI place ${tag}`, categorySlug: `cli-category-${tag}` },
  ],
});

async function placeCount(): Promise<number> {
  const [r] = await db.sql`select count(*)::int as n from public.places`;
  return r.n;
}

beforeAll(async () => {
  db = await createScratchDatabase();
  dir = mkdtempSync(path.join(tmpdir(), 'db-import-'));
}, 120_000);
afterAll(async () => {
  await db.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run db:import', () => {
  it('imports a file and prints per-list counts; a second run adds nothing', async () => {
    const file = writeFile('ok.json', directory());
    const first = await runImport([file]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/into DATABASE_URL/);
    expect(first.stdout).toMatch(/categories\s+1 in file; table 0 → 1 \(\+1 new\)/);
    expect(first.stdout).toMatch(/places\s+2 in file; table 0 → 2 \(\+2 new\)/);
    const slugs = await db.sql`select slug from public.places order by slug`;
    expect(slugs.map((r) => r.slug)).toEqual([`cli-place-${tag}`, `cli-place-${tag}-2`]);

    const second = await runImport([file]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/places\s+2 in file; table 2 → 2 \(\+0 new\)/);
  }, 60_000);

  it('exits 1 naming the malformed record, and writes nothing', async () => {
    const bad = directory() as ReturnType<typeof directory> & { places: Record<string, unknown>[] };
    bad.categories.push({ name: `Another ${tag}`, nameAr: 'أخرى', slug: `cli-another-${tag}` });
    bad.places[1].website = 'ftp://example.com';
    const before = await placeCount();
    const result = await runImport([writeFile('bad.json', bad)]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/nothing written/);
    expect(result.stderr).toMatch(/places\[1\]: website: URL must start with http/);
    expect(result.stderr).toMatch(/1 malformed record/);
    expect(await placeCount()).toBe(before);
    const [r] = await db.sql`select count(*)::int as n from public.categories where slug = ${`cli-another-${tag}`}`;
    expect(r.n).toBe(0);
  }, 60_000);

  it('--dry-run prints what would be inserted, updated and left alone with every slug collision, and writes nothing', async () => {
    const file = directory() as ReturnType<typeof directory> & { categories: Record<string, unknown>[]; places: Record<string, unknown>[] };
    file.categories.push({ name: `Other CLI category ${tag}`, nameAr: 'فئة أخرى', slug: `cli-other-${tag}` });
    // first in the file, so it wants the slug the existing place holds; same name but another
    // category: not the same place, so it gets another slug (the others keep theirs by identity)
    file.places.unshift({ name: `CLI place ${tag}`, categorySlug: `cli-other-${tag}`, lat: 24.7, lng: 46.7 });
    const before = await placeCount();
    const result = await runImport([writeFile('dry.json', file), '--dry-run']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Dry run of .*dry\.json .*nothing written/);
    expect(result.stdout).toMatch(/categories\s+2 in file: would insert 1, update 0, leave 1 alone/);
    expect(result.stdout).toMatch(/places\s+3 in file: would insert 1, update 0, leave 2 alone/);
    expect(result.stdout).toContain('Slug collisions resolved (1)');
    expect(result.stdout).toContain(`places[0] "CLI place ${tag}": cli-place-${tag} → cli-place-${tag}-4`);
    expect(await placeCount()).toBe(before);
    const [r] = await db.sql`select count(*)::int as n from public.categories where slug = ${`cli-other-${tag}`}`;
    expect(r.n).toBe(0);
  }, 60_000);

  it('exits 1 on a file that is not JSON, 2 without a file argument', async () => {
    const notJson = await runImport([writeFile('broken.json', '{"categories": [')]);
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toMatch(/Cannot read .*broken\.json/);
    const usage = await runImport([]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Usage: npm run db:import -- <file\.json> \[--dry-run\]/);
  }, 60_000);
});
