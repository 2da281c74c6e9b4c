import { apiRequest } from '../../../lib/api-client.ts';
import type { ZoneCreateBody } from '../../../shared/schemas/admin-schemas.ts';
import { zoneSchema, type Zone } from '../../../shared/schemas/entity-schemas.ts';
import { adminKeys } from './admin-keys.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

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
