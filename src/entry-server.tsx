/**
 * The server side of the public pages (decision 019): renders a URL of the app to HTML with the same
 * route components, providers and queries as the browser (src/main.tsx hydrates the result). Built by
 * Vite as a separate SSR bundle (`npm run build` → dist-server/entry-server.js) because the app uses
 * Vite-only module features (import.meta.glob, import.meta.env); loaded by src/server/render/renderer.ts.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, type Query } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider.tsx';
import { appRoutes } from './app/router.tsx';
import { setApiTransport } from './lib/api-client.ts';
import { ApiError } from './lib/api-error.ts';
import { createQueryClient } from './lib/query-client.ts';
import type { SsrState } from './lib/ssr-state.ts';
import { DEFAULT_LANG, type Lang, type Theme } from './shared/language.ts';

const locales = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/common.json', { eager: true });
const i18nByLang = new Map<Lang, I18n>();

/** One i18next instance per language, with its `common` strings loaded synchronously. */
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
    i18nByLang.set(lang, instance);
  }
  return instance;
}

export interface RenderAppOptions {
  /** The page's URL (a GET `Request`). */
  request: Request;
  lang: Lang;
  theme: Theme;
  /** CSP nonce the extracted `<style>` tags carry. */
  nonce: string;
  /** Longest wait for one render pass's API answers, in ms; late ones are left to the browser. */
  queryTimeoutMs?: number;
  /** Render passes at most (each pass runs the queries the previous one discovered). */
  maxPasses?: number;
}

export interface RenderedApp {
  /** HTTP status: 404 for the not-found page and for slugs the API does not know, else 200. */
  status: number;
  /** The markup inside `<div id="root">`. */
  html: string;
  /** Emotion's critical CSS for that markup: `<style data-emotion nonce>` tags for `<head>`. */
  styles: string;
  /** What the browser hydrates with (src/lib/ssr-state.ts). */
  state: SsrState;
}

/**
 * Makes requests of the app's API client go to `fetchApi` (the server's in-process API, as the
 * anonymous caller). Call once before rendering.
 */
export function configureApi(fetchApi: (url: string, init: RequestInit) => Promise<Response>) {
  setApiTransport(fetchApi);
}

const handler = createStaticHandler(appRoutes);

/**
 * Queries the server leaves to the browser: the map's markers (every place, ~1.5 MB of JSON) feed only
 * Leaflet, which renders in the browser.
 */
const CLIENT_ONLY_QUERIES = new Set(['map-markers']);

/** False for a query its component disabled (`enabled: false`, e.g. a search without a term). */
function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

function errorOf(query: Query): ApiError | null {
  const error = query.state.error;
  return error instanceof ApiError ? error : null;
}

/**
 * Renders the page of `request` to HTML: the route's components fetch their data through React Query
 * as in the browser; each pass runs the queries the previous pass created (the page's own, then those
 * that depend on them), until a pass creates none (at most `maxPasses`). The final markup, its critical
 * CSS and the dehydrated queries (answers and failures) are returned.
 */
export async function renderApp(options: RenderAppOptions): Promise<RenderedApp> {
  const { request, lang, theme, nonce, queryTimeoutMs = 5000, maxPasses = 4 } = options;
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error('The app has no loaders: a static handler Response is unexpected');
  const queryClient = createQueryClient();
  // a failed query renders its error (e.g. the not-found page of an unknown slug), not a new attempt
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false } });
  const i18n = i18nFor(lang);
  const tried = new Set<string>();
  const tree = (emotionCache: EmotionCache) => (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppProvider initialLang={lang} initialTheme={theme} queryClient={queryClient} emotionCache={emotionCache}>
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} nonce={nonce} />
        </AppProvider>
      </I18nextProvider>
    </StrictMode>
  );
  const freshCache = () => {
    const cache = createCache({ key: 'css', nonce });
    // styles go to the cache, not inline next to each element: they are extracted into <head> below
    cache.compat = true;
    return cache;
  };
  let emotionCache = freshCache();
  let html = '';
  let settled = false;
  for (let pass = 0; pass < maxPasses; pass++) {
    // `prerender` waits for every lazy component (route modules, lazily loaded parts) to load
    emotionCache = freshCache();
    html = await new Response((await prerender(tree(emotionCache))).prelude).text();
    const waiting = queryClient.getQueryCache().getAll().filter((q) => q.state.status === 'pending' && !tried.has(q.queryHash) && !CLIENT_ONLY_QUERIES.has(String(q.queryKey[0])) && isEnabled(q));
    if (!waiting.length) {
      settled = true;
      break;
    }
    for (const q of waiting) tried.add(q.queryHash);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all(waiting.map((q) => q.fetch({ ...q.options, retry: false }).catch(() => undefined))),
      new Promise<void>((resolve) => { timer = setTimeout(resolve, queryTimeoutMs); }),
    ]);
    clearTimeout(timer);
  }
  // The last pass's markup is the page when nothing suspended in it; otherwise (a boundary resolved late,
  // which `prerender` reveals with inline scripts a strict CSP would block) one synchronous pass more,
  // now that everything is loaded.
  if (!settled || /<script|<template/.test(html)) {
    emotionCache = freshCache();
    html = renderToString(tree(emotionCache));
  }
  const emotion = createEmotionServer(emotionCache);
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: (q) => q.state.status === 'success' || (q.state.status === 'error' && (errorOf(q)?.status ?? 0) >= 400 && (errorOf(q)?.status ?? 0) < 500),
    shouldRedactErrors: () => false,
  });
  for (const q of queries.queries) {
    const error = q.state.error as ApiError | null;
    if (error) q.state.error = { status: error.status, code: error.code, message: error.message } as never;
    delete (q as { promise?: unknown }).promise;
  }
  const all = queryClient.getQueryCache().getAll();
  const notFound = context.statusCode === 404
    || all.some((q) => errorOf(q)?.status === 404)
    || /\bdata-page-not-found\b/.test(html);
  return { status: notFound ? 404 : context.statusCode >= 400 ? context.statusCode : 200, html, styles, state: { lang, theme, queries } };
}
