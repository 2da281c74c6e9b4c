import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { DEFAULT_TIME_ZONE } from '../../shared/opening-hours.ts';
import { bootPlan, mapPageModules } from '../../shared/boot-data.ts';
import { canonicalPath } from '../../shared/canonical.ts';
import {
  dirOf, isLang, isTheme, langOfUrl, localizePath, PREFERENCE_COOKIE_MAX_AGE, PREFERENCE_COOKIES, preferredLang, readCookie, stripLangSegment,
  type Lang, type Theme,
} from '../../shared/language.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import { chunkFiles, type ViteManifest } from '../spa/document.ts';
import { buildHead, headTags, type PageSubject } from './head.ts';
import { escapeJsonForHtml } from './html-escape.ts';
import { RenderQueueTimeout, type RenderQueue } from './render-queue.ts';
import type { ApiAnswer, RenderAppOptions, RenderedApp } from '../../entry-server.tsx';

/** The server bundle's exports (dist-server/entry-server.js, built from src/entry-server.tsx). */
export interface ServerEntry {
  renderApp: (options: RenderAppOptions) => Promise<RenderedApp>;
  configureApi: (fetchApi: (url: string, init: RequestInit) => Promise<ApiAnswer>) => void;
}

export interface PageRendererOptions {
  /** dist/index.html as built (nonce placeholders still in it). */
  template: string;
  /** The placeholder Vite wrote where the nonce goes (CSP_NONCE_PLACEHOLDER). */
  noncePlaceholder: string;
  manifest: ViteManifest | null;
  entry: ServerEntry;
  /** The API, in process: `path` starts with `/api/`; called as the anonymous caller. */
  api: (path: string, init?: RequestInit) => Promise<Response>;
  /** Decision 011's cache: rendered pages are kept beside the API answers, with their tags (decision 042). */
  cache?: ResponseCache;
  /** The site's public origin for canonical/share URLs (PUBLIC_URL); else each request's origin. */
  publicUrl?: string;
  /** Cache-Control of anonymous rendered pages (a CDN may keep them `s-maxage` seconds). */
  cacheControl?: string;
  /**
   * Admission of renders (decision 061): at most its `concurrency` renders run at once, the others wait in arrival
   * order; a page whose render waited past the queue's limit answers 503 with `Retry-After` (`busyDocument`).
   * Without it every request renders at once.
   */
  queue?: RenderQueue;
  /**
   * The body of a page answered 503 because the renderers were busy past the queue's limit: the client-rendered
   * document (it still works in a browser), with `nonce` in its tags. Default: the built template as is.
   */
  busyDocument?: (url: URL, nonce: string) => Promise<string>;
}

/** Response header naming the CSP style nonce a rendered page carries (the server puts it in the policy). */
export const PAGE_NONCE_HEADER = 'x-page-style-nonce';

/** `Retry-After` (seconds) of a page answered 503 because its data could not be read (the outage guard's own retry is ~1 s). */
const UNAVAILABLE_RETRY_AFTER_S = 5;

/** `Retry-After` (seconds) of a page answered 503 because it waited for a free renderer past the queue's limit (decision 061). */
export const BUSY_RETRY_AFTER_S = 5;

/** Default Cache-Control of rendered pages: browsers revalidate (ETag), shared caches keep 60 s and serve stale up to 10 min while refreshing. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=600';

/**
 * Pages rendered by the server: every public route and unknown paths (not-found). Profile, auth and admin stay
 * client-rendered, and so do the saved places (`/saved`: the device's own list, decision 048).
 */
export function isRenderedPath(pathname: string): boolean {
  const neutral = stripLangSegment(pathname);
  const first = neutral.split('/')[1] ?? '';
  return !['admin', 'auth', 'profile', 'saved', 'api', 'uploads', 'assets'].includes(first);
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

interface CachedPage {
  status: number;
  /** The document as UTF-8, encoded once: hashed for the ETag, compressed, stored and sent as these bytes. */
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  nonce: string;
  /** The body gzip-compressed, made on the first request that accepts gzip and kept with the page. */
  gzip?: Promise<Uint8Array<ArrayBuffer>>;
}

const gzipAsync = promisify(gzip);

/** True when `Accept-Encoding` accepts gzip (named without `q=0`, or `*` with a positive q and gzip not refused). */
export function acceptsGzip(header: string | null): boolean {
  const accepts = (header ?? '').split(',').map((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return { name: name.trim(), q: q === undefined ? 1 : Number(q) };
  });
  const named = accepts.find((a) => a.name === 'gzip');
  return named ? named.q > 0 : (accepts.find((a) => a.name === '*')?.q ?? 0) > 0;
}

const stripDefaults = (template: string) => template
  .replace(/<title>[^<]*<\/title>/, '')
  .replace(/<meta (name|property)="(description|og:[^"]+|twitter:[^"]+|theme-color)"[^>]*>\s*/g, '')
  .replace(/<link rel="icon"[^>]*>\s*/g, '');

/**
 * A server-rendered map page paints from its HTML and inline CSS alone; its scripts only hydrate it. They are
 * fetched at low priority (`fetchpriority="low"` on the module script and every `modulepreload`), so the
 * first paint does not wait for them: Chromium gives module scripts and preloads "High" priority, which
 * Lighthouse's simulated throttling counts as render-blocking, so FCP and LCP equalled the time to
 * download all ~250 KB of JavaScript (decision 025).
 */
export const lowPriorityScripts = (html: string) => html
  .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
  .replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"');

/** Id of the element listing a page's scripts for src/inline/scripts-after-paint.js. */
export const SCRIPTS_AFTER_PAINT_ID = 'dalil-scripts';

const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

/**
 * The built template without its entry script and modulepreload tags, and what they named: a page whose
 * scripts start after its first paint lists them for src/inline/scripts-after-paint.js instead (decision 037).
 */
export function splitTemplateScripts(html: string): { html: string; entry: string | null; preload: string[] } {
  const entry = ENTRY_SCRIPT.exec(html)?.[1] ?? null;
  const preload = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  return { html: html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, ''), entry, preload };
}

/** The `<html>` tag of the built template, which a page replaces with its language, direction and theme. */
const TEMPLATE_HTML_TAG = /<html lang="en" dir="ltr">/;

/**
 * A template cut, once per process, where a page puts its own parts: its `<html>` tag, the end of `<head>` (head
 * tags, script hints, critical CSS) and the empty `#root` (the markup, then the hydration state). Each piece is
 * kept split at the nonce placeholder. A page is then one concatenation of these pieces and its parts instead of
 * a search-and-replace pass over the whole document per part (the critical CSS alone is ≈ 100 KB).
 */
interface TemplatePieces { beforeHtml: string[]; htmlTag: string | null; head: string[]; body: string[]; afterRoot: string[] }

function cutTemplate(html: string, noncePlaceholder: string): TemplatePieces {
  const split = (text: string) => text.split(noncePlaceholder);
  const tag = TEMPLATE_HTML_TAG.exec(html);
  const start = tag ? tag.index + tag[0].length : 0;
  const headEnd = html.indexOf('</head>', start);
  const root = html.indexOf('<div id="root"></div>', headEnd < 0 ? start : headEnd);
  if (headEnd < 0 || root < 0) throw new Error('The document template has no </head> or no empty <div id="root"></div>');
  return {
    beforeHtml: split(html.slice(0, tag ? tag.index : 0)),
    htmlTag: tag ? tag[0] : null,
    head: split(html.slice(start, headEnd)),
    body: split(html.slice(headEnd, root)),
    afterRoot: split(html.slice(root + '<div id="root"></div>'.length)),
  };
}

/**
 * The page's document as UTF-8 bytes. Each part is encoded on its own and the bytes joined: a string made by
 * concatenating the (ASCII) critical CSS with Arabic or other non-Latin-1 text would be stored two bytes a
 * character and encoded far more slowly (measured: 0.1 ms vs 0.5 ms for a 125 KB place page).
 */
function assemble(parts: string[]): Uint8Array<ArrayBuffer> {
  const buffers = parts.map((part) => Buffer.from(part, 'utf8'));
  const bytes = Buffer.concat(buffers);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** True for a GET (or HEAD) without `Authorization`: a request the response cache may answer. */
function isAnonymousGet(init: RequestInit): boolean {
  const method = (init.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return false;
  return !new Headers(init.headers).has('authorization');
}

/**
 * A cached API answer as the app's API client reads one (`ApiAnswer`): its status, its headers as a hit sends them,
 * its body parsed from the stored bytes on each read — the same JSON the API would send, without a `Request`, the
 * API's middleware, a `Response` and its stream (decision 064).
 */
function cachedAnswer(hit: { status: number; body: Uint8Array; hitHeaders: Readonly<Record<string, string>> }): ApiAnswer & { text: () => Promise<string> } {
  const text = () => Buffer.from(hit.body.buffer, hit.body.byteOffset, hit.body.byteLength).toString('utf8');
  return {
    ok: hit.status >= 200 && hit.status < 300,
    status: hit.status,
    statusText: '',
    headers: { get: (name: string) => hit.hitHeaders[name.toLowerCase()] ?? null },
    json: () => Promise.resolve(JSON.parse(text()) as unknown),
    // the body as sent, for a render thread to parse (decision 066)
    text: () => Promise.resolve(text()),
  };
}

/**
 * The server renderer of the public pages (decision 019), a fetch-style handler: `Request` → `Response`,
 * or null for a request it does not render (non-GET, profile/auth/admin, files). For a page:
 * - `/places/{slug}` answers 301 to `/p/{slug}` (same language, same query); `/p/{slug}` of a place merged into
 *   another (decision 023) answers 301 to the kept place's `/p/{slug}`;
 * - the language is the URL's (`/ar` suffix, `?lang=`); a neutral URL follows the `dalil_lang` cookie, else
 *   `Accept-Language` — Arabic there answers 302 to the `/ar` twin, so the address names the language
 *   (decision 003); the theme is `?theme=`, else the `dalil_theme` cookie, else light;
 * - the app renders through src/entry-server.tsx; the document gets the page's title, description,
 *   canonical, hreflang, Open Graph/Twitter tags and JSON-LD, Emotion's critical CSS with the CSP nonce,
 *   the state the browser hydrates from, `<html lang dir class>`; 404 for unknown paths and slugs;
 * - anonymous answers are kept in the response cache (key: path + sorted query + language + theme),
 *   with an ETag (If-None-Match → 304) and `cacheControl`. A kept page keeps the nonce it was rendered
 *   with (a stored response must match its own policy, as in any HTTP cache): `PAGE_NONCE_HEADER` says
 *   which, and the server's Content-Security-Policy names it.
 */
export function createPageRenderer(options: PageRendererOptions) {
  const { template, noncePlaceholder, manifest, entry, api, cache, publicUrl, cacheControl = PAGE_CACHE_CONTROL, queue } = options;
  const busyDocument = options.busyDocument ?? ((_url: URL, nonce: string) => Promise.resolve(template.split(noncePlaceholder).join(nonce)));
  // map pages start their scripts with the HTML (the map itself needs them: its first clusters, decision 031);
  // every other page starts them after its first paint (decision 037)
  const afterPaint = splitTemplateScripts(stripDefaults(template));
  const eagerPieces = cutTemplate(lowPriorityScripts(stripDefaults(template)), noncePlaceholder);
  const afterPaintPieces = cutTemplate(afterPaint.html, noncePlaceholder);
  // a page's data already cached is read from the cache, not through the API in process (decision 064)
  entry.configureApi((url, init) => {
    const hit = cache && isAnonymousGet(init) ? cache.readInProcess(url) : undefined;
    return hit ? Promise.resolve(cachedAnswer(hit)) : api(url, init);
  });

  const getJson = async <T>(path: string): Promise<T | null> => {
    try {
      const res = await api(path, { headers: { accept: 'application/json' } });
      if (res.status !== 200) return null;
      const json = (await res.json()) as { success?: boolean; data?: T };
      return json.success ? (json.data ?? null) : null;
    } catch {
      return null;
    }
  };

  async function subjectOf(neutral: string, search: URLSearchParams, notFound: boolean, answers: RenderedApp['answers']): Promise<PageSubject> {
    if (notFound) return { kind: 'not-found' };
    const [first, second, third] = neutral.split('/').filter(Boolean).map(decode);
    if (!first) return { kind: 'home' };
    if (first === 'places' && !second) return { kind: 'places' };
    if (first === 'categories' && !second) return { kind: 'categories' };
    if (first === 'search') return { kind: 'search', q: search.get('q') ?? '' };
    if (first === 'map' && !second) return { kind: 'map' };
    if (first === 'p' && second && !third) {
      const place = (answers.place ?? await getJson(`/api/public/places/${encodeURIComponent(second)}`)) as never;
      if (place) return { kind: 'place', place };
    }
    if (first === 'categories' && second && !third) {
      const category = (answers.category ?? await getJson(`/api/public/categories/${encodeURIComponent(second)}`)) as never;
      if (category) return { kind: 'category', category };
    }
    if (first === 'zones' && second && !third) {
      const zone = (answers.zone ?? await getJson(`/api/public/zones/${encodeURIComponent(second)}`)) as never;
      if (zone) return { kind: 'zone', zone };
    }
    if (first === 'map' && second === 'zones' && third) {
      const zone = (answers.zone ?? await getJson(`/api/public/zones/${encodeURIComponent(third)}`)) as never;
      if (zone) return { kind: 'map-zone', zone };
    }
    return { kind: 'not-found' };
  }

  async function render(url: URL, lang: Lang, theme: Theme, nonce: string): Promise<{ status: number; body: Uint8Array<ArrayBuffer> }> {
    const origin = (publicUrl ?? url.origin).replace(/\/$/, '');
    const neutral = stripLangSegment(url.pathname);
    // the head is built from the answers the page's components received (asked again only if they did not ask)
    const app = await entry.renderApp({ request: new Request(url), lang, theme, nonce });
    type Settings = { logoUrl: string | null; siteName: string; siteNameAr: string | null; siteDescription: string; siteDescriptionAr: string; timeZone: string };
    const settings = (app.answers.settings as Settings | undefined) ?? await getJson<Settings>('/api/website-settings');
    const site = settings ?? { logoUrl: null, siteName: 'Dalil', siteNameAr: 'دليل', siteDescription: '', siteDescriptionAr: '', timeZone: DEFAULT_TIME_ZONE };
    const subject = await subjectOf(neutral, url.searchParams, app.status === 404, app.answers);
    const head = buildHead({ subject, lang, settings: site, origin, canonicalPath: canonicalPath(url.pathname, url.search) });
    const siteName = lang === 'ar' && site.siteNameAr?.trim() ? site.siteNameAr : site.siteName;

    const preload = new Set<string>();
    const styles = new Set<string>();
    if (manifest) {
      const plan = bootPlan(neutral, url.search);
      if (plan) for (const file of chunkFiles(manifest, plan.module)) preload.add(file);
      // the first part of the language's `common` strings (the late one comes with forms and dialogs, decision 055)
      for (const file of chunkFiles(manifest, `locales/${lang}/common.json?part=first`)) preload.add(file);
      // map pages: the route and Leaflet with the entry (and Leaflet's styles), not one after another
      for (const module of mapPageModules(neutral)) {
        for (const file of chunkFiles(manifest, module)) preload.add(file);
        for (const file of manifest[module]?.css ?? []) styles.add(file);
      }
    }
    const pagePreloads = [...preload].filter((file) => !template.includes(`/${file}"`)).map((file) => `/${file}`);
    const eager = mapPageModules(neutral).length > 0 || !afterPaint.entry;
    const links = eager
      ? pagePreloads.map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`).join('')
        + [...styles].map((file) => `<link rel="preload" as="style" fetchpriority="low" href="/${file}">`).join('')
      : `<script type="application/json" id="${SCRIPTS_AFTER_PAINT_ID}">${escapeJsonForHtml(JSON.stringify({ entry: afterPaint.entry, preload: [...afterPaint.preload, ...pagePreloads] }))}</script>`;

    const pieces = eager ? eagerPieces : afterPaintPieces;
    const state = `<script type="application/json" id="dalil-ssr">${escapeJsonForHtml(JSON.stringify(app.state))}</script>`;
    const body = assemble([
      pieces.beforeHtml.join(nonce),
      pieces.htmlTag === null ? '' : `<html lang="${lang}" dir="${dirOf(lang)}" class="${theme}" data-ssr="">`,
      pieces.head.join(nonce) + headTags(head, { lang, siteName, iconUrl: site.logoUrl, nonce }) + links,
      app.styles,
      `${pieces.body.join(nonce)}<div id="root">`,
      app.html,
      `</div>${state}${pieces.afterRoot.join(nonce)}`,
    ]);
    // data that could not be read (503) is not "not found": the subject is missing because its read failed
    return { status: app.status >= 500 ? app.status : app.status === 404 || subject.kind === 'not-found' ? 404 : app.status, body };
  }

  return async function handle(request: Request, context: { nonce: string }): Promise<Response | null> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const url = new URL(request.url);
    if (!isRenderedPath(url.pathname) || /\.[a-z0-9]+$/i.test(url.pathname)) return null;

    // one address per place (decision 003): /places/{slug} → /p/{slug}
    const placesSlug = /^\/places\/([^/]+)(\/(?:ar|en))?\/?$/.exec(url.pathname);
    if (placesSlug && placesSlug[1] !== 'ar' && placesSlug[1] !== 'en') {
      return new Response(null, { status: 301, headers: { Location: `/p/${placesSlug[1]}${placesSlug[2] ?? ''}${url.search}`, 'Cache-Control': 'public, max-age=3600' } });
    }

    // a trailing /en names English: remembered, then removed from the address (decision 003)
    if (/\/en\/?$/.test(url.pathname)) {
      return new Response(null, {
        status: 302,
        headers: {
          Location: `${stripLangSegment(url.pathname)}${url.search}`,
          'Set-Cookie': `${PREFERENCE_COOKIES.lang}=en; Path=/; Max-Age=${PREFERENCE_COOKIE_MAX_AGE}; SameSite=Lax`,
          'Cache-Control': 'private, no-cache',
        },
      });
    }
    const cookies = request.headers.get('cookie');
    const urlLang = langOfUrl(url);
    const cookieLang = readCookie(cookies, PREFERENCE_COOKIES.lang);
    if (!urlLang) {
      // a neutral URL: the stored choice, else the browser's languages (decision 019); Arabic → its /ar twin
      const wanted = isLang(cookieLang) ? cookieLang : preferredLang(request.headers.get('accept-language'));
      if (wanted === 'ar') {
        return new Response(null, {
          status: 302,
          headers: { Location: `${localizePath(url.pathname, 'ar')}${url.search}`, Vary: 'Cookie, Accept-Language', 'Cache-Control': 'private, no-cache' },
        });
      }
    }
    const lang: Lang = urlLang ?? 'en';
    const queryTheme = url.searchParams.get('theme');
    const cookieTheme = readCookie(cookies, PREFERENCE_COOKIES.theme);
    const theme: Theme = isTheme(queryTheme) ? queryTheme : isTheme(cookieTheme) ? cookieTheme : 'light';

    const params = [...url.searchParams].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
    const key = `HTML ${url.pathname}?${new URLSearchParams(params).toString()}\n${lang}\n${theme}`;
    let fresh = false;
    const gzipped = request.method === 'GET' && acceptsGzip(request.headers.get('accept-encoding'));
    const headers = (page: CachedPage, hit: boolean) => ({
      'Content-Type': 'text/html; charset=utf-8',
      // a page whose data could not be read (503) is neither stored nor kept by a CDN; the client asks again
      ...(page.status >= 500 ? { 'Cache-Control': 'no-store', 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S) } : { 'Cache-Control': cacheControl }),
      // the compressed body is another representation: a weak validator, as the compress middleware gives
      ETag: gzipped ? `W/${page.etag}` : page.etag,
      Vary: 'Cookie, Accept-Language, Accept-Encoding',
      ...(gzipped ? { 'Content-Encoding': 'gzip' } : {}),
      'Content-Language': lang,
      'X-Cache': hit ? 'hit' : !cache || fresh ? 'bypass' : 'miss',
      [PAGE_NONCE_HEADER]: page.nonce,
    });
    // compressed once per page and kept with it (the server's compress middleware leaves an encoded body alone)
    const answer = async (page: CachedPage, hit: boolean) => {
      const match = request.headers.get('if-none-match');
      if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag)) {
        return new Response(null, { status: 304, headers: headers(page, hit) });
      }
      if (!gzipped) return new Response(page.body, { status: page.status, headers: headers(page, hit) });
      page.gzip ??= gzipAsync(page.body).then((bytes) => new Uint8Array(bytes));
      return new Response(await page.gzip, { status: page.status, headers: headers(page, hit) });
    };

    // like the API's cache (decision 011): `Cache-Control: no-cache` asks for a fresh render, not stored
    fresh = /no-cache|no-store|max-age=0/i.test(request.headers.get('cache-control') ?? '') || /no-cache/i.test(request.headers.get('pragma') ?? '');
    // a render of this page started since the last change is waited for, not repeated (decision 042)
    const kept = fresh ? undefined : ((cache?.get(key) ?? await cache?.join(key)) as unknown as { page?: CachedPage } | undefined);
    if (kept?.page) return answer(kept.page, true);
    const nonce = context.nonce || randomBytes(16).toString('base64');
    // the page keeps the cache tags of every API answer its render read: a change drops it when it touches one of them;
    // the invalidation number is read when the render starts (after its wait in the queue): its data is read after that
    const work = async (): Promise<[Awaited<ReturnType<typeof render>>, string[], number]> => {
      const started = cache?.generation() ?? 0;
      const [rendered, tags] = cache ? await cache.collectTags(() => render(url, lang, theme, nonce)) : [await render(url, lang, theme, nonce), []];
      return [rendered, tags, started];
    };
    // at most the queue's renders at once, the rest in arrival order (decision 061); a request given up while it waits is dropped
    const rendering = queue ? queue.run(work, request.signal) : work();
    let rendered: Awaited<typeof rendering>;
    try {
      rendered = await (cache && !fresh ? cache.track(key, rendering) : rendering);
    } catch (error) {
      if (!(error instanceof RenderQueueTimeout)) throw error;
      // busy past the queue's limit: the client-rendered document, not stored, and when to ask again
      return new Response(await busyDocument(url, nonce), {
        status: 503,
        headers: {
          'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': String(BUSY_RETRY_AFTER_S),
          Vary: 'Cookie, Accept-Language, Accept-Encoding', 'Content-Language': lang, 'X-Cache': 'busy', [PAGE_NONCE_HEADER]: nonce,
        },
      });
    }
    const [{ status, body }, tags, generation] = rendered;
    if (status === 404) {
      // a slug merged into another place (decision 023): the API's 301 names the kept place → 301 to its page
      const merged = /^\/p\/([^/]+)(\/ar)?\/?$/.exec(url.pathname);
      const moved = merged ? await api(`/api/public/places/${merged[1]}`, { headers: { accept: 'application/json' } }).catch(() => null) : null;
      const target = moved?.status === 301 ? /\/places\/([^/?]+)/.exec(moved.headers.get('location') ?? '')?.[1] : undefined;
      if (merged && target) {
        return new Response(null, { status: 301, headers: { Location: `/p/${target}${merged[2] ?? ''}${url.search}`, 'Cache-Control': 'public, max-age=3600' } });
      }
    }
    const page: CachedPage = { status, body, nonce, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    if (cache && !fresh && status < 500) {
      const entry = { status: 200 as const, headers: [] as [string, string][], body, page };
      cache.set(key, entry, generation, undefined, tags);
    }
    return answer(page, false);
  };
}
