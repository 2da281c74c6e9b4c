import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Lang } from '../../../lib/browser-language.ts';

/**
 * React Query keys of the admin console. Each starts with the resource, then the language (
 * a language change invalidates everything), then parameters.
 */
export const adminKeys = {
  /** Prefixes: every admin query of a resource, whatever the language. */
  allZones: ['admin-zones'] as const,
  allCategories: ['admin-categories'] as const,
  allPlaces: ['admin-places'] as const,
  allPlaceRequests: ['admin-place-requests'] as const,
  allHistory: ['admin-history'] as const,
  zones: (lang: Lang) => ['admin-zones', lang, 'list'] as const,
  zone: (lang: Lang, id: number) => ['admin-zones', lang, 'detail', id] as const,
  categories: (lang: Lang, search?: string) => ['admin-categories', lang, 'list', { search: search || undefined }] as const,
  places: (lang: Lang, params: object) => ['admin-places', lang, 'list', params] as const,
  place: (lang: Lang, id: number) => ['admin-places', lang, 'detail', id] as const,
  placeRequests: (lang: Lang, params: object) => ['admin-place-requests', lang, 'list', params] as const,
  placeRequest: (lang: Lang, id: number) => ['admin-place-requests', lang, 'detail', id] as const,
  /** The overview counts places: under the places prefix, so place writes refresh it. */
  overview: (lang: Lang) => ['admin-places', lang, 'overview'] as const,
};

/**
 * After an admin write, the public screens' caches of the same resources are stale too (their keys
 * start with 'zones', 'categories', 'places', 'search'); marking them stale refetches them when shown.
 */
export function invalidateAfterWrite(queryClient: QueryClient, admin: QueryKey[], publicResources: string[]) {
  for (const queryKey of admin) void queryClient.invalidateQueries({ queryKey });
  for (const resource of [...publicResources, 'search']) void queryClient.invalidateQueries({ queryKey: [resource] });
}
