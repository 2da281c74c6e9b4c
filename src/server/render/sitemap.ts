import { SitemapIndexStream, SitemapStream, streamToPromise, type SitemapItemLoose } from 'sitemap';
import { Readable } from 'node:stream';
import type { Tx } from '../db/client.ts';
import { countPlaces, lastPlaceChange, placePage, sectionRows } from '../queries/sitemap-queries.ts';
import { localizePath } from '../../shared/language.ts';

/** URLs per sitemap file: the protocol allows 50 000 (each place is one <url> with its Arabic twin as an alternate). */
export const SITEMAP_PAGE_SIZE = 50_000;

export interface SitemapOptions {
  /** The database (the server's pool; only public rows are read). */
  sql: Tx;
  /** The site's public origin (PUBLIC_URL, else the request's), without a trailing slash. */
  origin: string;
  /** URLs per places sitemap (default SITEMAP_PAGE_SIZE; smaller in tests). */
  pageSize?: number;
}

/** One page in both languages: the English URL, the Arabic twin and x-default as xhtml:link alternates. */
function item(origin: string, path: string, lastmod?: Date): SitemapItemLoose[] {
  const en = `${origin}${localizePath(path, 'en')}`;
  const ar = `${origin}${localizePath(path, 'ar')}`;
  const links = [{ lang: 'en', url: en }, { lang: 'ar', url: ar }, { lang: 'x-default', url: en }];
  const at = lastmod?.toISOString();
  return [{ url: en, links, ...(at ? { lastmod: at } : {}) }, { url: ar, links, ...(at ? { lastmod: at } : {}) }];
}

async function render(stream: SitemapStream | SitemapIndexStream, items: unknown[]): Promise<string> {
  return (await streamToPromise(Readable.from(items).pipe(stream))).toString();
}

/**
 * The site's sitemaps (issue 14), built with the `sitemap` library:
 * - `/sitemap.xml`: a sitemap index naming `/sitemaps/pages.xml` and `/sitemaps/places-<n>.xml`
 *   (n = 1…⌈places / pageSize⌉), lastmod from the newest updated_at they contain;
 * - `/sitemaps/pages.xml`: home, places, categories, map, every category and zone page;
 * - `/sitemaps/places-<n>.xml`: `pageSize` places each (by id), as `/p/{slug}` in English and Arabic
 *   with `xhtml:link` alternates (en, ar, x-default) and lastmod from updated_at.
 * Each English/Arabic pair counts as two URLs, so a places file holds `pageSize / 2` places.
 * Returns null for an unknown sitemap path or page number (the caller answers 404).
 */
export async function sitemapXml(pathname: string, options: SitemapOptions): Promise<string | null> {
  const { sql, origin } = options;
  const perFile = Math.max(2, Math.floor((options.pageSize ?? SITEMAP_PAGE_SIZE) / 2));
  if (pathname === '/sitemap.xml') {
    const [count, last, sections] = await Promise.all([countPlaces(sql), lastPlaceChange(sql), sectionRows(sql)]);
    const newest = [...sections.categories, ...sections.zones].reduce<Date | null>((a, r) => (!a || r.updatedAt > a ? r.updatedAt : a), null);
    const files = Math.ceil(count / perFile);
    const entries = [
      { url: `${origin}/sitemaps/pages.xml`, ...(newest ? { lastmod: newest.toISOString() } : {}) },
      ...Array.from({ length: files }, (_, i) => ({ url: `${origin}/sitemaps/places-${i + 1}.xml`, ...(last ? { lastmod: last.toISOString() } : {}) })),
    ];
    return render(new SitemapIndexStream(), entries);
  }
  const xmlns = { xhtml: true, news: false, image: false, video: false };
  if (pathname === '/sitemaps/pages.xml') {
    const { categories, zones } = await sectionRows(sql);
    const items = [
      ...item(origin, '/'), ...item(origin, '/places'), ...item(origin, '/categories'), ...item(origin, '/map'),
      ...categories.flatMap((c) => item(origin, `/categories/${c.slug}`, c.updatedAt)),
      ...zones.flatMap((z) => item(origin, `/zones/${z.slug}`, z.updatedAt)),
    ];
    return render(new SitemapStream({ xmlns }), items);
  }
  const match = /^\/sitemaps\/places-([1-9]\d{0,6})\.xml$/.exec(pathname);
  if (!match) return null;
  const page = Number(match[1]);
  const rows = await placePage(sql, (page - 1) * perFile, perFile);
  if (!rows.length) return null;
  return render(new SitemapStream({ xmlns }), rows.flatMap((r) => item(origin, `/p/${r.slug}`, r.updatedAt)));
}

/** robots.txt: the public pages open, the account/admin areas and the API closed, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /profile', 'Disallow: /auth/', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
