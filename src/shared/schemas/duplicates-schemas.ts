import { z } from 'zod';
import { westernDigitsOf } from '../digits.ts';
import { flushTinyCoordinate, idSchema, pagingQuerySchema, TEXT_LIMITS } from './common-schemas.ts';

/**
 * Likely duplicates (supabase/migrations/20260101006200_duplicates.sql, docs/decisions/023-duplicates.md):
 * the limits of the check and the shapes of GET /api/public/duplicates, GET /api/admin/duplicates and
 * POST /api/admin/duplicates/merge.
 */
/** Field messages of the duplicate check and merge bodies. */
export const DUPLICATE_FIELD_MESSAGES = {
  coordinatesTogether: 'latitude and longitude go together',
  nameOrPhone: 'a name with coordinates, or a phone, is required',
  differentIds: 'keepId and removeId must differ',
} as const;

export const DUPLICATE_LIMITS = {
  /** Two places this close (metres) with similar names are likely the same. */
  radiusM: 150,
  /** pg_trgm similarity (0–1) of the normalised names from which two names count as similar. */
  similarity: 0.4,
  /** Candidates answered by the public check. */
  maxCandidates: 10,
} as const;

const coordinate = (max: number) => z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(westernDigitsOf(v))) : v),
  z.number().min(-max).max(max).optional().transform(flushTinyCoordinate),
);
const optionalText = (max: number) => z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(max).optional(),
);

/**
 * GET /public/duplicates query: `name` and/or `nameAr` with `latitude`+`longitude` (similar names within
 * 150 m), and/or `phone` (the same number; Arabic-Indic digits read as digits). At least one way to match
 * is required; latitude and longitude go together; `excludeId` leaves one place out (the place being edited).
 */
export const duplicatesQuerySchema = z.object({
  name: optionalText(TEXT_LIMITS.name).meta({ description: 'English name of the new place' }),
  nameAr: optionalText(TEXT_LIMITS.name).meta({ description: 'Arabic name of the new place' }),
  latitude: coordinate(90).meta({ type: 'number', description: 'Latitude (degrees, -90..90)' }),
  longitude: coordinate(180).meta({ type: 'number', description: 'Longitude (degrees, -180..180)' }),
  phone: z.preprocess(westernDigitsOf, optionalText(40)).meta({ type: 'string', description: 'Phone number (any digits)' }),
  excludeId: idSchema.optional().meta({ description: 'A place to leave out (the one being edited)' }),
})
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), { path: ['longitude'], message: DUPLICATE_FIELD_MESSAGES.coordinatesTogether })
  .refine((q) => q.phone !== undefined || ((q.name !== undefined || q.nameAr !== undefined) && q.latitude !== undefined), {
    path: ['name'], message: DUPLICATE_FIELD_MESSAGES.nameOrPhone,
  });
export type DuplicatesQuery = z.infer<typeof duplicatesQuerySchema>;

/** Why a place is a likely duplicate: a similar name nearby, the same phone, or both. */
export const DUPLICATE_REASONS = ['name', 'phone'] as const;

/** One likely duplicate: the approved place, how far (metres, null without coordinates) and why. */
export const duplicateCandidateSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  nameAr: z.string().nullable(),
  distanceM: z.number().int().nullable(),
  similarity: z.number().nullable(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
}).meta({
  id: 'DuplicateCandidate', description: 'An approved place that is likely the same as the one given: a similar name within 150 m, or the same phone.',
  examples: [{ id: 7, slug: 'city-pharmacy', name: 'City Pharmacy', nameAr: 'صيدلية المدينة', distanceM: 40, similarity: 0.72, reasons: ['name'] }],
});
export type DuplicateCandidate = z.infer<typeof duplicateCandidateSchema>;

/** GET /admin/duplicates query: page from 1, limit ≤ 100. */
export const duplicatePairsQuerySchema = pagingQuerySchema;

const pairPlace = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), nameAr: z.string().nullable() });
/** One pair of likely duplicates of the directory (a: the older place, b: the newer one). */
export const duplicatePairSchema = z.object({
  a: pairPlace,
  b: pairPlace,
  distanceM: z.number().int().nullable(),
  similarity: z.number().nullable(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
}).meta({ id: 'DuplicatePair', description: 'Two approved places that are likely the same: similar names within 150 m, or the same phone.' });
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;

/** POST /admin/duplicates/merge body: the place kept and the one removed (different ids). */
export const mergeBodySchema = z.object({ keepId: idSchema, removeId: idSchema })
  .refine((b) => b.keepId !== b.removeId, { path: ['removeId'], message: DUPLICATE_FIELD_MESSAGES.differentIds });

/**
 * Fields a merge moves from the removed place into the kept one when the kept one has none
 * (camelCase API name → column). Latitude and longitude move together.
 */
export const MERGE_FIELDS = {
  nameAr: 'name_ar', logoUrl: 'logo_url', address: 'address', addressAr: 'address_ar', phone: 'phone', whatsapp: 'whatsapp',
  websiteUrl: 'website_url', mapUrl: 'map_url', zoneId: 'zone_id', buildingId: 'building_id', description: 'description',
  imageUrl: 'image_url', youtubeUrl: 'youtube_url', managerName: 'manager_name', managerNameAr: 'manager_name_ar',
  managerPhone: 'manager_phone', latitude: 'latitude', longitude: 'longitude', openingHours: 'opening_hours',
} as const;
export type MergeField = keyof typeof MERGE_FIELDS;

/** The answer of a merge: the kept place's id and slug, the removed slug (now redirecting) and the fields moved. */
export const mergeResultSchema = z.object({
  keepId: z.number().int(),
  slug: z.string(),
  removedSlug: z.string(),
  moved: z.array(z.string()),
}).meta({ id: 'MergeResult', description: 'A merge: the kept place, the removed slug that now answers 301 to it, and the fields moved.' });
export type MergeResult = z.infer<typeof mergeResultSchema>;
