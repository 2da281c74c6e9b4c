import { z } from 'zod';
import { LIMITS, PLACE_SORTS, PUBLIC_PLACE_SORTS } from '../constants.ts';
import { parseNear, type LatLng } from '../near.ts';

/** Business constants (limits and timings) shared by browser and server: src/shared/constants.ts. */
export { LIMITS, type PlaceSort, type PublicPlaceSort } from '../constants.ts';
export type { LatLng } from '../near.ts';

/**
 * Coordinates closer to 0 than this (degrees, ~0.1 mm) are stored as 0: squared in the distance
 * formulas, such a value underflows PostgreSQL's double precision (an error, not a zero). The CHECKs of
 * migration 20260101007200 hold the database to the same rule.
 */
export const COORDINATE_FLOOR = 1e-9;

/** `v` with magnitudes under COORDINATE_FLOOR made 0 (null and undefined kept). */
export function flushTinyCoordinate<T extends number | null | undefined>(v: T): T {
  return (typeof v === 'number' && v !== 0 && Math.abs(v) < COORDINATE_FLOOR ? 0 : v) as T;
}

/**
 * Field messages of the query and body pieces defined here (the English text of `error.fields`; the
 * server answers them in the request's language from src/server/http/field-messages.ts).
 */
export const COMMON_FIELD_MESSAGES = {
  invalidNear: 'near must be "<latitude>,<longitude>" in decimal degrees (latitude -90 to 90, longitude -180 to 180)',
  invalidCursor: 'invalid cursor',
  invalidSlug: 'invalid slug',
  searchTooLong: `search text is at most ${LIMITS.searchMaxLength} characters`,
} as const;

/**
 * Length limits of the stored texts (characters), one source for the API's schemas, the SPA's
 * forms and the database's CHECK constraints: names and titles, long descriptions, addresses,
 * a building's number, site descriptions, explicit slugs, URLs, a rejection reason, a list cursor.
 */
export const TEXT_LIMITS = {
  name: 200,
  description: 5000,
  address: 500,
  buildingNumber: 40,
  siteDescription: 1000,
  slug: 120,
  url: 2048,
  reason: 2000,
  cursor: 600,
  /** Where an imported record comes from ('osm', a file's label) and its id there (`node/123`, or a derived key). */
  sourceLabel: 200,
  sourceId: 400,
  /** An OpenStreetMap `opening_hours` value as imported (OSM allows 255; room for hand-made files). */
  openingHours: 500,
} as const;

/** The source identity an import stores on a record (docs/decisions/013-import-identity.md). */
export const sourceIdentitySchema = z.object({
  source: z.string().trim().min(1).max(TEXT_LIMITS.sourceLabel),
  sourceId: z.string().trim().min(1).max(TEXT_LIMITS.sourceId),
  openingHours: z.string().max(TEXT_LIMITS.openingHours).nullish(),
});

export const placeSortSchema = z.enum(PLACE_SORTS);
export const publicPlaceSortSchema = z.enum(PUBLIC_PLACE_SORTS);

/** `near` query parameter of a distance-sorted list: "<lat>,<lng>" → { lat, lng }. */
export const nearQuerySchema = z.string().max(64)
  .refine((s) => parseNear(s) !== null, COMMON_FIELD_MESSAGES.invalidNear)
  .transform((s) => parseNear(s) as LatLng)
  .meta({ examples: ['24.7136,46.6753'] });

/**
 * `openNow` of the place lists: `true` = only places open at the request's moment in the city's
 * time zone (decision 028); `false` or absent = no filter.
 */
export const openNowQuerySchema = z.enum(['true', 'false']).optional()
  .transform((v) => v === 'true')
  .meta({ description: '`true`: only places open now in the city\'s time zone (website setting `timeZone`); places with unknown hours are left out' });

/** `meta.nextCursor` of a previous page of a place list (keyset paging). */
export const placeCursorSchema = z.string().max(TEXT_LIMITS.cursor).regex(/^[A-Za-z0-9_-]+$/, COMMON_FIELD_MESSAGES.invalidCursor);

/** Field message for text holding U+0000 or a lone UTF-16 surrogate. */
export const INVALID_CHARACTERS_MESSAGE = 'Contains characters that are not allowed';

/**
 * True when the text can be stored and read back exactly: no U+0000 (Postgres text cannot hold it:
 * errors 22021/22P05) and no lone UTF-16 surrogate (not Unicode: it would be stored as U+FFFD). Every
 * request text that is stored (names, descriptions, addresses, URLs, reasons) is checked with it.
 * (A loop, not a regular expression with lookbehind, so older browsers can load the shared schemas.)
 */
export function isStorableText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1); // NaN past the end
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** URL slug: lower-case ASCII words joined by single hyphens (the pattern the server checks). */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const slugSchema = z.string().regex(SLUG_PATTERN, COMMON_FIELD_MESSAGES.invalidSlug).max(160).meta({ examples: ['city-pharmacy'] });
export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * `lang` of a list sorted by name: the page's language. 'en' (default) orders by the English name,
 * case- and accent-insensitive; 'ar' by the Arabic name (else the English one) in Arabic collation —
 * the comparison of Intl.Collator(lang, { sensitivity: 'base' }) (docs/decisions/018).
 */
export const sortLangSchema = z.enum(['en', 'ar']).default('en')
  .describe('Language of the name order (the page\'s language): `en` English name, case/accent-insensitive; `ar` Arabic name (else English) in Arabic collation');

/** List paging: `page` from 1, `limit` 1–100 (default 12). */
export const pagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.defaultPageSize),
});

/**
 * Page meta of every list. `nextCursor` (place lists): pass it as `cursor` to get the next page
 * at constant cost however deep; null on the last page.
 */
export const pageMetaSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  nextCursor: z.string().nullable().optional(),
}).meta({ id: 'PageMeta', description: 'Paging of a list: 1-based page, page size, total rows (searches: at most 1 000) and the cursor of the next page.' });
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** Optional search text: trimmed; blank becomes undefined; at most 200 characters. */
export const searchTextSchema = z
  .string()
  .max(LIMITS.searchMaxLength, COMMON_FIELD_MESSAGES.searchTooLong)
  .transform((s) => s.trim())
  .transform((s) => (s === '' ? undefined : s))
  .optional();

/**
 * The error envelope of every failed call. `code` is a stable machine code (the OpenAPI
 * document lists every code the server answers, from the server's message table); `message` is in the
 * request's language; `fields` maps input fields to their problems (400), in the request's language too,
 * and `fieldCodes` gives each of those problems a stable code at the same position; some codes add details
 * (e.g. `placesCount` with `category_in_use`). The SPA keeps `code` a string so a newer server's code
 * never fails a response check.
 */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional()
      .meta({ description: 'Input field (dotted path) → its problems, in the request\'s language (Accept-Language: English or Arabic).' }),
    fieldCodes: z.record(z.string(), z.array(z.string())).optional()
      .meta({ description: 'Same keys as `fields`: a stable code for each problem, at the same position (e.g. `invalid_opening_hours`, or zod\'s issue code such as `invalid_type`; `invalid` when none fits).' }),
  }),
}).meta({
  id: 'Error',
  description: 'A failed call: a stable `code`, a `message` in the request\'s language, and per-field problems for invalid input (`fields` in the request\'s language, `fieldCodes` stable).',
  examples: [{ success: false, error: { code: 'validation_failed', message: 'Some fields are invalid.', fields: { email: ['Please enter a valid email address'] }, fieldCodes: { email: ['email_invalid'] } } }],
});

export function envelope<T extends z.ZodTypeAny>(data: T) {
  return z.object({ success: z.literal(true), data });
}
export function pagedEnvelope<T extends z.ZodTypeAny>(item: T) {
  return z.object({ success: z.literal(true), data: z.array(item), meta: pageMetaSchema });
}

/**
 * Query of every public place list (GET /public/places; without its zone or category slug, GET
 * /public/zones/{slug}/places and /public/categories/{slug}/places): filters, search, sort and paging.
 */
export const placeListQuerySchema = pagingQuerySchema.extend({
  zoneSlug: slugSchema.optional(),
  categorySlug: slugSchema.optional(),
  search: searchTextSchema,
  sort: publicPlaceSortSchema.optional()
    .meta({ description: 'Order; default relevance when searching, else name A–Z. `distance`: nearest `near` first, each item with `distanceM` (needs `near`; pages by `page`, no cursor)' }),
  near: nearQuerySchema.optional()
    .meta({ description: '`<latitude>,<longitude>` in decimal degrees: the point of `sort=distance`' }),
  openNow: openNowQuerySchema,
  lang: sortLangSchema,
  cursor: placeCursorSchema.optional()
    .meta({ description: '`meta.nextCursor` of the previous page: the next page at constant cost (keyset); `page` is then ignored' }),
});
