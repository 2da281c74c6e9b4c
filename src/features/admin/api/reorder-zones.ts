import { apiRequest } from '../../../lib/api-client.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import type { Zone } from '../../../shared/schemas/entity-schemas.ts';
import { adminKeys } from './admin-keys.ts';
import { useOptimisticReorder, type OrderEntry } from './use-optimistic-reorder.ts';

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
