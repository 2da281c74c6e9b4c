import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, publicSchema } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/browser-language.ts';
import type { Zone } from '../../../shared/schemas/entity-schemas.ts';
import { sortZones } from '../../../lib/name-order.ts';
import { usePreferences } from '../../../lib/preferences.tsx';

/** GET /public/zones: all zones in display order with building and place counts. */
export const zonesQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: ['zones', lang],
    queryFn: ({ signal }) => apiRequest('/public/zones', { schema: publicSchema('zones'), signal }),
  });

/** One stable `select` per language (a new function each render would re-sort on every render). */
const ZONES_BY_NAME: Record<Lang, (zones: Zone[]) => Zone[]> = { en: (z) => sortZones(z, 'en'), ar: (z) => sortZones(z, 'ar') };

/**
 * The public zones A–Z in the page's language (decision 044: a 148-district pick list or grid is
 * alphabetical in the reader's language; the admin's zone order is the admin console's).
 */
export function useZonesQuery() {
  const { lang } = usePreferences();
  return useQuery({ ...zonesQueryOptions(lang), select: ZONES_BY_NAME[lang] });
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
