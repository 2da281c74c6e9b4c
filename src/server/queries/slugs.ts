import slugify from 'slugify';
import type { Tx } from '../db/client.ts';
import { ConflictError } from '../domain-errors.ts';
import { SERVER_FIELD_MESSAGES } from '../domain-errors.ts';

/** Lower-case ASCII slug from any text (Arabic transliterated), falling back to `fallback`. */
export function slugFrom(text: string, fallback: string): string {
  const s = slugify(text, { lower: true, strict: true, trim: true }).replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, 100).replace(/-$/, '');
  return s || fallback;
}

/** Tables with a `slug` column: unique on its own, except buildings' (unique within their zone). */
export type SlugTable = 'places' | 'categories' | 'zones' | 'buildings';

/**
 * A slug for `text` not yet used in `table`: `slugFrom(text)` — the `slugify` package (lower, strict,
 * Arabic transliterated), runs of '-' collapsed, at most 100 characters — or `fallback` when that is
 * empty; if taken, the first free of `base-2`, `base-3`, … (`excludeId`: the row being renamed keeps
 * its own slug; `zoneId`: the scope of a building's slug, required for 'buildings'). The same rule as `private.unique_place_slug()` in
 * supabase/migrations/20260101001100_moderation.sql (approvals of new places), and the same
 * transaction-level advisory lock per table and base, so concurrent creators never pick the same slug.
 */
export async function uniqueSlug(
  tx: Tx,
  table: SlugTable,
  text: string,
  options: { fallback?: string; excludeId?: number; zoneId?: number } = {},
): Promise<string> {
  if (table === 'buildings' && options.zoneId === undefined) throw new Error('uniqueSlug: buildings need options.zoneId');
  const base = slugFrom(text, options.fallback ?? table.replace(/s$/, '').replace(/ie$/, 'y'));
  const scope = table === 'buildings' ? `zone ${options.zoneId}:` : '';
  await tx`select pg_advisory_xact_lock(hashtextextended(${`public.${table}.slug:${scope}${base}`}, 0))`;
  const rows = await tx<{ slug: string }[]>`
    select slug from ${tx('public.' + table)}
    where (slug = ${base} or slug like ${base + '-%'}) and id is distinct from ${options.excludeId ?? null}
      ${table === 'buildings' ? tx`and zone_id = ${options.zoneId!}` : tx``}`;
  const taken = new Set(rows.map((r) => r.slug));
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
}

/** Field message of a taken slug (409 `slug_taken`, in `error.fields.slug`). */
export const SLUG_TAKEN_MESSAGE = SERVER_FIELD_MESSAGES.slugTaken;

/** The ConflictError of a slug already used (409 `slug_taken` with `fields.slug`). */
export const slugTaken = () => new ConflictError('slug_taken', { fields: { slug: [SLUG_TAKEN_MESSAGE] } });

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
