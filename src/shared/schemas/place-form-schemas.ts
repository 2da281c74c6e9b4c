import { z } from 'zod';
import { flushTinyCoordinate, INVALID_CHARACTERS_MESSAGE, isStorableText, TEXT_LIMITS } from './common-schemas.ts';
import { westernDigitsOf } from '../digits.ts';
import { INVALID_OPENING_HOURS, isValidOpeningHours } from '../opening-hours.ts';

/**
 * The place payload with its field rules, shared by the API (POST /public/places,
 * edit requests, admin place create/update) and the SPA forms. Field messages are the spec's texts.
 *
 * - name: 1–200 characters ('Name is required'); categoryId: a positive integer ('select category').
 * - phone, whatsapp, managerPhone: optional leading +, then 6–20 digits, spaces, hyphens or
 *   parentheses ('Invalid phone'); Arabic-Indic and Persian digits are accepted and stored as 0–9.
 * - websiteUrl, mapUrl, details.youtubeUrl: empty or an http(s) URL ('invalid URL').
 * - logoUrl, details.imageUrl: empty, an http(s) URL or a path starting /uploads/ ('invalid URL').
 * - openingHours: empty or OSM opening_hours syntax the `opening_hours` library accepts ('invalid opening hours').
 * - other texts free (trimmed, with the database's length limits).
 *
 * Create (`placeCreateSchema`): empty, blank or null optional fields are left out of the result
 * ("empty fields are omitted"), so the output holds only what was given.
 * Update (`placeUpdateSchema`): every field optional; an absent field stays unchanged, and an
 * optional field sent as null or '' becomes null (cleared). name and categoryId cannot be cleared.
 */
export const PLACE_FIELD_MESSAGES = {
  nameRequired: 'Name is required',
  selectCategory: 'select category',
  invalidPhone: 'Invalid phone',
  invalidUrl: 'invalid URL',
  invalidId: 'invalid id',
  tooLong: 'Too long',
  invalidCoordinate: 'invalid coordinate',
  invalidOpeningHours: INVALID_OPENING_HOURS,
} as const;

/** The phone rule (and the places table's check): `+` optional, then 6–20 of [0-9 ()-]. */
export const PHONE_PATTERN = /^\+?[0-9 ()-]{6,20}$/;

/** An absolute http:// or https:// URL without whitespace. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
}

/** An image reference: an http(s) URL or an uploaded file's path (`/uploads/…`). */
export function isImageUrl(value: string): boolean {
  return isHttpUrl(value) || /^\/uploads\/\S+$/.test(value);
}

const M = PLACE_FIELD_MESSAGES;

/**
 * Trimmed optional text (or checked string): '' and null → null, absent → undefined. `notText` is the
 * message for a value that is not a string (zod's own when absent). Used by the admin bodies too.
 */
export function optionalText(max: number, check?: { test: (v: string) => boolean; message: string }, notText?: string) {
  return z
    .string(notText === undefined ? undefined : { error: notText })
    .refine(isStorableText, INVALID_CHARACTERS_MESSAGE)
    .trim()
    .max(max, M.tooLong)
    .refine((v) => v === '' || !check || check.test(v), { message: check?.message ?? M.tooLong })
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === '' || v === null ? null : v));
}

/**
 * What the OpenAPI document says of the checked text fields (`meta`): the rule each check applies, as
 * a JSON Schema pattern on the text as sent (surrounding spaces are trimmed first; '' clears the field).
 */
const trimmed = (pattern: string) => `^\\s*(${pattern})?\\s*$`;
const HTTP_URL = '[hH][tT][tT][pP][sS]?://\\S+';
// Arabic-Indic and Persian digits typed on an Arabic keyboard count as digits (src/shared/digits.ts)
export const PHONE_FIELD_META = { pattern: trimmed(PHONE_PATTERN.source.slice(1, -1).replace('0-9', '0-9\\u0660-\\u0669\\u06F0-\\u06F9')), examples: ['+966 11 234 5678'] };
export const LINK_FIELD_META = { pattern: trimmed(HTTP_URL), examples: ['https://pharmacy.example'] };
export const IMAGE_FIELD_META = { pattern: trimmed(`${HTTP_URL}|/uploads/\\S+`), examples: ['/uploads/places/logo.webp'] };
const phone = () => z.preprocess(westernDigitsOf, optionalText(20, { test: (v) => PHONE_PATTERN.test(v), message: M.invalidPhone })).meta(PHONE_FIELD_META);
const link = () => optionalText(TEXT_LIMITS.url, { test: isHttpUrl, message: M.invalidUrl }).meta(LINK_FIELD_META);
const image = () => optionalText(TEXT_LIMITS.url, { test: isImageUrl, message: M.invalidUrl }).meta(IMAGE_FIELD_META);
const optionalId = () => z.number({ error: M.invalidId }).int(M.invalidId).positive(M.invalidId).max(Number.MAX_SAFE_INTEGER, M.invalidId).nullish()
  .transform((v) => (v === undefined ? undefined : v));
const coordinate = (limit: number) => z.number({ error: M.invalidCoordinate }).min(-limit, M.invalidCoordinate).max(limit, M.invalidCoordinate).nullish()
  .transform(flushTinyCoordinate);

const detailsShape = {
  description: optionalText(TEXT_LIMITS.description),
  imageUrl: image(),
  youtubeUrl: link(),
};

const placeShape = {
  name: z.string({ error: M.nameRequired }).refine(isStorableText, INVALID_CHARACTERS_MESSAGE).trim().min(1, M.nameRequired).max(TEXT_LIMITS.name, M.tooLong),
  nameAr: optionalText(TEXT_LIMITS.name),
  categoryId: z.number({ error: M.selectCategory }).int(M.selectCategory).min(1, M.selectCategory).max(Number.MAX_SAFE_INTEGER, M.selectCategory),
  zoneId: optionalId(),
  buildingId: optionalId(),
  logoUrl: image(),
  address: optionalText(TEXT_LIMITS.address),
  addressAr: optionalText(TEXT_LIMITS.address),
  phone: phone(),
  whatsapp: phone(),
  websiteUrl: link(),
  mapUrl: link(),
  managerName: optionalText(TEXT_LIMITS.name),
  managerNameAr: optionalText(TEXT_LIMITS.name),
  managerPhone: phone(),
  latitude: coordinate(90),
  longitude: coordinate(180),
  /** OSM opening_hours syntax, checked by the `opening_hours` library where registered (src/shared/opening-hours.ts). */
  openingHours: optionalText(TEXT_LIMITS.openingHours, { test: isValidOpeningHours, message: M.invalidOpeningHours }),
  details: z.object(detailsShape).nullish(),
};

type Compact<T> = { [K in keyof T]?: Exclude<T[K], null | undefined> };

/** Drops null/undefined entries (and an empty details object): what a create stores. */
function compact<T extends Record<string, unknown>>(value: T): Compact<T> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === null || v === undefined) continue;
    if (key === 'details' && typeof v === 'object') {
      const details = compact(v as Record<string, unknown>);
      if (Object.keys(details).length > 0) out.details = details;
      continue;
    }
    out[key] = v;
  }
  return out as Compact<T>;
}

/** Drops undefined entries (absent = unchanged), keeping null (cleared). */
function present<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    out[key] = key === 'details' && v && typeof v === 'object' ? present(v as Record<string, unknown>) : v;
  }
  return out as T;
}

export const placeDetailsInputSchema = z.object(detailsShape);

/** Body of a place create (admin) and of a contribution (POST /public/places). */
export const placeCreateSchema = z.object(placeShape).transform((v) => {
  const { name, categoryId, details, ...rest } = v;
  return { name, categoryId, ...compact({ ...rest, details }) } as PlaceCreateInput;
});

/** Body of a place update (admin) and the `changes` of an edit request: any subset of the fields. */
export const placeUpdateSchema = z
  .object({
    ...placeShape,
    name: placeShape.name.optional(),
    categoryId: placeShape.categoryId.optional(),
    details: z.object(detailsShape).partial().nullish()
      .transform((d) => (d === null ? { description: null, imageUrl: null, youtubeUrl: null } : d)),
  })
  .transform((v) => present(v) as PlaceUpdateInput);

/** What the create/update shape's fields parse to (before the create's compacting / the update's partial). */
type PlaceShapeOutput = z.output<z.ZodObject<typeof placeShape>>;
type DetailsOutput = z.output<typeof placeDetailsInputSchema>;

/**
 * A validated create payload: name and categoryId, plus only the optional fields that were given
 * (derived from placeShape: a field added there is a field here).
 */
export type PlaceCreateInput = Pick<Required<PlaceShapeOutput>, 'name' | 'categoryId'>
  & Compact<Omit<PlaceShapeOutput, 'name' | 'categoryId' | 'details'>>
  & { details?: Compact<DetailsOutput> };

/** A validated update: absent = unchanged, null = cleared (optional fields only). */
export type PlaceUpdateInput = {
  name?: string;
  categoryId?: number;
  details?: { [K in keyof DetailsOutput]?: Exclude<DetailsOutput[K], undefined> | null };
} & { [K in Exclude<keyof PlaceCreateInput, 'name' | 'categoryId' | 'details'>]?: PlaceCreateInput[K] | null };

/** The payload's top-level fields other than `details` (API camelCase names), and the fields inside `details`. */
export const PLACE_FIELDS = [
  'name', 'nameAr', 'categoryId', 'zoneId', 'buildingId', 'logoUrl', 'address', 'addressAr', 'phone', 'whatsapp',
  'websiteUrl', 'mapUrl', 'managerName', 'managerNameAr', 'managerPhone', 'latitude', 'longitude', 'openingHours',
] as const;
export const PLACE_DETAIL_FIELDS = ['description', 'imageUrl', 'youtubeUrl'] as const;
