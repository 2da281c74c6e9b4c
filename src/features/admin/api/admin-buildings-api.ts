import { apiRequest } from '../../../lib/api-client.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import type { BuildingCreateBody } from '../../../shared/schemas/admin-schemas.ts';
import { buildingSchema, type Building, type ZoneWithBuildings } from '../../../shared/schemas/entity-schemas.ts';
import { adminKeys } from './admin-keys.ts';
import { useOptimisticReorder, type OrderEntry } from './use-optimistic-reorder.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

/**
 * POST /admin/zones/{zoneId}/buildings (no id) or PUT /admin/buildings/{id} → the saved building. The
 * body is the shared contract (src/shared/schemas/admin-schemas.ts `buildingCreateSchema`; on update any subset).
 */
export function saveBuilding({ zoneId, id, input }: { zoneId: number; id?: number; input: BuildingCreateBody }): Promise<Building> {
  return id
    ? apiRequest(`/admin/buildings/${id}`, { method: 'PUT', body: input, schema: buildingSchema, scope: 'admin' })
    : apiRequest(`/admin/zones/${zoneId}/buildings`, { method: 'POST', body: input, schema: buildingSchema, scope: 'admin' });
}

/** DELETE /admin/buildings/{id}: its places keep existing without a building. */
export function deleteBuilding(id: number): Promise<unknown> {
  return apiRequest(`/admin/buildings/${id}`, { method: 'DELETE', scope: 'admin' });
}

/** PUT /admin/zones/{zoneId}/buildings/reorder {order:[{id,order}]}: every building of the zone, order from 1. */
export function reorderBuildings(zoneId: number, order: OrderEntry[]): Promise<unknown> {
  return apiRequest(`/admin/zones/${zoneId}/buildings/reorder`, { method: 'PUT', body: { order }, scope: 'admin' });
}

export function useSaveBuilding() {
  return useAdminMutation({
    mutationFn: saveBuilding,
    successKey: (_d, v) => (v.id ? 'buildings.updateSuccess' : 'buildings.createSuccess'),
    errorKey: 'buildings.saveError',
    invalidate: [adminKeys.allZones],
    publicResources: ['zones'],
  });
}

export function useDeleteBuilding() {
  return useAdminMutation({
    mutationFn: deleteBuilding,
    successKey: 'buildings.deleteSuccess',
    errorKey: 'buildings.deleteError',
    invalidate: [adminKeys.allZones],
    publicResources: ['zones', 'places'],
  });
}

/** Reorders a zone's buildings optimistically; rolled back with 'Failed to reorder buildings' on failure. */
export function useReorderBuildings(zoneId: number) {
  const { lang } = usePreferences();
  return useOptimisticReorder<ZoneWithBuildings, Building>({
    queryKey: adminKeys.zone(lang, zoneId),
    send: (order) => reorderBuildings(zoneId, order),
    apply: (zone, buildings) => ({ ...zone, buildings }),
    successKey: 'buildings.reorderSuccess',
    errorKey: 'buildings.reorderError',
    invalidate: [adminKeys.allZones],
    publicResources: ['zones'],
  });
}
