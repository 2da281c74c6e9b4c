import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/browser-language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { useSession } from '../../../lib/session.ts';
import { pageMetaSchema } from '../../../shared/schemas/common-schemas.ts';
import { placeSchema } from '../../../shared/schemas/entity-schemas.ts';
import { contributionKeys } from './contribution-keys.ts';

export interface MyPlacesParams {
  page: number;
  limit: number;
}

const myPlacesPageSchema = z.object({ data: z.array(placeSchema), meta: pageMetaSchema });

/**
 * GET /public/auth/places (page from 1, limit) → `{ data: Place[] (full shape, newest first), meta:
 * { page, limit, total } }`: the places the signed-in user owns. 401 without a session.
 */
export const myPlacesQueryOptions = (lang: Lang, userId: string | null, params: MyPlacesParams) =>
  queryOptions({
    queryKey: contributionKeys.places(lang, userId, params),
    queryFn: ({ signal }) => apiRequest('/public/auth/places', { query: { ...params }, schema: myPlacesPageSchema, envelope: true, signal, scope: 'public' }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });

export function useMyPlacesQuery(params: MyPlacesParams) {
  const { lang } = usePreferences();
  const { user } = useSession('public');
  return useQuery(myPlacesQueryOptions(lang, user?.id ?? null, params));
}
