import type { Tx } from '../db/client.ts';
import { run } from './sql.ts';

/** A page of the sitemap: a slug and when its row last changed. */
export interface SitemapRow {
  slug: string;
  updatedAt: Date;
}

/** A row of `select slug, updated_at` from places, categories or zones. */
interface SlugRow { slug: string; updated_at: Date }
const toSitemapRow = (r: SlugRow): SitemapRow => ({ slug: r.slug, updatedAt: r.updated_at });

/** How many places are listed publicly (every place is public). */
export async function countPlaces(tx: Tx): Promise<number> {
  const [row] = await run<{ n: number }>(tx, 'select count(*)::int as n from public.places');
  return row?.n ?? 0;
}

/** The newest change of any place (null with no places): the sitemap index's lastmod of their pages. */
export async function lastPlaceChange(tx: Tx): Promise<Date | null> {
  const [row] = await run<{ at: Date | null }>(tx, 'select max(updated_at) as at from public.places');
  return row?.at ?? null;
}

/** Places `offset` … `offset + limit - 1` in a stable order (by id): slug and updated_at. */
export async function placePage(tx: Tx, offset: number, limit: number): Promise<SitemapRow[]> {
  const rows = await run<SlugRow>(tx, 'select slug, updated_at from public.places order by id limit $1 offset $2', [limit, offset]);
  return rows.map(toSitemapRow);
}

/** Every category and every zone (slug, updated_at), for the sitemap's section pages. */
export async function sectionRows(tx: Tx): Promise<{ categories: SitemapRow[]; zones: SitemapRow[] }> {
  const [categories, zones] = await Promise.all([
    run<SlugRow>(tx, 'select slug, updated_at from public.categories order by id'),
    run<SlugRow>(tx, 'select slug, updated_at from public.zones order by id'),
  ]);
  return { categories: categories.map(toSitemapRow), zones: zones.map(toSitemapRow) };
}
