import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/browser-language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { useSession } from '../../../lib/session.ts';
import { profileSchema } from '../../../shared/schemas/auth-schemas.ts';

/** Query key of the signed-in user's profile; `userId` keeps one user's cache from showing for another. */
export const profileQueryKey = (lang: Lang, userId: string | null) => ['profile', lang, userId] as const;

/**
 * GET /public/auth/profile (public token) → {id, email, name, memberSince (ISO date-time), placesCount, locale, notifyDecisions}.
 * Throws ApiError 401 (after the refresh failed; the transport redirects to login), 404 profile_not_found.
 */
export const profileQueryOptions = (lang: Lang, userId: string | null) =>
  queryOptions({
    queryKey: profileQueryKey(lang, userId),
    queryFn: ({ signal }) => apiRequest('/public/auth/profile', { schema: profileSchema, signal, scope: 'public' }),
    enabled: userId !== null,
  });

export function useProfileQuery() {
  const { lang } = usePreferences();
  const { user } = useSession('public');
  return useQuery(profileQueryOptions(lang, user?.id ?? null));
}
