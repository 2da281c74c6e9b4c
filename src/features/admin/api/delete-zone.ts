import { apiRequest } from '../../../lib/api-client.ts';
import { zoneDeleteResultSchema } from '../../../shared/schemas/admin-schemas.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

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
