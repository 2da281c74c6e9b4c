import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

const deleteZoneResultSchema = z.object({ detachedPlaces: z.number().int().optional() }).passthrough().nullish();

/** DELETE /admin/zones/{id}: removes the zone and its buildings; its places keep existing without a zone. */
export async function deleteZone(id: number): Promise<{ detachedPlaces: number }> {
  const data = await apiRequest(`/admin/zones/${id}`, { method: 'DELETE', schema: deleteZoneResultSchema, scope: 'admin' });
  return { detachedPlaces: data?.detachedPlaces ?? 0 };
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
