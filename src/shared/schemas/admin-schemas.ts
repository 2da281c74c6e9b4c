import { z } from 'zod';
import {
  COMMON_FIELD_MESSAGES, flushTinyCoordinate, idSchema, INVALID_CHARACTERS_MESSAGE, isStorableText, LIMITS, pagingQuerySchema, placeCursorSchema, placeSortSchema, searchTextSchema, SLUG_PATTERN,
  sortLangSchema, TEXT_LIMITS,
} from './common-schemas.ts';
import { buildingSchema, categorySchema, placeListItemSchema, zoneSchema } from './entity-schemas.ts';
import { PLACE_GAPS } from './overview-schemas.ts';
import { isKnownTimeZone, UNKNOWN_TIME_ZONE } from '../opening-hours.ts';
import { IMAGE_FIELD_META, isHttpUrl, isImageUrl, LINK_FIELD_META, optionalText as optionalPlaceText, placeCreateSchema, placeUpdateSchema } from './place-form-schemas.ts';

/**
 * Request and response schemas of the admin API (`/api/admin/...`), shared by the
 * server (validation, OpenAPI) and the SPA's admin forms. Field messages are the spec's texts.
 *
 * Conventions of every create/update body here:
 * - texts are trimmed; an optional text sent as '' or null is stored as null (create) or cleared
 *   (update); on update an absent field stays unchanged;
 * - `slug` is optional: absent, '' or null on create → generated from the English name/title
 *   (unique with -2, -3…); on update absent/''/null → unchanged; a given slug must be free (409);
 * - URLs: links (locationUrl, mapUrl) are empty or http(s); images (iconUrl, logoUrl) are empty,
 *   http(s), or an uploaded path starting /uploads/ ('invalid URL').
 */
export const ADMIN_FIELD_MESSAGES = {
  nameRequired: 'Name is required',
  titleRequired: 'Title is required',
  siteNameRequired: 'Site name is required',
  orderInteger: 'Order must be an integer',
  orderTaken: 'Another zone already has this order',
  invalidUrl: 'invalid URL',
  invalidSlug: COMMON_FIELD_MESSAGES.invalidSlug,
  invalidCoordinate: 'invalid coordinate',
  invalidBoolean: 'must be true or false',
  tooLong: 'Too long',
} as const;

/** Reasons a reorder body is refused (400 `invalid_order`, in `error.fields.order`). */
export const REORDER_MESSAGES = {
  invalid: 'Send order as a list of {id, order}',
  duplicate_id: 'Each id may appear only once',
  not_from_one: 'Orders must be 1, 2, 3… without gaps or repeats',
  missing_zones: 'Every zone must be in the order',
  unknown_zones: 'Unknown zone id',
  missing_buildings: 'Every building of the zone must be in the order',
  unknown_buildings: 'This id is not a building of the zone',
} as const;

const M = ADMIN_FIELD_MESSAGES;
/** Largest value of a Postgres `integer` (sort_order). */
export const INT_MAX = 2_147_483_647;

/** Trimmed optional text (place-form's), answering 'must be text' (or the check's message) for a non-string. */
const optionalText = (max: number, check?: { test: (v: string) => boolean; message: string }) => optionalPlaceText(max, check, check?.message ?? 'must be text');
const link = () => optionalText(TEXT_LIMITS.url, { test: isHttpUrl, message: M.invalidUrl }).meta(LINK_FIELD_META);
const image = () => optionalText(TEXT_LIMITS.url, { test: isImageUrl, message: M.invalidUrl }).meta(IMAGE_FIELD_META);
const required = (max: number, message: string) => z.string({ error: message }).refine(isStorableText, INVALID_CHARACTERS_MESSAGE).trim().min(1, message).max(max, M.tooLong);

/** An explicit slug (lower-case letters, digits, single hyphens; ≤ TEXT_LIMITS.slug = 120); '' or null → undefined (not set). */
export const optionalSlugSchema = z
  .string({ error: M.invalidSlug })
  .trim()
  .toLowerCase()
  .max(TEXT_LIMITS.slug, M.tooLong)
  .refine((v) => v === '' || SLUG_PATTERN.test(v), M.invalidSlug)
  .nullish()
  .transform((v) => (v ? v : undefined))
  // as sent: trimmed and lower-cased before the check
  .meta({ pattern: `^\\s*(${SLUG_PATTERN.source.slice(1, -1).replaceAll('a-z', 'a-zA-Z')})?\\s*$`, examples: ['city-pharmacy'] });

/** Display order: an integer ('Order must be an integer'). */
const orderSchema = z.number({ error: M.orderInteger }).int(M.orderInteger).min(-INT_MAX, M.orderInteger).max(INT_MAX, M.orderInteger);
const coordinate = (limit: number) => z.number({ error: M.invalidCoordinate }).min(-limit, M.invalidCoordinate).max(limit, M.invalidCoordinate).nullish()
  .transform(flushTinyCoordinate);

// ---- categories ------------------------------------------------------------------------------

/** POST /admin/categories: `{ name, nameAr?, slug?, iconUrl? }`. */
export const categoryCreateSchema = z.object({
  name: required(TEXT_LIMITS.name, M.nameRequired),
  nameAr: optionalText(TEXT_LIMITS.name),
  slug: optionalSlugSchema,
  /** An http(s) URL or an uploaded /uploads/… path; null or '' = no icon. */
  iconUrl: image(),
});
/** PUT /admin/categories/{id}: any subset of the create fields (absent = unchanged, null = cleared). */
export const categoryUpdateSchema = categoryCreateSchema.partial();
export type CategoryCreateBody = z.input<typeof categoryCreateSchema>;

/**
 * GET /admin/categories query: `search` (English or Arabic name, typo-tolerant). Without `page` and
 * `limit` every matching category is returned; with either, one page (page from 1, limit ≤ 100,
 * default 12). `meta` = { page, limit, total } either way.
 */
export const adminCategoryListQuerySchema = z.object({
  search: searchTextSchema,
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).optional(),
});

// ---- zones and buildings ---------------------------------------------------------------------

/**
 * POST /admin/zones: `{ title, titleAr?, slug?, order?, locationUrl?, description?, descriptionAr?,
 * latitude?, longitude? }`. Without `order` the zone goes last (largest order + 1).
 */
export const zoneCreateSchema = z.object({
  title: required(TEXT_LIMITS.name, M.titleRequired),
  titleAr: optionalText(TEXT_LIMITS.name),
  slug: optionalSlugSchema,
  order: orderSchema.optional(),
  locationUrl: link(),
  description: optionalText(TEXT_LIMITS.description),
  descriptionAr: optionalText(TEXT_LIMITS.description),
  latitude: coordinate(90),
  longitude: coordinate(180),
});
/** PUT /admin/zones/{id}: any subset of the create fields. */
export const zoneUpdateSchema = zoneCreateSchema.partial();
export type ZoneCreateBody = z.input<typeof zoneCreateSchema>;

/**
 * POST /admin/zones/{zoneId}/buildings: `{ name, nameAr?, number?, slug?, description?,
 * descriptionAr?, mapUrl?, hasDetails?, order?, latitude?, longitude? }`. hasDetails defaults to
 * false; without `order` the building goes last in its zone. Slugs are unique within the zone.
 */
export const buildingCreateSchema = z.object({
  name: required(TEXT_LIMITS.name, M.nameRequired),
  nameAr: optionalText(TEXT_LIMITS.name),
  number: optionalText(TEXT_LIMITS.buildingNumber),
  slug: optionalSlugSchema,
  description: optionalText(TEXT_LIMITS.description),
  descriptionAr: optionalText(TEXT_LIMITS.description),
  mapUrl: link(),
  hasDetails: z.boolean({ error: M.invalidBoolean }).optional(),
  order: orderSchema.optional(),
  latitude: coordinate(90),
  longitude: coordinate(180),
});
/** PUT /admin/buildings/{id}: any subset of the create fields (the zone does not change). */
export const buildingUpdateSchema = buildingCreateSchema.partial();
export type BuildingCreateBody = z.input<typeof buildingCreateSchema>;

/**
 * PUT /admin/zones/reorder and PUT /admin/zones/{zoneId}/buildings/reorder: `{ order: [{ id, order }] }`.
 * Ids unique; orders exactly 1…n (each once). The server also requires the ids to be exactly the
 * existing zones (or the zone's buildings), and applies the whole order atomically.
 */
export const reorderBodySchema = z
  .object({
    order: z
      .array(
        z.object(
          {
            id: z.number({ error: REORDER_MESSAGES.invalid }).int(REORDER_MESSAGES.invalid).positive(REORDER_MESSAGES.invalid)
              .max(Number.MAX_SAFE_INTEGER, REORDER_MESSAGES.invalid),
            order: z.number({ error: REORDER_MESSAGES.invalid }).int(REORDER_MESSAGES.invalid),
          },
          { error: REORDER_MESSAGES.invalid },
        ),
        { error: REORDER_MESSAGES.invalid },
      )
      .max(2_000, REORDER_MESSAGES.invalid),
  })
  .superRefine((body, ctx) => {
    const ids = new Set(body.order.map((e) => e.id));
    if (ids.size !== body.order.length) ctx.addIssue({ code: 'custom', path: ['order'], message: REORDER_MESSAGES.duplicate_id });
    const orders = new Set(body.order.map((e) => e.order));
    if (orders.size !== body.order.length || body.order.some((e) => e.order < 1 || e.order > body.order.length)) {
      ctx.addIssue({ code: 'custom', path: ['order'], message: REORDER_MESSAGES.not_from_one });
    }
  });
export type ReorderBody = z.input<typeof reorderBodySchema>;

// ---- places ----------------------------------------------------------------------------------

/**
 * POST /admin/places: the shared place payload (src/shared/schemas/place-form-schemas.ts — the
 * public add-place form's rules) plus an optional explicit `slug`.
 */
export const adminPlaceCreateSchema = z.intersection(placeCreateSchema, z.object({ slug: optionalSlugSchema }));
/** PUT /admin/places/{id}: any subset of the place payload (absent = unchanged, null = cleared) plus `slug`. */
export const adminPlaceUpdateSchema = z.intersection(placeUpdateSchema, z.object({ slug: optionalSlugSchema }));

/** GET /admin/places query: search text, category/zone/building ids, a gap (`missing`), sort, paging (page from 1, limit ≤ 100). */
export const adminPlaceListQuerySchema = pagingQuerySchema.extend({
  search: searchTextSchema,
  categoryId: idSchema.optional(),
  zoneId: idSchema.optional(),
  buildingId: idSchema.optional(),
  /** Only places with this gap (the admin overview's links): nameAr | phone | openingHours | coordinates. */
  missing: z.enum(PLACE_GAPS).optional(),
  sort: placeSortSchema.optional(),
  lang: sortLangSchema,
  cursor: placeCursorSchema.optional(),
});

// ---- website settings ------------------------------------------------------------------------

/**
 * PUT /admin/website-settings: `{ logoUrl?, siteName, siteNameAr?, siteDescription?, siteDescriptionAr?, timeZone? }`.
 * Texts trimmed. siteName required ('Site name is required'); siteNameAr absent, '' or null → none
 * (an empty Arabic name is sent as absent); logoUrl null or '' removes the logo, absent
 * keeps it; descriptions absent keep theirs, null or '' empty them.
 */
export const websiteSettingsUpdateSchema = z.object({
  logoUrl: image(),
  siteName: required(TEXT_LIMITS.name, M.siteNameRequired),
  siteNameAr: optionalText(TEXT_LIMITS.name).transform((v) => v ?? null),
  siteDescription: optionalText(TEXT_LIMITS.siteDescription).transform((v) => (v === null ? '' : v)),
  siteDescriptionAr: optionalText(TEXT_LIMITS.siteDescription).transform((v) => (v === null ? '' : v)),
  timeZone: z.string().trim().max(64).refine(isKnownTimeZone, UNKNOWN_TIME_ZONE).optional()
    .meta({ description: 'The city\'s IANA time zone (e.g. `Asia/Riyadh`): "open now" is read in it; absent keeps it; unknown → 400 `fields.timeZone`' }),
});
export type WebsiteSettingsUpdateBody = z.input<typeof websiteSettingsUpdateSchema>;

// ---- responses -------------------------------------------------------------------------------

/** `data` of DELETE /admin/categories/{id} and /admin/places/{id}. */
export const deleteResultSchema = z.object({ id: z.number().int() });
/** `data` of DELETE /admin/zones/{id}: its buildings were deleted, its places left without zone. */
export const zoneDeleteResultSchema = z.object({ id: z.number().int(), detachedPlaces: z.number().int(), deletedBuildings: z.number().int() });
/** `data` of DELETE /admin/buildings/{id}: its places were left without building. */
export const buildingDeleteResultSchema = z.object({ id: z.number().int(), zoneId: z.number().int(), detachedPlaces: z.number().int() });
/** `data` of GET /admin/categories. */
export const adminCategoryListSchema = z.array(categorySchema);
/** `data` of GET /admin/zones and PUT /admin/zones/reorder: every zone in display order. */
export const adminZoneListSchema = z.array(zoneSchema);
/** `data` of GET /admin/zones/{zoneId}/buildings and its reorder: the zone's buildings in order. */
export const adminBuildingListSchema = z.array(buildingSchema);
/** `data` of GET /admin/places. */
export const adminPlaceListSchema = z.array(placeListItemSchema);
