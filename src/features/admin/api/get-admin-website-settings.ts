import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { websiteSettingsSchema } from '../../../shared/schemas/entity-schemas.ts';

export const adminWebsiteSettingsKey = ['admin-website-settings'] as const;

/**
 * GET /admin/website-settings: the stored settings as an admin edits them (logoUrl or null, siteName,
 * siteNameAr, siteDescription, siteDescriptionAr, createdAt, updatedAt).
 */
export const adminWebsiteSettingsQueryOptions = queryOptions({
  queryKey: adminWebsiteSettingsKey,
  queryFn: ({ signal }) => apiRequest('/admin/website-settings', { schema: websiteSettingsSchema, signal, scope: 'admin' }),
});

export function useAdminWebsiteSettingsQuery(enabled = true) {
  return useQuery({ ...adminWebsiteSettingsQueryOptions, enabled });
}
