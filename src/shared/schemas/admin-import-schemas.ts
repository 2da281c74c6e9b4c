import { z } from 'zod';
import { TEXT_LIMITS } from './common-schemas.ts';

/**
 * Admin import (`POST /api/admin/import/preview` and `POST /api/admin/import`): the uploaded file's
 * text and format, and the report the server answers (src/server/db/import-directory.ts ImportReport).
 */

/** Largest file text an admin may upload (characters); the request body may be this plus a little JSON. */
export const IMPORT_MAX_FILE_CHARS = 20 * 1024 * 1024;
/** Request-body limit of the import endpoints (bytes; Arabic text is 2 bytes per character in UTF-8, escaped JSON more). */
export const IMPORT_BODY_LIMIT_BYTES = 48 * 1024 * 1024;

export const IMPORT_FILE_FORMATS = ['json', 'csv'] as const;

export const importRequestSchema = z.object({
  format: z.enum(IMPORT_FILE_FORMATS),
  content: z.string().min(1).max(IMPORT_MAX_FILE_CHARS),
  source: z.string().trim().min(1).max(TEXT_LIMITS.sourceLabel).optional(),
});
export type ImportRequest = z.infer<typeof importRequestSchema>;

const importList = z.enum(['categories', 'zones', 'buildings', 'places']);

export const importReportSchema = z.object({
  dryRun: z.boolean(),
  source: z.string(),
  counts: z.object({ categories: z.number(), zones: z.number(), buildings: z.number(), places: z.number() }),
  lists: z.record(importList, z.object({ inFile: z.number(), inserted: z.number(), updated: z.number(), unchanged: z.number() })),
  changes: z.array(z.object({
    list: importList, index: z.number(), name: z.string(), action: z.enum(['insert', 'update', 'adopt', 'reuse']),
    slug: z.string(), wantedSlug: z.string(), fields: z.array(z.string()).optional(),
  })),
  collisions: z.array(z.object({
    list: importList, index: z.number(), name: z.string(), wantedSlug: z.string(), slug: z.string(),
    existing: z.object({ slug: z.string(), name: z.string(), source: z.string().nullable(), sourceId: z.string().nullable() }),
    reason: z.string(),
  })),
  /** Places whose opening hours the `opening_hours` library refused (imported without hours). */
  refusedOpeningHours: z.array(z.object({ index: z.number(), name: z.string(), value: z.string() })),
});
export type ImportReportData = z.infer<typeof importReportSchema>;
