import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { canonicalPath } from '../../../shared/canonical.ts';
import { localizePath } from '../../../shared/language.ts';
import { usePreferences } from '../../../lib/preferences.tsx';
import { useWebsiteSettings } from '../api/get-website-settings.ts';
import { setMeta } from './document-head.tsx';

const ICON_SIZES = [16, 32, 48, 192, 512];

/** List pages that describe themselves (common `pageDescriptions`, as the server's head.ts writes them). */
const PAGE_DESCRIPTIONS: Record<string, 'places' | 'categories' | 'map'> = { '/places': 'places', '/categories': 'categories', '/map': 'map' };

/**
 * Keeps <head> in sync with the settings and language: favicons from the site logo in sizes
 * 16/32/48/192/512 (fallback /favicon.svg), description and social-share meta in the current language
 * (the site's description, or a list page's own: places, categories, map). Rendered once the page has hydrated
 * (src/app/layouts/root-layout.tsx loads it then): a server-rendered page's head is right already (decision 063).
 */
export function DocumentHead() {
  const settings = useWebsiteSettings();
  const { lang, pick } = usePreferences();
  const siteName = pick(settings.siteName, settings.siteNameAr);
  const { t } = useTranslation();
  const route = useLocation();
  const page = PAGE_DESCRIPTIONS[canonicalPath(route.pathname)];
  const description = page
    ? t(`pageDescriptions.${page}`, { site: siteName })
    : (lang === 'ar' ? settings.siteDescriptionAr : settings.siteDescription) || settings.siteDescription;

  useEffect(() => {
    document.head.querySelectorAll('link[rel~="icon"], link[rel="apple-touch-icon"]').forEach((l) => l.remove());
    const add = (rel: string, href: string, size?: number, type?: string) => {
      const link = document.createElement('link');
      link.rel = rel;
      link.href = href;
      if (size) link.setAttribute('sizes', `${size}x${size}`);
      if (type) link.type = type;
      document.head.appendChild(link);
    };
    if (settings.logoUrl) {
      for (const size of ICON_SIZES) add('icon', settings.logoUrl, size);
      add('apple-touch-icon', settings.logoUrl, 192);
    } else {
      add('icon', '/favicon.svg', undefined, 'image/svg+xml');
    }
  }, [settings.logoUrl]);

  // canonical and language alternates follow client-side navigation (the server wrote the first ones)
  useEffect(() => {
    const path = canonicalPath(route.pathname, route.search);
    const [p, qs] = path.split('?');
    const at = (l: 'en' | 'ar') => `${window.location.origin}${localizePath(p || '/', l)}${qs ? `?${qs}` : ''}`;
    const link = (selector: string, rel: string, hreflang?: string) => {
      let el = document.head.querySelector<HTMLLinkElement>(selector);
      if (!el) {
        el = document.createElement('link');
        el.rel = rel;
        if (hreflang) el.hreflang = hreflang;
        document.head.appendChild(el);
      }
      return el;
    };
    // only where the server writes them too (public pages), never on sign-in or admin screens
    if (!document.head.querySelector('link[rel=canonical]')) return;
    link('link[rel=canonical]', 'canonical').href = at(lang);
    link('link[rel=alternate][hreflang=en]', 'alternate', 'en').href = at('en');
    link('link[rel=alternate][hreflang=ar]', 'alternate', 'ar').href = at('ar');
    link('link[rel=alternate][hreflang=x-default]', 'alternate', 'x-default').href = at('en');
    setMeta('meta[property="og:url"]', 'property', 'og:url', at(lang));
  }, [route.pathname, route.search, lang]);

  useEffect(() => {
    setMeta('meta[name="description"]', 'name', 'description', description);
    setMeta('meta[property="og:description"]', 'property', 'og:description', description);
    setMeta('meta[property="og:site_name"]', 'property', 'og:site_name', siteName);
    setMeta('meta[property="og:locale"]', 'property', 'og:locale', lang === 'ar' ? 'ar_SA' : 'en_US');
    if (settings.logoUrl) setMeta('meta[property="og:image"]', 'property', 'og:image', new URL(settings.logoUrl, location.origin).href);
  }, [description, siteName, lang, settings.logoUrl]);
  return null;
}

