import type { Tx } from '../db/client.ts';
import { slugFrom } from '../db/import-directory.ts';

export { slugFrom };

/** Tables whose `slug` column is unique on its own. */
export type SlugTable = 'places' | 'categories' | 'zones';

/**
 * A slug for `text` not yet used in `table`: `slugFrom(text)` — the `slugify` package (lower, strict,
 * Arabic transliterated), runs of '-' collapsed, at most 100 characters — or `fallback` when that is
 * empty; if taken, the first free of `base-2`, `base-3`, … (`excludeId`: the row being renamed keeps
 * its own slug). The same rule as `private.unique_place_slug()` in
 * supabase/migrations/20260101001100_moderation.sql (approvals of new places), and the same
 * transaction-level advisory lock per table and base, so concurrent creators never pick the same slug.
 */
export async function uniqueSlug(tx: Tx, table: SlugTable, text: string, options: { fallback?: string; excludeId?: number } = {}): Promise<string> {
  const base = slugFrom(text, options.fallback ?? table.replace(/s$/, '').replace(/ie$/, 'y'));
  await tx`select pg_advisory_xact_lock(hashtextextended(${`public.${table}.slug:${base}`}, 0))`;
  const rows = await tx<{ slug: string }[]>`
    select slug from ${tx('public.' + table)}
    where (slug = ${base} or slug like ${base + '-%'}) and id is distinct from ${options.excludeId ?? null}`;
  const taken = new Set(rows.map((r) => r.slug));
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
}
