import type { Lang } from '../../shared/language.ts';
import { localizePath } from '../../shared/language.ts';
import type { z } from 'zod';
import type { categorySchema, placeSchema, websiteSettingsSchema, zoneSchema } from '../../shared/schemas/entity-schemas.ts';
import en from '../../../locales/en/common.json' with { type: 'json' };
import ar from '../../../locales/ar/common.json' with { type: 'json' };
import { escapeJsonForHtml } from './html-escape.ts';

type Place = z.infer<typeof placeSchema>;
type Category = z.infer<typeof categorySchema>;
type Zone = z.infer<typeof zoneSchema>;
type Settings = z.infer<typeof websiteSettingsSchema>;

/** What a page is about, as far as its `<head>` is concerned (src/server/render/renderer.ts fills it from the API). */
export type PageSubject =
  | { kind: 'home' }
  | { kind: 'places' }
  | { kind: 'categories' }
  | { kind: 'category'; category: Category }
  | { kind: 'zone'; zone: Zone }
  | { kind: 'place'; place: Place }
  | { kind: 'search'; q: string }
  | { kind: 'map' }
  | { kind: 'map-zone'; zone: Zone }
  | { kind: 'not-found' };

export interface HeadInput {
  subject: PageSubject;
  lang: Lang;
  settings: Settings;
  /** The site's public origin (PUBLIC_URL, else the request's), without a trailing slash. */
  origin: string;
  /** The page's language-neutral canonical path with its meaningful query (`/p/x`, `/places?page=2`). */
  canonicalPath: string;
}

/** `<head>` content of a rendered page: title, meta, links and JSON-LD blocks (decision 019). */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute canonical URL in the page's language. */
  canonical: string;
  /** Absolute URLs of the English and Arabic twins. */
  alternates: { en: string; ar: string };
  image: string;
  robots: string | null;
  /** JSON-LD objects (each written as its own `<script type="application/ld+json">`). */
  jsonLd: Record<string, unknown>[];
}

const strings = { en, ar } as const;
const section = (lang: Lang, key: keyof typeof en.sections) => strings[lang].sections[key];
/** A list page's own meta description (locales' `pageDescriptions`), naming the site. */
const pageDescription = (lang: Lang, key: keyof typeof en.pageDescriptions, siteName: string) =>
  strings[lang].pageDescriptions[key].replaceAll('{{site}}', siteName);
const pick = (lang: Lang, value: string, valueAr: string | null | undefined) => (lang === 'ar' && valueAr?.trim() ? valueAr : value);

/** Default share image when a page has none of its own (public/og-default.png, 1200×630). */
export const DEFAULT_SHARE_IMAGE = '/og-default.png';

/** schema.org types for the seeded categories (closest LocalBusiness subtype or Place), by slug. */
const SCHEMA_TYPES: Record<string, string> = {
  restaurants: 'Restaurant',
  cafes: 'CafeOrCoffeeShop',
  'bakeries-desserts': 'Bakery',
  hotels: 'Hotel',
  malls: 'ShoppingCenter',
  supermarkets: 'GroceryStore',
  fashion: 'ClothingStore',
  shops: 'Store',
  automotive: 'AutomotiveBusiness',
  fuel: 'GasStation',
  health: 'MedicalBusiness',
  pharmacies: 'Pharmacy',
  beauty: 'BeautySalon',
  sports: 'SportsActivityLocation',
  education: 'EducationalOrganization',
  mosques: 'Mosque',
  parks: 'Park',
  entertainment: 'EntertainmentBusiness',
  attractions: 'TouristAttraction',
};

/** The schema.org type of a place of category `slug` (LocalBusiness when none fits better). */
export function schemaTypeOf(categorySlug: string): string {
  return SCHEMA_TYPES[categorySlug] ?? 'LocalBusiness';
}

const absolute = (origin: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);

function localized(origin: string, pathWithQuery: string, lang: Lang) {
  const [path = '/', query] = pathWithQuery.split('?', 2);
  return `${origin}${localizePath(path, lang)}${query ? `?${query}` : ''}`;
}

function breadcrumbs(origin: string, lang: Lang, items: [string, string][]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: localized(origin, path, lang) })),
  };
}

/**
 * The `<head>` of a page: title ("Name — Category, Zone | Site name" for a place, "Section | Site name"
 * elsewhere, the site name alone on home; Arabic names on /ar), description from the data (home: the site's
 * description; places, categories, map: their own, naming the site), canonical and
 * hreflang URLs, share image (place logo or main image, else the site logo, else the default image) and
 * JSON-LD (WebSite + SearchAction on home; BreadcrumbList on list pages; the place's schema.org type).
 */
export function buildHead(input: HeadInput): PageHead {
  const { subject, lang, settings, origin, canonicalPath } = input;
  const siteName = pick(lang, settings.siteName, settings.siteNameAr);
  const siteDescription = (lang === 'ar' ? settings.siteDescriptionAr : settings.siteDescription) || settings.siteDescription || strings[lang].home.title;
  const home = strings[lang].nav.home;
  const withSite = (title: string) => `${title} | ${siteName}`;
  let title = siteName;
  let description = siteDescription;
  let image = settings.logoUrl ?? DEFAULT_SHARE_IMAGE;
  let robots: string | null = null;
  const jsonLd: Record<string, unknown>[] = [];
  const url = localized(origin, canonicalPath, lang);

  switch (subject.kind) {
    case 'home':
      jsonLd.push({
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: siteName,
        alternateName: lang === 'ar' ? settings.siteName : settings.siteNameAr ?? undefined,
        url: localized(origin, '/', lang),
        inLanguage: lang,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${localized(origin, '/search', lang)}?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      });
      break;
    case 'places':
      title = withSite(section(lang, 'places'));
      description = pageDescription(lang, 'places', siteName);
      jsonLd.push(breadcrumbs(origin, lang, [[home, '/'], [section(lang, 'places'), '/places']]));
      break;
    case 'categories':
      title = withSite(section(lang, 'categories'));
      description = pageDescription(lang, 'categories', siteName);
      jsonLd.push(breadcrumbs(origin, lang, [[home, '/'], [section(lang, 'categories'), '/categories']]));
      break;
    case 'category': {
      const name = pick(lang, subject.category.name, subject.category.nameAr);
      title = withSite(name);
      description = lang === 'ar' ? `${name}: ${subject.category.placesCount} مكانًا في ${siteName}` : `${name}: ${subject.category.placesCount} places in ${siteName}`;
      jsonLd.push(breadcrumbs(origin, lang, [[home, '/'], [section(lang, 'categories'), '/categories'], [name, `/categories/${subject.category.slug}`]]));
      break;
    }
    case 'zone':
    case 'map-zone': {
      const name = pick(lang, subject.zone.title, subject.zone.titleAr);
      title = withSite(name);
      description = pick(lang, subject.zone.description ?? '', subject.zone.descriptionAr)
        || (lang === 'ar' ? `حي ${name}: ${subject.zone.placesCount} مكانًا و${subject.zone.buildingsCount} مبنى` : `${name}: ${subject.zone.placesCount} places, ${subject.zone.buildingsCount} buildings`);
      jsonLd.push(breadcrumbs(origin, lang, [[home, '/'], [section(lang, 'map'), '/map'], [name, `/${subject.kind === 'zone' ? 'zones' : 'map/zones'}/${subject.zone.slug}`]]));
      break;
    }
    case 'place': {
      const p = subject.place;
      const name = pick(lang, p.name, p.nameAr);
      const category = pick(lang, p.category.name, p.category.nameAr);
      const zone = p.zone ? pick(lang, p.zone.title, p.zone.titleAr) : null;
      const address = pick(lang, p.address ?? '', p.addressAr);
      title = withSite(`${name} — ${[category, zone].filter(Boolean).join(lang === 'ar' ? '، ' : ', ')}`);
      description = (p.details.description?.trim() || [category, address || zone].filter(Boolean).join(' · ')).slice(0, 300);
      image = p.logoUrl ?? p.details.imageUrl ?? image;
      jsonLd.push({
        '@context': 'https://schema.org',
        '@type': schemaTypeOf(p.category.slug),
        '@id': `${localized(origin, `/p/${p.slug}`, 'en')}#place`,
        name,
        ...(lang === 'ar' ? { alternateName: p.name } : p.nameAr ? { alternateName: p.nameAr } : {}),
        url,
        ...(p.details.description ? { description: p.details.description } : {}),
        ...(p.phone ? { telephone: p.phone } : {}),
        ...(p.websiteUrl ? { sameAs: [p.websiteUrl] } : {}),
        ...(p.logoUrl ? { logo: absolute(origin, p.logoUrl) } : {}),
        ...(p.logoUrl || p.details.imageUrl ? { image: absolute(origin, (p.details.imageUrl ?? p.logoUrl)!) } : {}),
        address: {
          '@type': 'PostalAddress',
          ...(address ? { streetAddress: address } : {}),
          ...(zone ? { addressLocality: zone } : {}),
        },
        ...(p.latitude != null && p.longitude != null ? { geo: { '@type': 'GeoCoordinates', latitude: p.latitude, longitude: p.longitude } } : {}),
      });
      jsonLd.push(breadcrumbs(origin, lang, [
        [home, '/'],
        [category, `/categories/${p.category.slug}`],
        ...(p.zone ? [[zone!, `/zones/${p.zone.slug}`] as [string, string]] : []),
        [name, `/p/${p.slug}`],
      ]));
      break;
    }
    case 'search':
      title = withSite(section(lang, 'search'));
      robots = 'noindex, follow';
      break;
    case 'map':
      title = withSite(section(lang, 'map'));
      description = pageDescription(lang, 'map', siteName);
      break;
    case 'not-found':
      title = withSite(section(lang, 'notFound'));
      robots = 'noindex';
      break;
  }
  return {
    title,
    description,
    canonical: url,
    alternates: { en: localized(origin, canonicalPath, 'en'), ar: localized(origin, canonicalPath, 'ar') },
    image: absolute(origin, image),
    robots,
    jsonLd,
  };
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The head as HTML tags (every value escaped; JSON-LD escaped so stored text cannot close its element). */
export function headTags(head: PageHead, options: { lang: Lang; siteName: string; iconUrl: string | null; nonce: string }): string {
  const { lang, siteName, iconUrl, nonce } = options;
  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.robots ? [meta('name', 'robots', head.robots)] : []),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
    `<link rel="alternate" hreflang="en" href="${escapeHtml(head.alternates.en)}">`,
    `<link rel="alternate" hreflang="ar" href="${escapeHtml(head.alternates.ar)}">`,
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(head.alternates.en)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:locale', lang === 'ar' ? 'ar_SA' : 'en_US'),
    meta('property', 'og:locale:alternate', lang === 'ar' ? 'en_US' : 'ar_SA'),
    meta('property', 'og:image', head.image),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    meta('name', 'apple-mobile-web-app-title', siteName),
    ...(iconUrl
      ? [`<link rel="icon" href="${escapeHtml(iconUrl)}">`, `<link rel="apple-touch-icon" href="${escapeHtml(iconUrl)}">`]
      : ['<link rel="icon" href="/favicon.ico" sizes="32x32">', '<link rel="icon" type="image/svg+xml" href="/favicon.svg">', '<link rel="apple-touch-icon" href="/apple-touch-icon.png">']),
    `<link rel="manifest" href="${lang === 'ar' ? '/manifest.webmanifest?lang=ar' : '/manifest.webmanifest'}">`,
    '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#0f766e">',
    '<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#134e4a">',
    ...head.jsonLd.map((data) => `<script type="application/ld+json" nonce="${escapeHtml(nonce)}">${escapeJsonForHtml(JSON.stringify(data))}</script>`),
  ];
  return tags.join('');
}
