import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/browser-language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { adminCategoryListSchema, type CategoryCreateBody } from '../../../shared/schemas/admin-schemas.ts';
import { categorySchema, type Category } from '../../../shared/schemas/entity-schemas.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

/** GET /admin/categories: every category, name A–Z, with its place count. */
export const adminCategoriesQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: adminKeys.categories(lang),
    queryFn: ({ signal }) => apiRequest('/admin/categories', { schema: adminCategoryListSchema, signal, scope: 'admin' }),
  });

export function useAdminCategoriesQuery() {
  const { lang } = usePreferences();
  return useQuery(adminCategoriesQueryOptions(lang));
}

/** POST /admin/categories (no id) or PUT /admin/categories/{id} → the saved category; 409 when the slug is taken.
 * The body is the shared contract (`categoryCreateSchema`; on update any subset). */
export function saveCategory({ id, input }: { id?: number; input: CategoryCreateBody }): Promise<Category> {
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
