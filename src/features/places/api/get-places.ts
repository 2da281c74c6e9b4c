import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, publicSchema } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/browser-language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';

export type { PlaceSort } from '../../../shared/schemas/common-schemas.ts';
import type { PublicPlaceSort } from '../../../shared/schemas/common-schemas.ts';
export interface PlacesParams {
  zoneSlug?: string;
  categorySlug?: string;
  search?: string;
  page?: number;
  limit?: number;
  sort?: PublicPlaceSort;
  /** `<lat>,<lng>` of `sort: 'distance'` (items then carry `distanceM`). */
  near?: string;
  /** Only places open now in the city's time zone (`openNow=true`; decision 028). */
  openNow?: boolean;
}


/** A list restricted to one category or one zone (`/categories/{slug}`, `/zones/{slug}`). */
export interface PlacesScope {
  kind: 'category' | 'zone';
  slug: string;
}

/**
 * GET /public/places — or /public/categories/{slug}/places, /public/zones/{slug}/places when the
 * list is scoped — returning `{ data, meta: { page, limit, total } }`; names ordered in `lang`.
 */
export const placesQueryOptions = (lang: Lang, params: PlacesParams, scope?: PlacesScope) =>
  queryOptions({
    queryKey: ['places', lang, scope ?? 'all', params],
    queryFn: ({ signal }) => {
      const path = scope
        ? `/public/${scope.kind === 'category' ? 'categories' : 'zones'}/${encodeURIComponent(scope.slug)}/places`
        : '/public/places';
      // lang: the name order of the page's language (English is the API's default)
      const query = { ...params, search: params.search?.trim() || undefined, lang: lang === 'ar' ? lang : undefined };
      return apiRequest(path, { query, schema: publicSchema('placesPage'), envelope: true, signal });
    },
    placeholderData: keepPreviousData,
  });

export function usePlacesQuery(params: PlacesParams, scope?: PlacesScope) {
  const { lang } = usePreferences();
  return useQuery(placesQueryOptions(lang, params, scope));
}


/** GET /public/places/{slug}: one place with details, related places and its hours read for people. */
export const placeQueryOptions = (lang: Lang, slug: string) =>
  queryOptions({
    queryKey: ['places', lang, 'detail', slug],
    queryFn: ({ signal }) => apiRequest(`/public/places/${encodeURIComponent(slug)}`, { schema: publicSchema('place'), signal }),
  });

export function usePlaceQuery(slug: string) {
  const { lang } = usePreferences();
  return useQuery(placeQueryOptions(lang, slug));
}
