import type { Tx } from '../db/client.ts';
import type { Category } from '../../shared/schemas/entity-schemas.ts';
import { CATEGORY_COLUMNS, type CategoryRow } from './columns.ts';
import { toCategory } from './mappers.ts';
import { planSearch, smallTableSearch } from './search-queries.ts';
import { Params, run, toColumns } from './sql.ts';

/** API field → column of a category write. */
const COLUMNS = { name: 'name', nameAr: 'name_ar', iconUrl: 'icon_url', slug: 'slug' };

/** The writable fields of a category (absent = default on insert, unchanged on update). */
export interface CategoryFields { name?: string; nameAr?: string | null; iconUrl?: string | null; slug?: string }

/** The orders a category list comes in: `byName` (public), `byNameThenId` (admin: stable among equal names). */
const CATEGORY_ORDERS = { byName: 'c.name', byNameThenId: 'c.name, c.id' } as const;
export type CategoryOrder = keyof typeof CATEGORY_ORDERS;

/**
 * Every category in `orderName` (see CategoryOrder), or only those whose English or Arabic name
 * matches `search` (the search service: Arabic-aware, word prefixes, typos).
 */
export async function listCategories(tx: Tx, search: string | undefined, orderName: CategoryOrder): Promise<Category[]> {
  const order = CATEGORY_ORDERS[orderName];
  if (!search) return (await tx.unsafe<CategoryRow[]>(`select ${CATEGORY_COLUMNS} from public.categories c order by ${order}`)).map(toCategory);
  const plan = await planSearch(tx, search);
  if (!plan) return [];
  const params = new Params();
  const match = smallTableSearch('c', ['name_key', 'name_ar_key'], plan, params);
  return (await run<CategoryRow>(tx, `select ${CATEGORY_COLUMNS} from public.categories c where ${match.where()} order by ${order}`, params)).map(toCategory);
}

/** One category by slug, with its place count; undefined when absent. */
export async function getCategoryBySlug(tx: Tx, slug: string): Promise<Category | undefined> {
  const [row] = await tx.unsafe<CategoryRow[]>(`select ${CATEGORY_COLUMNS} from public.categories c where c.slug = $1`, [slug]);
  return row ? toCategory(row) : undefined;
}

/** One category by id, with its place count; undefined when absent. */
export async function readCategory(tx: Tx, id: number): Promise<Category | undefined> {
  const [row] = await tx.unsafe<CategoryRow[]>(`select ${CATEGORY_COLUMNS} from public.categories c where c.id = $1`, [id]);
  return row ? toCategory(row) : undefined;
}

/** The id of the category with `slug`; undefined when there is none. */
export async function categoryIdBySlug(tx: Tx, slug: string): Promise<number | undefined> {
  const [row] = await tx`select id from public.categories where slug = ${slug}`;
  return row ? Number(row.id) : undefined;
}

/** Locks the category row for the rest of the transaction; false when it does not exist. */
export async function lockCategory(tx: Tx, id: number): Promise<boolean> {
  const [found] = await tx`select id from public.categories where id = ${id} for update`;
  return Boolean(found);
}

/** Inserts a category (`slug` resolved by the caller); returns its id. */
export async function insertCategory(tx: Tx, fields: CategoryFields & { slug: string }): Promise<number> {
  const [row] = await tx`insert into public.categories ${tx(toColumns({ ...fields }, COLUMNS))} returning id`;
  return Number(row.id);
}

/** Updates the present fields of category `id` (nothing when none is present). */
export async function updateCategory(tx: Tx, id: number, fields: CategoryFields): Promise<void> {
  const changes = toColumns({ ...fields }, COLUMNS);
  if (Object.keys(changes).length) await tx`update public.categories set ${tx(changes)} where id = ${id}`;
}

/** How many places use category `id`. */
export async function countCategoryPlaces(tx: Tx, id: number): Promise<number> {
  const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from public.places where category_id = ${id}`;
  return n;
}

/** Deletes category `id` (the foreign key refuses, 23503, while places use it). */
export async function deleteCategory(tx: Tx, id: number): Promise<void> {
  await tx`delete from public.categories where id = ${id}`;
}
