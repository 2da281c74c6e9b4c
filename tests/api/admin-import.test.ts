import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDirectory } from '../../src/server/db/import-directory.ts';
import type { ApiApp } from '../../src/server/http/app-deps.ts';
import { DEFAULT_DATASET } from '../../src/server/stack.ts';
import { createUser, testApp } from '../helpers/api.ts';
import { caller } from '../helpers/admin-api.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

/** POST /api/admin/import/preview and /api/admin/import on a scratch database seeded with the shipped dataset. */
const riyadhText = readFileSync(DEFAULT_DATASET, 'utf8');
const jeddahText = readFileSync(path.resolve(import.meta.dirname, '../fixtures/jeddah-directory.json'), 'utf8');
let db: ScratchDatabase;
let app: ApiApp;
let admin: Record<string, string>;
let user: Record<string, string>;

/** POST /api/admin/{route} with a JSON body, as the admin unless other `headers` are given. */
const post = (route: string, body: unknown, headers: Record<string, string> = admin) => caller(app)('POST', `/admin/${route}`, { body, headers });
async function placeCount(): Promise<number> {
  const [r] = await db.sql`select count(*)::int as n from public.places`;
  return r.n;
}

beforeAll(async () => {
  db = await createScratchDatabase();
  await importDirectory(db.sql, JSON.parse(riyadhText));
  app = testApp(db.sql);
  admin = (await createUser(db.sql, { role: 'admin' })).authHeader;
  user = (await createUser(db.sql)).authHeader;
}, 180_000);
afterAll(() => db?.drop());

describe('admin import', () => {
  it('is for admins only', async () => {
    expect((await post('import/preview', { format: 'json', content: jeddahText }, {})).status).toBe(401);
    expect((await post('import/preview', { format: 'json', content: jeddahText }, user)).status).toBe(403);
    expect((await post('import', { format: 'json', content: jeddahText }, user)).status).toBe(403);
  });

  it('previews the whole shipped file (over the 64 KiB JSON limit): nothing to change', async () => {
    expect(riyadhText.length).toBeGreaterThan(1_000_000);
    const { status, body } = await post('import/preview', { format: 'json', content: riyadhText });
    expect(status).toBe(200);
    expect(body.data.lists.places).toEqual({ inFile: 3289, inserted: 0, updated: 0, unchanged: 3289 });
    expect(body.data.collisions).toEqual([]);
  });

  it('previews a second city (report with collisions, nothing written), then applies it once', async () => {
    const before = await placeCount();
    const preview = await post('import/preview', { format: 'json', content: jeddahText });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ dryRun: true, source: 'jeddah-test-fixture' });
    expect(preview.body.data.lists.places).toMatchObject({ inserted: 5 });
    expect(preview.body.data.collisions.map((c: any) => `${c.list}:${c.wantedSlug}`)).toEqual(expect.arrayContaining(['zones:al-aziziyah', 'places:starbucks']));
    expect(await placeCount()).toBe(before);

    const applied = await post('import', { format: 'json', content: jeddahText });
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({ dryRun: false });
    expect(applied.body.data.changes).toEqual(preview.body.data.changes);
    expect(await placeCount()).toBe(before + 5);
    const [zone] = await db.sql`select latitude from public.zones where slug = 'al-aziziyah'`;
    expect(zone.latitude).toBe(24.587662);

    const again = await post('import', { format: 'json', content: jeddahText });
    expect(again.body.data.lists.places).toMatchObject({ inserted: 0, updated: 0, unchanged: 5 });
    expect(await placeCount()).toBe(before + 5);
  });

  it('imports a CSV of places that refer to existing categories and zones by slug', async () => {
    const csv = [
      '# a comment line is skipped',
      'name,nameAr,categorySlug,zoneSlug,phone,lat,lng,openingHours',
      'Admin CSV Bakery,مخبز الإدارة,bakeries-desserts,al-aziziyah,+966 11 000 0001,24.5876,46.7701,Mo-Sa 07:00-22:00',
      '"Starbucks, Drive-thru",ستاربكس,cafes,,,24.9,46.9,',
    ].join('\r\n');
    const before = await placeCount();
    const preview = await post('import/preview', { format: 'csv', content: csv, source: 'admin-csv-test' });
    expect(preview.status).toBe(200);
    expect(preview.body.data.lists.places).toMatchObject({ inFile: 2, inserted: 2 });
    expect(await placeCount()).toBe(before);
    const applied = await post('import', { format: 'csv', content: csv, source: 'admin-csv-test' });
    expect(applied.status).toBe(200);
    const rows = await db.sql`
      select p.name, p.source, z.slug as zone, c.slug as category, p.opening_hours from public.places p
      join public.categories c on c.id = p.category_id left join public.zones z on z.id = p.zone_id
      where p.source = 'admin-csv-test' order by p.name`;
    expect(rows).toEqual([
      { name: 'Admin CSV Bakery', source: 'admin-csv-test', zone: 'al-aziziyah', category: 'bakeries-desserts', opening_hours: 'Mo-Sa 07:00-22:00' },
      { name: 'Starbucks, Drive-thru', source: 'admin-csv-test', zone: null, category: 'cafes', opening_hours: null },
    ]);
  });

  it('rejects a malformed file naming the records, in the request’s language, writing nothing', async () => {
    const before = await placeCount();
    const csv = 'name,categorySlug,lat,lng\nBad place,cafes,123.4,46.7\nOther,no-such-category,24.7,46.7\n';
    const en = await post('import', { format: 'csv', content: csv });
    expect(en.status).toBe(400);
    expect(en.body.error).toMatchObject({ code: 'import_rejected', problems: 1 });
    expect(en.body.error.fields['places[0]'][0]).toMatch(/^lat: /);
    // references to the database are checked once the records themselves are valid
    const unknown = await post('import', { format: 'csv', content: 'name,categorySlug\nOther,no-such-category\n' }, { ...admin, 'accept-language': 'ar' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields['places[0]']).toEqual(['لا توجد فئة بالمعرّف no-such-category']);
    expect(unknown.body.error.message).toMatch(/لم يُستورد الملف/);
    const notJson = await post('import/preview', { format: 'json', content: '{"places": [' });
    expect(notJson.body.error.fields['file[0]'][0]).toMatch(/^not JSON/);
    const badColumn = await post('import/preview', { format: 'csv', content: 'title,categorySlug\nX,cafes\n' });
    expect(badColumn.body.error.fields['csv[0]'].join(' ')).toMatch(/unknown column\(s\) title.*missing column name/);
    const badBody = await post('import', { format: 'xml', content: '<x/>' });
    expect(badBody.status).toBe(400);
    expect(badBody.body.error.code).toBe('validation_failed');
    expect(await placeCount()).toBe(before);
  });
});
