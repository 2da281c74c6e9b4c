import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/browser-language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { adminZoneListSchema } from '../../../shared/schemas/admin-schemas.ts';
import { zoneWithBuildingsSchema } from '../../../shared/schemas/entity-schemas.ts';
import { adminKeys } from './admin-keys.ts';

/** GET /admin/zones: every zone in display order (order from 1) with building and place counts. */
export const adminZonesQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: adminKeys.zones(lang),
    queryFn: ({ signal }) => apiRequest('/admin/zones', { schema: adminZoneListSchema, signal, scope: 'admin' }),
  });

export function useAdminZonesQuery() {
  const { lang } = usePreferences();
  return useQuery(adminZonesQueryOptions(lang));
}

/** GET /admin/zones/{id}: one zone with its buildings in display order; 404 when it does not exist. */
export const adminZoneQueryOptions = (lang: Lang, id: number) =>
  queryOptions({
    queryKey: adminKeys.zone(lang, id),
    queryFn: ({ signal }) => apiRequest(`/admin/zones/${id}`, { schema: zoneWithBuildingsSchema, signal, scope: 'admin' }),
  });

export function useAdminZoneQuery(id: number) {
  const { lang } = usePreferences();
  return useQuery({ ...adminZoneQueryOptions(lang, id), enabled: Number.isSafeInteger(id) && id > 0 });
}
