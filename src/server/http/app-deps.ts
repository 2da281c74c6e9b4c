import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Sql } from 'postgres';
import type { JwtClaims, Tx } from '../db/client.ts';
import type { AccessTokenVerifier } from '../auth/tokens.ts';
import type { Lang } from '../message-catalogue.ts';

/** What the runtime-neutral app needs from its entry point (Node or Deno). */
export interface AppDeps {
  /** Owner connection pool (auth flows and migrations only; requests go through `withClaims`). */
  sql: Sql;
  /** Access-token verification; absent means every request is anonymous. */
  tokens?: AccessTokenVerifier;
  /** Public origin for share links, e.g. https://dalil.example; defaults to the request origin. */
  publicUrl?: string;
  statementTimeoutMs?: number;
  /**
   * Accounts and sign-in (LocalAuthProvider or SupabaseAuthProvider). When set, the auth routes are
   * mounted and, unless `tokens` is given, it verifies the bearer tokens too.
   */
  auth?: import('../auth/auth-provider.ts').AuthProvider;
  /** Auth rate limits (defaults: DEFAULT_AUTH_RATE_LIMITS); tests lower or disable them. */
  authRateLimits?: import('../auth/rate-limit.ts').AuthRateLimits;
  /** The client's IP for per-IP rate limits (Node: socket address or trusted X-Forwarded-For). */
  clientIp?: (c: import('hono').Context<AppEnv>) => string | null | undefined;
  /** Where uploaded images go (LocalStorageProvider or SupabaseStorageProvider); absent: uploads answer 503. */
  storage?: import('../storage/storage-provider.ts').StorageProvider;
  /**
   * Sends the decision mails to request submitters (mail/notify-decisions.ts): Node passes the
   * SMTP mailer of the auth codes; absent (Edge Function, Supabase mode without SMTP_HOST): none sent.
   */
  mailer?: import('../mail/mailer-types.ts').Mailer;
  /** Where request and error logs go (pino on Node); absent: nothing is logged. */
  logger?: import('./request-log.ts').RequestLogger;
  /** Origins allowed to call the authenticated endpoints cross-origin (CORS_ORIGINS); default: same origin only. */
  corsOrigins?: readonly string[];
  /** Security headers of every response (tile and API origins for the CSP, TRUST_PROXY for HSTS). */
  security?: import('./security-headers.ts').SecurityHeaderOptions;
  /**
   * Migration versions this build expects applied (GET /health): Node lists supabase/migrations at
   * start-up, the Edge Function passes the list bundled with it. Absent: only the database is checked.
   */
  migrations?: readonly string[];
  /**
   * The @scalar/api-reference standalone bundle (Node: from node_modules): with it, GET /api/docs is
   * the reference page and /api/docs/scalar.js its script; absent (the Edge Function, which cannot
   * serve HTML), GET /api/docs answers a JSON pointer to the web host's page and the document.
   */
  docsScript?: () => Promise<Uint8Array>;
  /**
   * Where the reference page reads the OpenAPI document: the SPA's API base (VITE_API_URL) +
   * `/openapi.json`, e.g. the Edge Function's on a hosted deployment. Default: this API's own
   * (`openapi.json` relative to /api/docs).
   */
  docsDocumentUrl?: string;
  /**
   * The URL callers prefix the document's `/api/...` paths with (OpenAPI `servers`): the Edge
   * Function passes its public `https://<ref>.supabase.co/functions/v1` (it sees requests without
   * `/functions/v1`, on an internal host). Default: the request's origin.
   */
  apiServerUrl?: string;
  /**
   * Cache of anonymous public GET answers (Node: on by default; the Edge Function has none). Its
   * middleware answers hits before the routes; every write transaction of a request drops the
   * answers its changes touched when it ends (decision 042: `changed` = the change's cache tags, or
   * 'all'). (The shape of http/response-cache.ts's ResponseCache, named here so the Edge
   * Function's import graph stays without lru-cache.)
   */
  responseCache?: { middleware(): import('hono').MiddlewareHandler; invalidate(changed?: Set<string> | 'all'): void };
  /**
   * The map's clustering indexes by filter, emptied with the response cache (Node; absent: each
   * bbox request builds its index — decision 031). The shape of map-clusters.ts's MarkerIndexCache.
   */
  markerIndexes?: Pick<import('../map-clusters.ts').MarkerIndexCache, 'getOrBuild'>;
  /**
   * Recomputes the open-now index of places whose hours changed (queries/open-intervals.ts); run
   * after every write transaction. Default: an openingHoursReindexer on `sql`.
   */
  reindexOpeningHours?: () => Promise<void>;
  /** Extra routes mounted under /api after the resources (tests use it for probe endpoints). */
  extraRoutes?: ((app: ApiApp, deps: AppDeps) => void)[];
}

export type AppVariables = {
  lang: Lang;
  claims: JwtClaims;
  /** Runs `fn` in one transaction as the caller's role with their JWT claims (RLS in force). */
  db: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /**
   * Runs the read-only `fn` as the caller: for an anonymous caller without a transaction, on sessions that are
   * anonymous from their start (withAnonRead, decision 060: no BEGIN, settings and COMMIT round trips); for a
   * signed-in caller exactly as `db`. `fn` must not write nor need a transaction (cursors, local settings).
   */
  read: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
};

export type AppEnv = { Variables: AppVariables };

/** The API app and every resource sub-app (routes/**): an OpenAPIHono over AppEnv (see http/create-router.ts). */
export type ApiApp = OpenAPIHono<AppEnv>;
