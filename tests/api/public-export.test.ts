import { serve, type ServerType } from '@hono/node-server';
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importDirectory } from '../../src/server/db/import-directory.ts';
import { isValidOpeningHoursValue } from '../../src/server/opening-hours-evaluation.ts';
import { DEFAULT_DATASET } from '../../src/server/stack.ts';
import { CSV_ATTRIBUTION_LINE, EXPORT_COLUMNS } from '../../src/shared/data-export.ts';
import { testApp } from '../helpers/api.ts';
import { freePort } from '../helpers/free-port.ts';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-db.ts';

/**
 * GET /api/public/export over real HTTP (@hono/node-server), on a scratch database holding exactly
 * the shipped dataset (3,289 places): each file is parsed back with a real parser.
 */
const dataset = JSON.parse(readFileSync(DEFAULT_DATASET, 'utf8')) as { places: { osmId: number; name: string; nameAr: string | null; openingHours: string | null }[] };
let db: ScratchDatabase;
let server: ServerType;
let base: string;

beforeAll(async () => {
  db = await createScratchDatabase();
  await importDirectory(db.sql, dataset);
  const app = testApp(db.sql);
  const port = await freePort();
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve());
  });
  base = `http://127.0.0.1:${port}/api`;
}, 180_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await db?.drop();
});

describe('GET /public/export', () => {
  it('format=csv: the attribution line, the header and every place, both languages, parsed back by papaparse', async () => {
    const res = await fetch(`${base}/public/export?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="dalil-places-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    expect(text.split('\r\n')[0]).toBe(CSV_ATTRIBUTION_LINE);
    expect(text).toMatch(/^# Data © OpenStreetMap contributors, available under the Open Database License/);
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, comments: '#', skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual([...EXPORT_COLUMNS]);
    expect(parsed.data).toHaveLength(3289);
    const bySource = new Map(parsed.data.map((r) => [r.source_id, r]));
    for (const place of dataset.places) {
      const row = bySource.get(String(place.osmId));
      expect(row?.name).toBe(place.name);
      expect(row?.name_ar).toBe(place.nameAr ?? '');
      // the importer refuses the hours the library cannot evaluate (decision 021): those places have none
      const hours = place.openingHours && isValidOpeningHoursValue(place.openingHours) ? place.openingHours : '';
      expect(row?.opening_hours).toBe(hours);
    }
    const starbucks = parsed.data.find((r) => r.slug === 'starbucks')!;
    expect(starbucks).toMatchObject({ category_slug: 'cafes', category_name: 'Cafés', category_name_ar: 'مقاهي', source: 'osm', latitude: '24.6930778' });
    expect(starbucks.zone_title_ar).toBeTruthy();
    expect(parsed.data.filter((r) => r.building_name).length).toBeGreaterThan(100);
  }, 60_000);

  it('format=geojson: a FeatureCollection with the ODbL attribution, one Point feature per place, parsed by JSON.parse', async () => {
    const res = await fetch(`${base}/public/export?format=geojson`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    const doc = JSON.parse(await res.text());
    // the same notice as the CSV's first line: the source, the licence by name and its URL
    expect(doc).toMatchObject({
      type: 'FeatureCollection',
      attribution: 'Data © OpenStreetMap contributors, available under the Open Database License (ODbL-1.0, https://opendatacommons.org/licenses/odbl/1-0/).',
      license: 'ODbL-1.0', license_url: 'https://opendatacommons.org/licenses/odbl/1-0/',
    });
    expect(CSV_ATTRIBUTION_LINE).toBe(`# ${doc.attribution}`);
    expect(doc.features).toHaveLength(3289);
    const [place] = await db.sql`select id::int, latitude, longitude, name, name_ar from public.places where slug = 'starbucks'`;
    const feature = doc.features.find((f: { id: number }) => f.id === place.id);
    expect(feature.geometry).toEqual({ type: 'Point', coordinates: [place.longitude, place.latitude] });
    expect(feature.properties).toMatchObject({ slug: 'starbucks', name: place.name, category_slug: 'cafes' });
    expect(feature.properties).not.toHaveProperty('latitude');
  }, 60_000);

  it('answers an unknown format with a 400 JSON error in the request’s language', async () => {
    const en = await fetch(`${base}/public/export?format=xlsx`);
    expect(en.status).toBe(400);
    const body = await en.json();
    expect(body).toMatchObject({ success: false, error: { code: 'validation_failed', fields: { format: [expect.any(String)] } } });
    const ar = await fetch(`${base}/public/export?format=xlsx`, { headers: { 'accept-language': 'ar' } });
    expect((await ar.json()).error.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('a spreadsheet formula in a name is written as text; quotes and commas survive the round trip', async () => {
    const [category] = await db.sql`select id from public.categories where slug = 'other'`;
    await db.sql`insert into public.places (slug, name, name_ar, category_id, address)
                 values ('export-formula', '=HYPERLINK("http://x")', 'اسم, "مقتبس"', ${category.id}, 'Line one
line two')`;
    try {
      const text = await (await fetch(`${base}/public/export`)).text();
      const parsed = Papa.parse<Record<string, string>>(text, { header: true, comments: '#', skipEmptyLines: true });
      const row = parsed.data.find((r) => r.slug === 'export-formula')!;
      expect(row.name).toBe(`'=HYPERLINK("http://x")`);
      expect(row.name_ar).toBe('اسم, "مقتبس"');
      expect(row.address).toBe('Line one\nline two');
      expect(parsed.data).toHaveLength(3290);
    } finally {
      await db.sql`delete from public.places where slug = 'export-formula'`;
    }
  }, 60_000);
});
