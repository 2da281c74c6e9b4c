import { createRoute, z } from '@hono/zod-openapi';
import Papa from 'papaparse';
import {
  CSV_ATTRIBUTION_LINE, DATA_NOTICE, DATA_LICENSE, DATA_LICENSE_URL, EXPORT_COLUMNS, EXPORT_FORMATS, type ExportFormat,
} from '../../../shared/data-export.ts';
import { apiErrorSchema } from '../../../shared/schemas/common-schemas.ts';
import type { ApiApp } from '../../http/app-deps.ts';
import { createRouter } from '../../http/create-router.ts';
import { streamExportRows, type ExportRow } from '../../queries/export-queries.ts';

/** One place as the export writes it, for the OpenAPI document's examples (a seeded place; other columns empty). */
const EXAMPLE_PLACE: Partial<Record<(typeof EXPORT_COLUMNS)[number], string>> = {
  id: '1', slug: 'starbucks', name: 'Starbucks', name_ar: 'ستاربكس', category_slug: 'cafes', category_name: 'Cafés',
  category_name_ar: 'مقاهي', latitude: '24.6930778', longitude: '46.6753', opening_hours: 'Mo-Su 06:00-24:00',
  source: 'osm', source_id: '336216070', updated_at: '2026-01-01T00:00:00.000Z',
};

/** Rows fetched per cursor batch: memory stays at one batch (and the stream's small buffer). */
const BATCH_ROWS = 500;

export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS).default('csv').openapi({ description: '`csv` (default) or `geojson`' }),
});

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  geojson: 'application/geo+json; charset=utf-8',
};

/** A spreadsheet would run a cell starting with these as a formula; '+' and '-' stay (phone numbers, coordinates). */
const FORMULA_START = /^[=@\t\r]/;

function csvLines(rows: ExportRow[]): string {
  return Papa.unparse({ fields: [...EXPORT_COLUMNS], data: rows.map((r) => EXPORT_COLUMNS.map((c) => r[c] ?? '')) },
    { header: false, newline: '\r\n', escapeFormulae: FORMULA_START }) + '\r\n';
}

function geojsonFeature(r: ExportRow): string {
  const properties: Record<string, string | number | null> = {};
  for (const column of EXPORT_COLUMNS) if (column !== 'latitude' && column !== 'longitude') properties[column] = r[column];
  const geometry = r.latitude != null && r.longitude != null ? { type: 'Point', coordinates: [Number(r.longitude), Number(r.latitude)] } : null;
  return JSON.stringify({ type: 'Feature', id: Number(r.id), geometry, properties });
}

/** The parts of an export file: what comes first, one batch of rows, what ends it. */
function formatter(format: ExportFormat) {
  if (format === 'csv') {
    return {
      head: `${CSV_ATTRIBUTION_LINE}\r\n${Papa.unparse([[...EXPORT_COLUMNS]], { newline: '\r\n' })}\r\n`,
      batch: (rows: ExportRow[]) => csvLines(rows),
      tail: '',
    };
  }
  let first = true;
  return {
    head: `{"type":"FeatureCollection","attribution":${JSON.stringify(DATA_NOTICE)},"license":${JSON.stringify(DATA_LICENSE)},`
      + `"license_url":${JSON.stringify(DATA_LICENSE_URL)},"features":[\n`,
    batch: (rows: ExportRow[]) => rows.map((r) => {
      const line = (first ? '' : ',\n') + geojsonFeature(r);
      first = false;
      return line;
    }).join(''),
    tail: '\n]}\n',
  };
}

/**
 * GET /public/export?format=csv|geojson: every place of the directory as one file, streamed. Each
 * place with its category, zone and building (slug and both languages), coordinates, address,
 * contacts, opening hours, description and source identity (columns: shared/data-export.ts
 * EXPORT_COLUMNS). CSV: a `#` attribution line, the header, one row per place (RFC 4180 quoting, CRLF).
 * GeoJSON: a FeatureCollection with `attribution`, `license` and `license_url` members; a feature's
 * geometry is its Point (null without coordinates), its `id` the place id. Read through a
 * server-side cursor in batches of 500 with backpressure: memory does not grow with the number of
 * places. Errors: 400 unknown format (before anything is sent); a database failure after the first
 * bytes aborts the connection, so a client never takes a cut file for a whole one. SQL: queries/export-queries.ts.
 */
export function exportRoutes(): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get', path: '/public/export', tags: ['public'],
      summary: 'Every place as a CSV or GeoJSON file (both languages, with the ODbL attribution), streamed',
      request: { query: exportQuerySchema },
      responses: {
        200: {
          description: 'The file (Content-Disposition: attachment)',
          content: {
            'text/csv': {
              schema: z.string().openapi({ description: `First line: ${CSV_ATTRIBUTION_LINE}; then the header: ${EXPORT_COLUMNS.join(',')}` }),
              example: `${CSV_ATTRIBUTION_LINE}\r\n${EXPORT_COLUMNS.join(',')}\r\n${EXPORT_COLUMNS.map((c) => EXAMPLE_PLACE[c] ?? '').join(',')}\r\n`,
            },
            'application/geo+json': {
              schema: z.object({
                type: z.literal('FeatureCollection'), attribution: z.string(), license: z.string(), license_url: z.string(),
                features: z.array(z.object({ type: z.literal('Feature'), id: z.number(), geometry: z.unknown(), properties: z.record(z.string(), z.unknown()) })),
              }),
              example: {
                type: 'FeatureCollection', attribution: DATA_NOTICE, license: DATA_LICENSE, license_url: DATA_LICENSE_URL,
                features: [{
                  type: 'Feature', id: 1, geometry: { type: 'Point', coordinates: [46.6753, 24.6931] },
                  properties: Object.fromEntries(EXPORT_COLUMNS.filter((c) => c !== 'latitude' && c !== 'longitude').map((c) => [c, EXAMPLE_PLACE[c] ?? ''])),
                }],
              },
            },
          },
        },
        400: { description: 'Invalid input (field errors in error.fields)', content: { 'application/json': { schema: apiErrorSchema } } },
        503: { description: 'Database unavailable', content: { 'application/json': { schema: apiErrorSchema } } },
      },
    }),
    async (c) => {
      const { format } = c.req.valid('query');
      const parts = formatter(format);
      const encoder = new TextEncoder();
      const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>(undefined, { highWaterMark: 4 }, { highWaterMark: 4 });
      const writer = writable.getWriter();
      const send = async (text: string) => {
        await writer.ready;
        await writer.write(encoder.encode(text));
      };
      void send(parts.head).catch(() => {});
      let started!: () => void;
      const firstBatch = new Promise<void>((resolve) => { started = resolve; });
      const work = c.var.db(async (tx) => {
        await streamExportRows(tx, BATCH_ROWS, async (rows) => {
          started();
          await send(parts.batch(rows));
        });
      });
      void work.then(
        async () => {
          if (parts.tail) await send(parts.tail);
          await writer.close();
        },
        // client gone (the read side was cancelled) or the database failed mid-file: end the response as broken
        (error) => writer.abort(error).catch(() => {}),
      ).catch(() => {});
      // a failure before the first rows (database down, timeout) is still an ordinary JSON error answer
      await Promise.race([firstBatch, work]);
      const date = new Date().toISOString().slice(0, 10);
      return new Response(readable, {
        status: 200,
        headers: {
          'content-type': CONTENT_TYPES[format],
          'content-disposition': `attachment; filename="dalil-places-${date}.${format}"`,
          'cache-control': 'no-store',
        },
      }) as never;
    },
  );
  return app;
}
