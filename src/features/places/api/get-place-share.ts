import { apiRequest, publicSchema } from '../../../lib/api-client.ts';
import type { Lang } from '../../../lib/browser-language.ts';

/**
 * GET /public/places/{slug}/share?lang → `data.url` (canonical link in `lang`: /p/<slug> or
 * /p/<slug>/ar) and `data.title` (the name in `lang`).
 */
export function getPlaceShare(slug: string, lang: Lang) {
  return apiRequest(`/public/places/${encodeURIComponent(slug)}/share`, { query: { lang }, schema: publicSchema('placeShare') });
}
