import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { mapMarkersSchema } from '../../../shared/schemas/map.ts';

/**
 * GET /public/map/markers (optional `zoneSlug`) → `{ places: [{slug,name,nameAr,lat,lng,category}],
 * buildings: [{slug,name,nameAr,number,lat,lng,zone}] }`: every place and building with coordinates
 * (both languages' names; the server lets the browser cache the answer for 60 s).
 */
export const mapMarkersQueryOptions = (lang: Lang, zoneSlug?: string) =>
  queryOptions({
    queryKey: ['map-markers', lang, { zoneSlug: zoneSlug ?? null }],
    queryFn: ({ signal }) => apiRequest('/public/map/markers', { query: { zoneSlug }, schema: mapMarkersSchema, signal }),
    staleTime: 5 * 60_000,
  });

export function useMapMarkersQuery(zoneSlug?: string) {
  const { lang } = usePreferences();
  return useQuery(mapMarkersQueryOptions(lang, zoneSlug));
}
