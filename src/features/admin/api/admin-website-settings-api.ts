import { useQueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/ui/toaster.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import type { WebsiteSettingsUpdateBody } from '../../../shared/schemas/admin-schemas.ts';
import { websiteSettingsSchema, type WebsiteSettings } from '../../../shared/schemas/entity-schemas.ts';

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

type SettingsFields = Pick<WebsiteSettings, 'logoUrl' | 'siteName' | 'siteNameAr' | 'siteDescription' | 'siteDescriptionAr'>;

/**
 * The full update body (the shared `websiteSettingsUpdateSchema`'s input) from the current settings and the edited fields: texts trimmed, an empty
 * Arabic name left out, an empty logo URL sent as null.
 */
export function toSettingsUpdate(current: SettingsFields, changes: Partial<SettingsFields> & { timeZone?: string }): WebsiteSettingsUpdateBody {
  const merged = { ...current, ...changes };
  const logoUrl = merged.logoUrl?.trim() || null;
  const siteNameAr = (merged.siteNameAr ?? '').trim();
  return {
    logoUrl,
    siteName: merged.siteName.trim(),
    ...(siteNameAr ? { siteNameAr } : {}),
    siteDescription: (merged.siteDescription ?? '').trim(),
    siteDescriptionAr: (merged.siteDescriptionAr ?? '').trim(),
    ...(changes.timeZone?.trim() ? { timeZone: changes.timeZone.trim() } : {}),
  };
}

/** PUT /admin/website-settings → the saved settings (with createdAt/updatedAt). */
export function updateWebsiteSettings(body: WebsiteSettingsUpdateBody): Promise<WebsiteSettings> {
  return apiRequest('/admin/website-settings', { method: 'PUT', body, schema: websiteSettingsSchema, scope: 'admin' });
}

/**
 * Saves the site settings. On success the admin settings cache is replaced and `onSaved` runs (the
 * app uses it to replace the public ['website-settings'] cache, so header, title and favicon change
 * without reload). Failures toast 'Failed to update website settings' unless `silentErrors` (
 * the logo and names modals swallow them).
 */
export function useUpdateWebsiteSettings({ onSaved, silentErrors = false }: { onSaved?: (settings: WebsiteSettings) => void; silentErrors?: boolean } = {}) {
  const queryClient = useQueryClient();
  const { t } = useTranslation('admin');
  return useSingleFlightMutation({
    mutationFn: updateWebsiteSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminWebsiteSettingsKey, saved);
      onSaved?.(saved);
    },
    onError: () => {
      if (!silentErrors) toaster.create({ type: 'error', title: t('settings.updateError') });
    },
  });
}
