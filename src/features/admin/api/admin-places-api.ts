import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/browser-language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { pageMetaSchema } from '../../../shared/schemas/common-schemas.ts';
import { adminPlaceListSchema } from '../../../shared/schemas/admin-schemas.ts';
import { placeSchema, type Place } from '../../../shared/schemas/entity-schemas.ts';
import type { PlaceGap } from '../../../shared/schemas/overview-schemas.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

export interface AdminPlacesParams {
  search?: string;
  categoryId?: number;
  zoneId?: number;
  /** Only the places with this gap (the overview's links). */
  missing?: PlaceGap;
  page: number;
  limit: number;
}

const adminPlacesPageSchema = z.object({ data: adminPlaceListSchema, meta: pageMetaSchema });

/** GET /admin/places (search, categoryId, zoneId, missing, page from 1, limit; names ordered in `lang`) → `{ data, meta: { page, limit, total } }`. */
export const adminPlacesQueryOptions = (lang: Lang, params: AdminPlacesParams) =>
  queryOptions({
    queryKey: adminKeys.places(lang, params),
    queryFn: ({ signal }) =>
      apiRequest('/admin/places', {
        // lang: the name order of the page's language (English is the API's default)
        query: { ...params, search: params.search?.trim() || undefined, lang: lang === 'ar' ? lang : undefined },
        schema: adminPlacesPageSchema,
        envelope: true,
        signal,
        scope: 'admin',
      }),
    placeholderData: keepPreviousData,
  });

export function useAdminPlacesQuery(params: AdminPlacesParams) {
  const { lang } = usePreferences();
  return useQuery(adminPlacesQueryOptions(lang, params));
}

/** GET /admin/places/{id}: the full place (contact, location, details, manager). */
export const adminPlaceQueryOptions = (lang: Lang, id: number) =>
  queryOptions({
    queryKey: adminKeys.place(lang, id),
    queryFn: ({ signal }) => apiRequest(`/admin/places/${id}`, { schema: placeSchema, signal, scope: 'admin' }),
  });

export function useAdminPlaceQuery(id: number | null) {
  const { lang } = usePreferences();
  return useQuery({ ...adminPlaceQueryOptions(lang, id ?? 0), enabled: id !== null && id > 0 });
}

/** POST /admin/places (no id) or PUT /admin/places/{id} with the place payload → the saved place. */
export function savePlace({ id, input }: { id?: number; input: object }): Promise<Place> {
  return id
    ? apiRequest(`/admin/places/${id}`, { method: 'PUT', body: input, schema: placeSchema, scope: 'admin' })
    : apiRequest('/admin/places', { method: 'POST', body: input, schema: placeSchema, scope: 'admin' });
}

/** DELETE /admin/places/{id}. */
export function deletePlace(id: number): Promise<unknown> {
  return apiRequest(`/admin/places/${id}`, { method: 'DELETE', scope: 'admin' });
}

export function useSavePlace() {
  return useAdminMutation({
    mutationFn: savePlace,
    successKey: (_d, v) => (v.id ? 'places.updateSuccess' : 'places.createSuccess'),
    errorKey: 'places.saveError',
    invalidate: [adminKeys.allPlaces, adminKeys.allCategories, adminKeys.allZones],
    publicResources: ['places', 'categories', 'zones'],
  });
}

export function useDeletePlace() {
  return useAdminMutation({
    mutationFn: deletePlace,
    successKey: 'places.deleteSuccess',
    errorKey: 'places.deleteError',
    invalidate: [adminKeys.allPlaces, adminKeys.allCategories, adminKeys.allZones],
    publicResources: ['places', 'categories', 'zones'],
  });
}
