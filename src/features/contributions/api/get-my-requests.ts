import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/browser-language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { useSession } from '../../../lib/session.ts';
import { pageMetaSchema } from '../../../shared/schemas/common-schemas.ts';
import { placeRequestSchema, type PlaceRequestStatus, type PlaceRequestType } from '../../../shared/schemas/place-request-schemas.ts';
import { contributionKeys } from './contribution-keys.ts';

export interface MyRequestsParams {
  type: PlaceRequestType;
  status?: PlaceRequestStatus;
  page: number;
  limit: number;
}

const myRequestsPageSchema = z.object({ data: z.array(placeRequestSchema), meta: pageMetaSchema });

/**
 * GET /public/auth/requests (type create|edit, optional status, page, limit) → `{ data: PlaceRequest[]
 * (newest first, with proposed changes, updated images and rejection reason), meta }`. 401 without a session.
 */
export const myRequestsQueryOptions = (lang: Lang, userId: string | null, params: MyRequestsParams) =>
  queryOptions({
    queryKey: contributionKeys.requests(lang, userId, params),
    queryFn: ({ signal }) => apiRequest('/public/auth/requests', { query: { ...params }, schema: myRequestsPageSchema, envelope: true, signal, scope: 'public' }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });

export function useMyRequestsQuery(params: MyRequestsParams) {
  const { lang } = usePreferences();
  const { user } = useSession('public');
  return useQuery(myRequestsQueryOptions(lang, user?.id ?? null, params));
}
