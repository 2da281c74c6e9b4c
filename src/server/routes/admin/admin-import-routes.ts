import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { directoryFromCsv } from '../../db/import-csv.ts';
import { ImportError, importDirectoryInTransaction, importProblem } from '../../db/import-directory.ts';
import { ApiError } from '../../http/api-error.ts';
import { importReasonText } from '../../http/field-messages.ts';
import type { ApiApp, AppEnv } from '../../http/app-deps.ts';
import { jsonBody, jsonResponses, security } from '../../http/openapi.ts';
import { createRouter } from '../../http/create-router.ts';
import { envelope } from '../../../shared/schemas/common-schemas.ts';
import { importReportSchema, importRequestSchema, type ImportRequest } from '../../../shared/schemas/admin-import-schemas.ts';

const tags = ['admin: import'];
/** Malformed records named in `error.fields` (the rest counted in `error.problems`). */
const MAX_LISTED_PROBLEMS = 100;

/** The uploaded text as a directory file: JSON parsed, CSV converted (import-csv.ts); ImportError when unreadable. */
function fileFromUpload(body: ImportRequest): unknown {
  if (body.format === 'csv') return directoryFromCsv(body.content);
  try {
    return JSON.parse(body.content.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ImportError([importProblem('file', 0, 'notJson', { detail: (error as Error).message })]);
  }
}

/** Plans (dryRun) or applies the upload in the admin's transaction; malformed input → 400 `import_rejected`. */
async function runImport(c: Context<AppEnv>, body: ImportRequest, dryRun: boolean) {
  try {
    const input = fileFromUpload(body);
    return await c.var.db((tx) => importDirectoryInTransaction(tx, input, { dryRun, source: body.source, existingReferences: true }));
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    // the report quotes the file; its sentences follow the request's language (errors.ts answers them as given)
    const fields: Record<string, string[]> = {};
    for (const p of error.problems.slice(0, MAX_LISTED_PROBLEMS)) (fields[`${p.list}[${p.index}]`] ??= []).push(importReasonText(p, c.var.lang));
    throw new ApiError(400, 'import_rejected', fields, { count: error.problems.length }, undefined, { problems: error.problems.length });
  }
}

/**
 * Admin import (issue #16): an uploaded directory JSON (shape of data/riyadh-osm.json) or a CSV of
 * places (columns: src/shared/csv-import.ts CSV_PLACE_COLUMNS; categories and zones by existing slug), matched
 * by source identity exactly as `npm run db:import` (decision 013). `/preview` answers the dry-run
 * report (nothing written); the other applies it in one transaction as the admin (RLS in force)
 * and answers what it did. Body `{ format: 'json'|'csv', content, source? }` up to
 * IMPORT_BODY_LIMIT_BYTES. Errors: 400 validation_failed (body), 400 import_rejected (the file:
 * `error.fields` = { "places[3]": [reason] } for the first 100, `error.problems` = how many),
 * 401/403 (admin guard), 413 too large.
 */
export function adminImportRoutes(): ApiApp {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'post', path: '/admin/import/preview', tags, security,
      summary: 'Dry run of an import {format: json|csv, content, source?}: what would be inserted, updated, left alone, and every slug collision; writes nothing',
      request: jsonBody(importRequestSchema),
      responses: jsonResponses(envelope(importReportSchema), 'The report (dryRun: true)', [400, 401, 403, 413]),
    }),
    async (c) => c.json({ success: true as const, data: await runImport(c, c.req.valid('json'), true) }, 200),
  );
  app.openapi(
    createRoute({
      method: 'post', path: '/admin/import', tags, security,
      summary: 'Import {format: json|csv, content, source?} in one transaction, matching records by source identity (never by slug); answers the report',
      request: jsonBody(importRequestSchema),
      responses: jsonResponses(envelope(importReportSchema), 'The report (dryRun: false)', [400, 401, 403, 413]),
    }),
    async (c) => c.json({ success: true as const, data: await runImport(c, c.req.valid('json'), false) }, 200),
  );
  return app;
}
