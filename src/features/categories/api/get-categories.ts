import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, publicSchema } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/browser-language.ts';
import type { Category } from '../../../shared/schemas/entity-schemas.ts';
import { sortCategories } from '../../../lib/name-order.ts';
import { usePreferences } from '../../../lib/preferences.tsx';

/** GET /public/categories (optional `search`): all categories, name A–Z, with place counts. */
export const categoriesQueryOptions = (lang: Lang, search?: string) =>
  queryOptions({
    queryKey: ['categories', lang, { search: search?.trim() || undefined }],
    queryFn: ({ signal }) =>
      apiRequest('/public/categories', { query: { search: search?.trim() || undefined }, schema: publicSchema('categories'), signal }),
  });

/** One stable `select` per language (a new function each render would re-sort on every render). */
const CATEGORIES_BY_NAME: Record<Lang, (categories: Category[]) => Category[]> = {
  en: (c) => sortCategories(c, 'en'),
  ar: (c) => sortCategories(c, 'ar'),
};

/** The categories A–Z in the page's language, "Other" last (decision 044), for grids and pick lists. */
export function useCategoriesQuery(search?: string) {
  const { lang } = usePreferences();
  return useQuery({ ...categoriesQueryOptions(lang, search), select: CATEGORIES_BY_NAME[lang] });
}

/** GET /public/categories/{slug}. */
export const categoryQueryOptions = (lang: Lang, slug: string) =>
  queryOptions({
    queryKey: ['categories', lang, 'detail', slug],
    queryFn: ({ signal }) => apiRequest(`/public/categories/${encodeURIComponent(slug)}`, { schema: publicSchema('category'), signal }),
  });

export function useCategoryQuery(slug: string) {
  const { lang } = usePreferences();
  return useQuery(categoryQueryOptions(lang, slug));
}
