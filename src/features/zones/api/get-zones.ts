import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, publicSchema } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';

/** GET /public/zones: all zones in display order with building and place counts. */
export const zonesQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ['zones', lang],
    queryFn: ({ signal }) => apiRequest('/public/zones', { schema: publicSchema('zones'), signal }),
  });

export function useZonesQuery() {
  const { lang } = usePreferences();
  return useQuery(zonesQueryOptions(lang));
}

/** GET /public/zones/{slug}: one zone with its buildings. */
export const zoneQueryOptions = (lang: Lang, slug: string) =>
  queryOptions({
    queryKey: ['zones', lang, 'detail', slug],
    queryFn: ({ signal }) => apiRequest(`/public/zones/${encodeURIComponent(slug)}`, { schema: publicSchema('zone'), signal }),
  });

export function useZoneQuery(slug: string) {
  const { lang } = usePreferences();
  return useQuery(zoneQueryOptions(lang, slug));
}
