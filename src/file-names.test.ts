import { readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A file's name says what it holds without its folder (decision 058): no two modules of src/ and the
 * Edge Function share a name (extension aside; a folder's `index.ts` is the one exception), route
 * modules end in `-routes.ts` (their shared helpers in `-route-helpers.ts`), shared schema modules in
 * `-schemas.ts`, and the admin console's calls are one `admin-<entity>-api.ts` file per entity beside
 * its helpers (`admin-keys.ts`, `use-*.ts`).
 */

const ROOT = join(import.meta.dirname, '..');
const MODULE = /\.tsx?$/;
const TEST = /\.test\.tsx?$/;

function modules(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return MODULE.test(entry.name) && !TEST.test(entry.name) ? [path] : [];
  });
}

const all = [...modules('src'), ...modules('supabase/functions')];
const stem = (path: string) => basename(path).replace(MODULE, '');

describe('file names (decision 058)', () => {
  it('no two modules share a name', () => {
    const byStem = new Map<string, string[]>();
    for (const path of all) if (stem(path) !== 'index') byStem.set(stem(path), [...(byStem.get(stem(path)) ?? []), path]);
    const shared = [...byStem.values()].filter((paths) => paths.length > 1);
    expect(shared, 'rename each so its name says what it holds without its folder').toEqual([]);
  });

  it('route modules end in -routes.ts (or -route-helpers.ts) and shared schema modules in -schemas.ts', () => {
    const misnamed = all.filter(
      (path) =>
        (path.startsWith(join('src', 'server', 'routes')) && stem(path) !== 'index' && !/-route(s|-helpers)\.ts$/.test(path)) ||
        (path.startsWith(join('src', 'shared', 'schemas')) && !path.endsWith('-schemas.ts')),
    );
    expect(misnamed).toEqual([]);
  });

  it("the admin console's calls are one admin-<entity>-api.ts per entity", () => {
    const api = join('src', 'features', 'admin', 'api');
    const misnamed = all
      .filter((path) => path.startsWith(api))
      .map((path) => relative(api, path))
      .filter((name) => !/^admin-[a-z-]+-api\.ts$/.test(name) && name !== 'admin-keys.ts' && !/^use-[a-z-]+\.ts$/.test(name));
    expect(misnamed).toEqual([]);
  });
});
