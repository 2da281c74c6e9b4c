import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, publicSchema } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/browser-language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { LIMITS } from '../../../shared/constants.ts';

/** Search text as sent: trimmed, at most the API's 200 characters; '' means "do not search". */
export const normalizeSearchText = (text: string) => text.trim().slice(0, LIMITS.searchMaxLength);

/**
 * GET /public/search?q=&limit= → `{ categories, places, zones, buildings }`, at most `limit` per group,
 * best matches first (Arabic-aware, typo-tolerant). Disabled while the text is blank after trimming.
 */
export const searchQueryOptions = (lang: Lang, text: string, limit: number) => {
  const q = normalizeSearchText(text);
  return queryOptions({
    queryKey: ['search', lang, { q, limit }],
    queryFn: ({ signal }) => apiRequest('/public/search', { query: { q, limit }, schema: publicSchema('search'), signal }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
};

export function useSearchQuery(text: string, limit: number) {
  const { lang } = usePreferences();
  return useQuery(searchQueryOptions(lang, text, limit));
}
