import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebsiteSettings } from '../../../shared/schemas/entity-schemas.ts';
import { apiRequest, publicSchema } from '../../../lib/api-client.ts';
import { DEFAULT_TIME_ZONE } from '../../../shared/opening-hours.ts';

/** Fallback when every attempt fails — default names, empty descriptions, no logo. */
export const FALLBACK_SETTINGS: WebsiteSettings = {
  logoUrl: null,
  siteName: 'Dalil',
  siteNameAr: 'دليل',
  siteDescription: '',
  siteDescriptionAr: '',
  timeZone: DEFAULT_TIME_ZONE,
};

/** First load about 1000 ms after start; 3 retries with doubling delay 1 s, 2 s, 4 s. */
export const SETTINGS_FIRST_LOAD_DELAY_MS = 1000;
const appStart = typeof performance !== 'undefined' ? performance.now() : 0;
const waitForFirstLoad = () => {
  // the server rendering a page asks at once: the HTML carries the site's name and logo (decision 019)
  if (typeof document === 'undefined') return Promise.resolve();
  const left = SETTINGS_FIRST_LOAD_DELAY_MS - ((typeof performance !== 'undefined' ? performance.now() : 0) - appStart);
  return left > 0 ? new Promise((r) => setTimeout(r, left)) : Promise.resolve();
};

export const websiteSettingsKey = ['website-settings'] as const;

export const websiteSettingsQueryOptions = queryOptions({
  queryKey: websiteSettingsKey,
  queryFn: async ({ signal }) => {
    await waitForFirstLoad();
    return apiRequest('/website-settings', { schema: publicSchema('websiteSettings'), signal, scope: 'public' });
  },
  staleTime: Infinity,
  gcTime: Infinity,
  retry: 3,
  retryDelay: (attempt) => 1000 * 2 ** attempt,
});

/** The site's settings; the fallback until loaded and after all retries fail. */
export function useWebsiteSettings(): WebsiteSettings {
  const { data, isError } = useQuery(websiteSettingsQueryOptions);
  if (!data || isError) return FALLBACK_SETTINGS;
  return data;
}
