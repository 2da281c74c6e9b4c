import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { usePreferences } from '../../../lib/preferences.tsx';
import type { WebsiteSettings } from '../../../shared/schemas/entity-schemas.ts';
import { FALLBACK_SETTINGS, websiteSettingsKey } from '../api/get-website-settings.ts';

/** Sets (adding it when missing) the `<meta>` that `selector` finds in the document's head. */
export function setMeta(selector: string, attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(selector);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/**
 * Sets the page title to 'section | site name' (the site name alone on home; issue 14 changed the earlier
 * 'site name - section' so that the page's own name comes first in tabs and search results, as the server
 * writes it into the HTML: src/server/render/head.ts); the Arabic site name in Arabic. Follows the
 * settings query from the cache instead of subscribing the page to it, so their arrival (~1 s after
 * start) retitles the document without re-rendering the page (decision 012).
 */
export function useDocumentTitle(section?: string | null) {
  const queryClient = useQueryClient();
  const { pick } = usePreferences();
  useEffect(() => {
    const apply = () => {
      const settings = queryClient.getQueryData<WebsiteSettings>(websiteSettingsKey) ?? FALLBACK_SETTINGS;
      const siteName = pick(settings.siteName, settings.siteNameAr);
      const title = section ? `${section} | ${siteName}` : siteName;
      if (document.title === title) return;
      document.title = title;
      setMeta('meta[property="og:title"]', 'property', 'og:title', title);
    };
    apply();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] === websiteSettingsKey[0]) apply();
    });
  }, [queryClient, pick, section]);
}
