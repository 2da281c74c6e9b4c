import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { categorySchema, type Category } from '../../../shared/schemas/entities.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

/** GET /admin/categories: every category, name A–Z, with its place count. */
export const adminCategoriesQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: adminKeys.categories(lang),
    queryFn: ({ signal }) => apiRequest('/admin/categories', { schema: z.array(categorySchema), signal, scope: 'admin' }),
  });

export function useAdminCategoriesQuery() {
  const { lang } = usePreferences();
  return useQuery(adminCategoriesQueryOptions(lang));
}

/** The body of POST /admin/categories and PUT /admin/categories/{id}. */
export interface CategoryInput {
  name: string;
  nameAr?: string | null;
  slug?: string;
  /** A /uploads/ path or an http(s) URL; null removes the icon. */
  iconUrl?: string | null;
}

/** POST /admin/categories (no id) or PUT /admin/categories/{id} → the saved category; 409 when the slug is taken. */
export function saveCategory({ id, input }: { id?: number; input: CategoryInput }): Promise<Category> {
  return id
    ? apiRequest(`/admin/categories/${id}`, { method: 'PUT', body: input, schema: categorySchema, scope: 'admin' })
    : apiRequest('/admin/categories', { method: 'POST', body: input, schema: categorySchema, scope: 'admin' });
}

/** DELETE /admin/categories/{id}; 409 `category_in_use` (its message says how many places use it). */
export function deleteCategory(id: number): Promise<unknown> {
  return apiRequest(`/admin/categories/${id}`, { method: 'DELETE', scope: 'admin' });
}

export function useSaveCategory() {
  return useAdminMutation({
    mutationFn: saveCategory,
    successKey: (_d, v) => (v.id ? 'categories.updateSuccess' : 'categories.createSuccess'),
    errorKey: 'categories.saveError',
    invalidate: [adminKeys.allCategories, adminKeys.allPlaces],
    publicResources: ['categories', 'places'],
  });
}

export function useDeleteCategory() {
  return useAdminMutation({
    mutationFn: deleteCategory,
    successKey: 'categories.deleteSuccess',
    errorKey: 'categories.deleteError',
    invalidate: [adminKeys.allCategories],
    publicResources: ['categories'],
  });
}
