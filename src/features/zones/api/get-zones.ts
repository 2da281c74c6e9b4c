import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { zoneSchema, zoneWithBuildingsSchema } from '../../../shared/schemas/entities.ts';

/** GET /public/zones: all zones in display order with building and place counts. */
export const zonesQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ['zones', lang],
    queryFn: ({ signal }) => apiRequest('/public/zones', { schema: z.array(zoneSchema), signal }),
  });

export function useZonesQuery() {
  const { lang } = usePreferences();
  return useQuery(zonesQueryOptions(lang));
}

/** GET /public/zones/{slug}: one zone with its buildings. */
export const zoneQueryOptions = (lang: Lang, slug: string) =>
  queryOptions({
    queryKey: ['zones', lang, 'detail', slug],
    queryFn: ({ signal }) => apiRequest(`/public/zones/${encodeURIComponent(slug)}`, { schema: zoneWithBuildingsSchema, signal }),
  });

export function useZoneQuery(slug: string) {
  const { lang } = usePreferences();
  return useQuery(zoneQueryOptions(lang, slug));
}
