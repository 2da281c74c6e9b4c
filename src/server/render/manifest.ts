import type { Lang } from '../../shared/language.ts';
import { dirOf, localizePath } from '../../shared/language.ts';

interface Settings {
  logoUrl: string | null;
  siteName: string;
  siteNameAr: string | null;
  siteDescription: string;
  siteDescriptionAr: string;
}

/** The theme colours of the pre-paint theme (light) and dark mode; the manifest uses the light one. */
export const THEME_COLORS = { light: '#0f766e', dark: '#134e4a' } as const;

/**
 * The web app manifest (`/manifest.webmanifest`, `?lang=ar` for Arabic): the site's name and description
 * in that language, its start URL, theme colour, and icons — the uploaded logo when set, else the default
 * icons rendered from public/favicon.svg (scripts/make-icons.ts).
 */
export function webManifest(settings: Settings, lang: Lang): Record<string, unknown> {
  const name = lang === 'ar' && settings.siteNameAr?.trim() ? settings.siteNameAr : settings.siteName;
  const description = (lang === 'ar' ? settings.siteDescriptionAr : settings.siteDescription) || settings.siteDescription;
  const icons = settings.logoUrl
    ? [{ src: settings.logoUrl, sizes: 'any', purpose: 'any' }]
    : [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ];
  return {
    name,
    short_name: name,
    description,
    lang,
    dir: dirOf(lang),
    start_url: localizePath('/', lang),
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: THEME_COLORS.light,
    icons,
  };
}
