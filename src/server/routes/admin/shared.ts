import { z } from '@hono/zod-openapi';
import type { Tx } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import { addMessages } from '../../http/messages.ts';
import { idSchema } from '../../../shared/schemas/common.ts';
import { jsonResponses } from '../openapi-helpers.ts';
import type { SlugTable } from '../../queries/slugs.ts';

/** Error codes of the admin API, in both languages (`{{count}}` from the error's params). */
addMessages({
  category_in_use: {
    en: 'This category is used by {{count}} place(s). Move or delete them first.',
    ar: 'هذه الفئة مستخدمة في أماكن عددها {{count}}. انقلها أو احذفها أولًا.',
  },
  slug_taken: { en: 'This slug is already in use.', ar: 'هذا الرابط المختصر (slug) مستخدم بالفعل.' },
  building_not_found: { en: 'Building not found.', ar: 'المبنى غير موجود.' },
  invalid_order: {
    en: 'The new order is not valid. Please reload and try again.',
    ar: 'الترتيب الجديد غير صالح. يرجى إعادة التحميل والمحاولة مرة أخرى.',
  },
  website_settings_not_found: { en: 'Website settings not found.', ar: 'إعدادات الموقع غير موجودة.' },
});

/** Field message of a taken slug (409 `slug_taken`, in `error.fields.slug`). */
export const SLUG_TAKEN_MESSAGE = 'This slug is already in use';

export const security = [{ bearerAuth: [] }];
export const idParams = z.object({ id: idSchema });

/** A required JSON request body. */
export function jsonBody<T extends z.ZodTypeAny>(schema: T) {
  return { body: { content: { 'application/json': { schema } }, required: true } };
}

/** jsonResponses with 201 (created) instead of 200. */
export function created<T extends z.ZodTypeAny>(schema: T, description: string, errors: number[]) {
  const { 200: ok, ...rest } = jsonResponses(schema, description, errors) as unknown as Record<number, unknown>;
  return { 201: ok, ...rest } as unknown as { 201: { description: string; content: { 'application/json': { schema: T } } } };
}

/** The ApiError of a slug already used (409 `slug_taken` with `fields.slug`). */
export const slugTaken = () => new ApiError(409, 'slug_taken', { slug: [SLUG_TAKEN_MESSAGE] });

/**
 * Throws 409 `slug_taken` when `slug` is already used in `table` by another row than `excludeId`
 * (buildings: within `zoneId`). Takes the same advisory lock as `uniqueSlug` for that base.
 */
export async function assertSlugFree(tx: Tx, table: SlugTable, slug: string, options: { excludeId?: number; zoneId?: number } = {}) {
  const scope = table === 'buildings' ? `zone ${options.zoneId}:` : '';
  await tx`select pg_advisory_xact_lock(hashtextextended(${`public.${table}.slug:${scope}${slug}`}, 0))`;
  const [row] = await tx`
    select 1 from ${tx('public.' + table)}
    where slug = ${slug} and id is distinct from ${options.excludeId ?? null}
      ${table === 'buildings' ? tx`and zone_id = ${options.zoneId ?? null}` : tx``}`;
  if (row) throw slugTaken();
}

/** Runs a write; a unique violation (the only unique keys written are slugs) becomes 409 `slug_taken`. */
export async function mapSlugConflict<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if ((error as { code?: string } | null)?.code === '23505') throw slugTaken();
    throw error;
  }
}

/**
 * The snake_case columns of the fields of `body` that are present (not undefined), renamed by
 * `columns` ({ apiName: column }). Used for inserts (absent = default) and updates (absent = unchanged).
 */
export function toColumns(body: Record<string, unknown>, columns: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columns)) {
    if (body[field] !== undefined) out[column] = body[field];
  }
  return out;
}
