import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageMetaSchema } from '../../shared/schemas/common-schemas.ts';
import { pageOf } from './page-of.ts';

const ROUTES_DIR = join(import.meta.dirname, '..', 'routes');

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('pageOf', () => {
  it('answers the paged envelope, with nextCursor only for lists that have one', () => {
    expect(pageOf([1, 2], { page: 2, limit: 2 }, 5)).toEqual({ success: true, data: [1, 2], meta: { page: 2, limit: 2, total: 5 } });
    expect(JSON.stringify(pageOf([], { page: 1, limit: 20 }, 0).meta)).toBe('{"page":1,"limit":20,"total":0}');
    expect(pageOf(['a'], { page: 1, limit: 1 }, 3, 'abc').meta).toEqual({ page: 1, limit: 1, total: 3, nextCursor: 'abc' });
    expect(pageOf([], { page: 3, limit: 1 }, 3, null).meta).toEqual({ page: 3, limit: 1, total: 3, nextCursor: null });
    expect(pageMetaSchema.parse(pageOf([], { page: 1, limit: 1 }, 0, null).meta)).toBeTruthy();
  });

  it('is the one place a list route writes page meta (no route builds `meta: {` by hand)', () => {
    const byHand = routeFiles(ROUTES_DIR).flatMap((file) =>
      readFileSync(file, 'utf8').split('\n').flatMap((line, i) => (/\bmeta:\s*\{\s*page\b/.test(line) ? [`${relative(ROUTES_DIR, file)}:${i + 1}`] : [])));
    expect(byHand).toEqual([]);
  });
});
