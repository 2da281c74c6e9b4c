import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /public/places/{slug}/share → `data.url` (canonical link) and `data.title`. */
export function getPlaceShare(slug: string) {
  return apiRequest(`/public/places/${encodeURIComponent(slug)}/share`, { schema: z.object({ url: z.string(), title: z.string() }) });
}
