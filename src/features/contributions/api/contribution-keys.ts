import type { Lang } from '../../../lib/browser-language.ts';

/**
 * Query keys of a signed-in user's contributions: their places and their place requests. Keys carry
 * the user id (one user's cache never shows for another) and the language; `all` invalidates both
 * after a submission.
 */
export const contributionKeys = {
  all: ['contributions'] as const,
  places: (lang: Lang, userId: string | null, params: object) => ['contributions', 'places', lang, userId, params] as const,
  requests: (lang: Lang, userId: string | null, params: object) => ['contributions', 'requests', lang, userId, params] as const,
};
