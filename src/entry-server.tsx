/**
 * The server side of the public pages (decision 019): renders a URL of the app to HTML with the same
 * route components, providers and queries as the browser (src/main.tsx hydrates the result). Built by
 * Vite as a separate SSR bundle (`npm run build` → dist-server/entry-server.js) because the app uses
 * Vite-only module features (import.meta.glob, import.meta.env); loaded by src/server/render/renderer.ts.
 */
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, QueryClient, QueryErrorResetBoundary, type Query } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider.tsx';
import { SERVER_STYLES_KEY, stylisPlugins } from './app/emotion-cache.ts';
import { appRoutes } from './app/router.tsx';
import { startRouteQueries } from './app/route-data.ts';
import { rememberPlainStrings } from './lib/i18n-plain-strings.ts';
import { categoryQueryOptions } from './features/categories/api/get-categories.ts';
import { placeQueryOptions } from './features/places/api/get-places.ts';
import { websiteSettingsKey } from './features/settings/api/get-website-settings.ts';
import { zoneQueryOptions } from './features/zones/api/get-zones.ts';
import { setApiTransport, type ApiAnswer } from './lib/api-client.ts';
import { ApiError } from './lib/api-client-error.ts';
import { getSystem } from './components/ui/system.ts';
import { createQueryClient } from './lib/query-client.ts';
import type { SsrState } from './lib/ssr-state.ts';
import { DEFAULT_LANG, type Lang, type Theme } from './shared/language.ts';

const locales = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/common.json', { eager: true });
const i18nByLang = new Map<Lang, I18n>();

/** One i18next instance per language, with its `common` strings loaded synchronously, its plain strings remembered. */
function i18nFor(lang: Lang): I18n {
  let instance = i18nByLang.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: lang,
      fallbackLng: DEFAULT_LANG,
      supportedLngs: ['en', 'ar'],
      ns: ['common'],
      defaultNS: 'common',
      resources: Object.fromEntries((['en', 'ar'] as const).map((l) => [l, { common: locales[`../locales/${l}/common.json`]!.default }])),
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
      initAsync: false,
    });
    rememberPlainStrings(instance);
    i18nByLang.set(lang, instance);
  }
  return instance;
}

/** What the API transport answers (the server's cached answers read in process come as one, decision 064). */
export type { ApiAnswer };

export interface RenderAppOptions {
  /** The page's URL (a GET `Request`). */
  request: Request;
  lang: Lang;
  theme: Theme;
  /** CSP nonce the extracted `<style>` tags carry. */
  nonce: string;
  /** Longest wait for the page's API answers, in ms: a later one aborts the render. */
  queryTimeoutMs?: number;
}

export interface RenderedApp {
  /**
   * HTTP status: 404 for the not-found page and for slugs the API does not know; 503 when an answer the page needs
   * failed for the server or the network (database unavailable, 5xx, no answer): the page shows its error state,
   * is not stored, and the browser asks again after hydration; else 200.
   */
  status: number;
  /** The markup inside `<div id="root">`. */
  html: string;
  /** Emotion's critical CSS for that markup: `<style data-emotion nonce>` tags for `<head>`. */
  styles: string;
  /** What the browser hydrates with (src/lib/ssr-state.ts). */
  state: SsrState;
  /**
   * The answers the page's head is built from, as its components received them (undefined when the page
   * did not ask): the site's settings, and the place, category or zone of the route's `:slug`.
   */
  answers: { settings?: unknown; place?: unknown; category?: unknown; zone?: unknown };
  /** How many times the whole tree was rendered: 1 (a component waiting for data renders again alone). */
  renders: number;
}

/**
 * Makes requests of the app's API client go to `fetchApi` (the server's in-process API, as the
 * anonymous caller; an answer already cached may come as an `ApiAnswer` without a `Response`, decision 064).
 * Call once before rendering.
 */
export function configureApi(fetchApi: (url: string, init: RequestInit) => Promise<ApiAnswer>) {
  setApiTransport(fetchApi);
}

const handler = createStaticHandler(appRoutes);

const globalStylesBySystem = new WeakMap<SystemContext, Readonly<EmotionCache["inserted"]>>();

/**
 * Chakra's global CSS — its cascade layers' order, then the reset, the global rules and every token's variable in
 * both themes (≈ 43 KB of a page's critical CSS) — as an Emotion cache holds it once `<ChakraProvider>`
 * rendered: `{ name: rules }` in insertion order. It depends only on the system (not on the page, language, theme
 * or nonce), so it is made once per system (decision 061): a page's cache starts with these entries and its
 * `ChakraProvider` leaves its global styles out (`serverStyles`), instead of each render serialising, hashing and
 * inserting the same 43 KB again. The page's style tags are the same bytes (Emotion writes globals in insertion order).
 */
function chakraGlobalStyles(system: SystemContext): Readonly<EmotionCache["inserted"]> {
  const known = globalStylesBySystem.get(system);
  if (known) return known;
  const cache = createCache({ key: 'css', stylisPlugins });
  cache.compat = true;
  renderToString(<CacheProvider value={cache}><ChakraProvider value={system}>{null}</ChakraProvider></CacheProvider>);
  const inserted = Object.freeze({ ...cache.inserted });
  globalStylesBySystem.set(system, inserted);
  return inserted;
}

/**
 * The page's `<style data-emotion>` tags, marked so that Emotion in the browser leaves them where they are: each with
 * Emotion's "already placed" mark (`data-s`), and the page's own tag under the key `css-page` rather than `css`, which
 * src/app/emotion-cache.ts reads into the browser's cache. Emotion would otherwise move every tag as it starts (twice:
 * @emotion/react's default cache, then the app's), and the browser recomputes the whole document's style for each
 * style sheet moved (50–130 ms on Lighthouse's phone, in the hydration).
 */
function placedStyleTags(tags: string): string {
  return tags
    .replaceAll('<style data-emotion="css-global ', '<style data-s="" data-emotion="css-global ')
    .replace('<style data-emotion="css ', `<style data-s="" data-emotion="${SERVER_STYLES_KEY} `);
}

/**
 * Queries the server leaves to the browser: the map's markers (every place, ~1.5 MB of JSON) feed only
 * Leaflet, which renders in the browser.
 */
const CLIENT_ONLY_QUERIES = new Set(['map-markers']);

/**
 * The server's query client (`createServerQueryClient`): an enabled query (not one of `CLIENT_ONLY_QUERIES`) that has no answer yet
 * suspends the component asking for it (React Query's `suspense`), so the one render pass waits for
 * that answer in place and then renders only that component's subtree again — the rest of the page is
 * rendered once. Failures are not retried and do not throw to an error boundary (see `NoThrowOnError`):
 * the component renders its error (a 404 renders the not-found page), as in the browser.
 */
function createServerQueryClient(): QueryClient {
  const defaults = createQueryClient().getDefaultOptions();
  // a failed query renders its error (e.g. the not-found page of an unknown slug), not a new attempt
  const client = new QueryClient({ defaultOptions: { ...defaults, queries: { ...defaults.queries, retry: false, retryOnMount: false } } });
  const defaultQueryOptions = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options) => {
    const defaulted = defaultQueryOptions(options);
    defaulted.suspense = defaulted.enabled !== false && !CLIENT_ONLY_QUERIES.has(String(defaulted.queryKey[0]));
    return defaulted;
  }) as typeof client.defaultQueryOptions;
  return client;
}

/**
 * A query error reaches its component (which renders it) instead of being thrown to an error boundary, as
 * `suspense` would otherwise do for a failed query without data: React Query throws only while its reset
 * boundary is not "reset", and this one always is.
 */
function NoThrowOnError({ children }: { children: ReactNode }) {
  return (
    <QueryErrorResetBoundary>
      {(boundary) => {
        boundary.isReset = () => true;
        boundary.clearReset = () => {};
        return children;
      }}
    </QueryErrorResetBoundary>
  );
}

/**
 * Orders the cache's styles as their classes first appear in `html` (Emotion writes them in insertion
 * order): a part that waited for its data inserts its styles after the rest of the page, and rules of equal
 * specificity must keep the order a render in one go gives them (a parent's `:where(svg)` before its icon's).
 */
function inDocumentOrder(cache: EmotionCache, html: string) {
  const first = new Map<string, number>();
  for (const match of html.matchAll(new RegExp(`${cache.key}-([a-zA-Z0-9-_]+)`, 'g'))) if (!first.has(match[1]!)) first.set(match[1]!, first.size);
  const ids = Object.keys(cache.inserted).sort((a, b) => (first.get(a) ?? -1) - (first.get(b) ?? -1));
  cache.inserted = Object.fromEntries(ids.map((id) => [id, cache.inserted[id]!]));
}

function errorOf(query: Query): ApiError | null {
  const error = query.state.error;
  return error instanceof ApiError ? error : null;
}

/** Whether a failed query failed for its request (a 4xx answer: not found, invalid), not for the server or network. */
function clientErrorOf(query: Query): boolean {
  const status = errorOf(query)?.status ?? 0;
  return status >= 400 && status < 500;
}

/** Whether a failed query failed for the server or the network: a 5xx answer, no answer (status 0) or not an API error. */
function failedForServer(query: Query): boolean {
  const status = errorOf(query)?.status ?? 0;
  return status === 0 || status >= 500;
}

/**
 * Renders the page of `request` to HTML in one pass: the route's components fetch their data through
 * React Query as in the browser; a component whose data is not there yet suspends until it is, and only
 * its subtree renders again (React's `prerender` waits for every such answer and every lazy part).
 * Answers later than `queryTimeoutMs` abort the render (the caller then sends the client-rendered page).
 * The markup, its critical CSS and the dehydrated queries (answers and failures) are returned.
 */
export async function renderApp(options: RenderAppOptions): Promise<RenderedApp> {
  const { request, lang, theme, nonce, queryTimeoutMs = 5000 } = options;
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error('The app has no loaders: a static handler Response is unexpected');
  const queryClient = createServerQueryClient();
  // every read the page makes starts now, at once, instead of as its components reach each one (src/app/route-data.ts)
  startRouteQueries(queryClient, context.matches, new URL(request.url).searchParams, lang);
  const i18n = i18nFor(lang);
  const emotionCache = createCache({ key: 'css', nonce, stylisPlugins });
  // styles go to the cache, not inline next to each element: they are extracted into <head> below
  emotionCache.compat = true;
  // Chakra's global CSS from the one copy of this process, first (as ChakraProvider would insert it)
  Object.assign(emotionCache.inserted, chakraGlobalStyles(getSystem()));
  let renders = 0;
  const CountRender = ({ children }: { children: ReactNode }) => {
    renders++;
    return children;
  };
  const tree = (
    <CountRender>
      <I18nextProvider i18n={i18n}>
        <AppProvider initialLang={lang} initialTheme={theme} queryClient={queryClient} emotionCache={emotionCache} serverStyles>
          <NoThrowOnError>
            <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} nonce={nonce} />
          </NoThrowOnError>
        </AppProvider>
      </I18nextProvider>
    </CountRender>
  );
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new Error(`server rendering: data not there after ${queryTimeoutMs} ms`)), queryTimeoutMs);
  let html: string;
  try {
    // no boundary is "outlined" (moved to the end with an inline script a strict CSP would block): the page
    // is sent whole, once every boundary has its content
    const { prelude } = await prerender(tree, { signal: timeout.signal, progressiveChunkSize: Number.POSITIVE_INFINITY });
    html = await new Response(prelude).text();
  } finally {
    clearTimeout(timer);
  }
  inDocumentOrder(emotionCache, html);
  const emotion = createEmotionServer(emotionCache);
  const styles = placedStyleTags(emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)));
  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: (q) => q.state.status === 'success' || (q.state.status === 'error' && clientErrorOf(q)),
    shouldRedactErrors: () => false,
  });
  for (const q of queries.queries) {
    const error = q.state.error as ApiError | null;
    // plain data, as JSON and a render thread's structured clone (decision 066) carry it: an error's own fields
    if (error) q.state.error = q.state.fetchFailureReason = { status: error.status, code: error.code, message: error.message } as never;
    delete (q as { promise?: unknown }).promise;
  }
  const all = queryClient.getQueryCache().getAll();
  const notFound = context.statusCode === 404
    || all.some((q) => errorOf(q)?.status === 404)
    || /\bdata-page-not-found\b/.test(html);
  const slug = context.matches.at(-1)?.params.slug;
  const answers = {
    settings: queryClient.getQueryData(websiteSettingsKey),
    place: slug === undefined ? undefined : queryClient.getQueryData(placeQueryOptions(lang, slug).queryKey),
    category: slug === undefined ? undefined : queryClient.getQueryData(categoryQueryOptions(lang, slug).queryKey),
    zone: slug === undefined ? undefined : queryClient.getQueryData(zoneQueryOptions(lang, slug).queryKey),
  };
  // an answer that failed for another reason than the request (database unavailable, a network or server error):
  // the page shows its error state and the browser asks again after hydration (such errors are not dehydrated)
  const unavailable = all.some((q) => q.state.status === 'error' && failedForServer(q));
  const status = notFound ? 404 : context.statusCode >= 400 ? context.statusCode : unavailable ? 503 : 200;
  return { status, html, styles, state: { lang, theme, queries }, answers, renders };
}
