import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/browser-language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { adminZoneListSchema, type ZoneCreateBody, zoneDeleteResultSchema } from '../../../shared/schemas/admin-schemas.ts';
import { zoneWithBuildingsSchema, zoneSchema, type Zone } from '../../../shared/schemas/entity-schemas.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminMutation } from './use-admin-mutation.ts';
import { useOptimisticReorder, type OrderEntry } from './use-optimistic-reorder.ts';

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

/** POST /admin/zones (no id) or PUT /admin/zones/{id} → the saved zone. 400 with field errors, 409 slug taken.
 * The body is the shared contract (`zoneCreateSchema`; on update any subset). */
export function saveZone({ id, input }: { id?: number; input: ZoneCreateBody }): Promise<Zone> {
  return id
    ? apiRequest(`/admin/zones/${id}`, { method: 'PUT', body: input, schema: zoneSchema, scope: 'admin' })
    : apiRequest('/admin/zones', { method: 'POST', body: input, schema: zoneSchema, scope: 'admin' });
}

/** Creates or updates a zone with the spec's toasts; refreshes admin zones and public zone/place lists. */
export function useSaveZone() {
  return useAdminMutation({
    mutationFn: saveZone,
    successKey: (_d, v) => (v.id ? 'zones.updateSuccess' : 'zones.createSuccess'),
    errorKey: 'zones.saveError',
    invalidate: [adminKeys.allZones],
    publicResources: ['zones', 'places'],
  });
}

/** DELETE /admin/zones/{id}: removes the zone and its buildings; its places keep existing without a zone
 * (`data` = { id, detachedPlaces, deletedBuildings }, the shared `zoneDeleteResultSchema`). */
export function deleteZone(id: number): Promise<{ id: number; detachedPlaces: number; deletedBuildings: number }> {
  return apiRequest(`/admin/zones/${id}`, { method: 'DELETE', schema: zoneDeleteResultSchema, scope: 'admin' });
}

export function useDeleteZone() {
  return useAdminMutation({
    mutationFn: deleteZone,
    successKey: (d) => (d.detachedPlaces > 0 ? 'zones.deleteSuccessDetached' : 'zones.deleteSuccess'),
    successValues: (d) => ({ count: d.detachedPlaces }),
    errorKey: 'zones.deleteError',
    invalidate: [adminKeys.allZones, adminKeys.allPlaces],
    publicResources: ['zones', 'places'],
  });
}

/** PUT /admin/zones/reorder {order:[{id,order}]}: all zones, order from 1, applied atomically (400 otherwise). */
export function reorderZones(order: OrderEntry[]): Promise<unknown> {
  return apiRequest('/admin/zones/reorder', { method: 'PUT', body: { order }, scope: 'admin' });
}

/** Reorders the zone list optimistically; rolled back with 'Failed to reorder zones' on failure. */
export function useReorderZones() {
  const { lang } = usePreferences();
  return useOptimisticReorder<Zone[], Zone>({
    queryKey: adminKeys.zones(lang),
    send: reorderZones,
    apply: (_cached, items) => items,
    successKey: 'zones.reorderSuccess',
    errorKey: 'zones.reorderError',
    invalidate: [adminKeys.allZones],
    publicResources: ['zones'],
  });
}
