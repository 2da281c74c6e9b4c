import type { z } from 'zod';
import { ApiError } from './api-client-error.ts';
import { takeBootResponse } from './boot-responses.ts';
import { storedLang } from './browser-language.ts';
import { importAgain, reportNetworkFailure, reportNetworkSuccess, watchSlowRequest } from './network-status.ts';
import { nextTask } from './next-task.ts';
import { noteAnswer } from './offline-copy.ts';
import type * as PublicResponseSchemas from './public-response-schemas.ts';
import { session } from './session.ts';

/** API base from the build-time setting VITE_API_URL (default same-origin /api). */
export const API_URL = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? '/api';

type Scope = 'admin' | 'public';

/**
 * What a transport answers: a fetch `Response`, or an object with the few members of one the client reads (the
 * server renderer answers a cached answer that way, without a `Response` and its stream: decision 064).
 */
export type ApiAnswer = Pick<Response, 'ok' | 'status' | 'statusText' | 'json'> & { headers: Pick<Headers, 'get'> };

/**
 * How requests reach the API: the browser's `fetch`. The server that renders the public pages
 * (src/entry-server.tsx) replaces it with its in-process, anonymous API (decision 019).
 */
let transport: (url: string, init: RequestInit) => Promise<ApiAnswer> = (url, init) => fetch(url, init);
export function setApiTransport(fetcher: (url: string, init: RequestInit) => Promise<ApiAnswer>) {
  transport = fetcher;
}

/**
 * Token refreshers registered by the auth features. On a 401, the client runs ONE refresh per scope
 * (single flight: concurrent failures wait for the same promise), then retries with the new token;
 * if refresh fails, `onAuthFailure` runs (clears tokens and redirects to the scope's login).
 */
export interface AuthHooks {
  refresh: (scope: Scope) => Promise<string | null>;
  onAuthFailure: (scope: Scope) => void;
}
let hooks: AuthHooks | null = null;
export function setAuthHooks(h: AuthHooks) {
  hooks = h;
}
const inflight: Partial<Record<Scope, Promise<string | null>>> = {};
function refreshOnce(scope: Scope): Promise<string | null> {
  if (!hooks) return Promise.resolve(null);
  inflight[scope] ??= hooks.refresh(scope).finally(() => {
    delete inflight[scope];
  });
  return inflight[scope]!;
}

/** A response schema loaded when a response needs it (see `publicSchema`). */
export type SchemaLoader<T> = () => Promise<z.ZodType<T>>;

type PublicSchemaName = keyof typeof PublicResponseSchemas;
let publicSchemas: Promise<typeof PublicResponseSchemas> | null = null;
let publicSchemasFailure: unknown = null;
let publicSchemasAttempt = 0;
/**
 * What the response schemas module imports, in the order it depends on it: zod with the shared field schemas (one
 * chunk: a dynamic import of zod itself would take its whole namespace, 386 KB), then the entity schemas. Each is
 * imported and evaluated in a task of its own before the module itself (decision 073). Evaluated at once they were
 * one task of 21–33 ms on a desktop core (×4 on Lighthouse's phone), which every page starts a second after it is
 * interactive (src/components/errors/network-notice.tsx); in parts the longest is zod's, 14–20 ms.
 */
const SCHEMA_PARTS = [
  () => import('../shared/schemas/common-schemas.ts'),
  () => import('../shared/schemas/entity-schemas.ts'),
] as const;

/**
 * The response schemas module, after its parts one task at a time. A part that fails (offline) is left to the
 * module's own import, which then fails for it and is retried by `loadPublicSchemas`.
 */
async function importPublicSchemas(): Promise<typeof PublicResponseSchemas> {
  for (const part of SCHEMA_PARTS) {
    try {
      await part();
    } catch {
      break;
    }
    await nextTask();
  }
  return import('./public-response-schemas.ts');
}

/**
 * The response schemas module, once; after a failure (offline) asked for again on the next request — under a
 * fresh address, as browsers keep a failed `import()` failed (src/lib/network-status.ts importAgain).
 */
export function loadPublicSchemas(): Promise<typeof PublicResponseSchemas> {
  publicSchemas ??= (publicSchemasFailure
    ? importAgain<typeof PublicResponseSchemas>(publicSchemasFailure, ++publicSchemasAttempt, () => import('./public-response-schemas.ts'))
    : importPublicSchemas()
  ).catch((error: unknown) => {
    publicSchemas = null;
    publicSchemasFailure = error;
    throw error;
  });
  return publicSchemas;
}

/**
 * The response schema `name` of src/lib/public-response-schemas.ts, loaded on the first response that needs it:
 * zod and the schemas stay out of the scripts a public page loads before it is interactive (a server-rendered
 * page hydrates from answers the server already checked; decision 036). Every response is still checked
 * before the caller sees it. The load starts with the request, so it overlaps the network round trip.
 */
export function publicSchema<K extends PublicSchemaName>(name: K): SchemaLoader<z.output<(typeof PublicResponseSchemas)[K]>> {
  type Out = z.output<(typeof PublicResponseSchemas)[K]>;
  return () => loadPublicSchemas().then((m) => m[name] as unknown as z.ZodType<Out>);
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Validates `data` (or the whole envelope with `envelope: true`): a schema, or a loader of one (`publicSchema`). */
  schema?: z.ZodType<T> | SchemaLoader<T>;
  signal?: AbortSignal;
  /** Which token to send; default: admin token first, else public. 'none' sends no token
   * (sign-in, refresh and sign-out calls, which must never trigger the 401 refresh). */
  scope?: Scope | 'none';
  /** Return the whole envelope (data + meta) instead of `data`. */
  envelope?: boolean;
  /** Extra request headers, e.g. `Idempotency-Key` (decision 045) of a write that may be sent again. */
  headers?: Record<string, string>;
}

/** The path under the API base with its query string (empty values dropped). */
function pathWithQuery(path: string, query?: RequestOptions<unknown>['query']) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The admin token first, else the public token. */
function pickToken(scope?: Scope | 'none'): { token: string | null; scope: Scope } {
  if (scope === 'none') return { token: null, scope: 'public' };
  if (scope) return { token: session.token(scope), scope };
  const admin = session.token('admin');
  if (admin) return { token: admin, scope: 'admin' };
  return { token: session.token('public'), scope: 'public' };
}

/** The request's schema: itself, or the one its loader resolves to (a failed load is a network error). */
function startSchemaLoad<T>(schema: RequestOptions<T>['schema']): Promise<z.ZodType<T> | undefined> {
  if (typeof schema !== 'function') return Promise.resolve(schema);
  const loading = schema().catch(() => {
    throw new ApiError(0, 'network_error', 'Network issue. Please check your connection.');
  });
  loading.catch(() => undefined); // awaited later; a request that fails first must not leave it unhandled
  return loading;
}

/** Returns the envelope's payload (`data`, or the envelope), checked with the schema when given. */
async function payloadOf<T>(json: any, path: string, status: number, options: RequestOptions<T>, schemaLoad: Promise<z.ZodType<T> | undefined>): Promise<T> {
  const payload = options.envelope ? json : json.data;
  const schema = await schemaLoad;
  if (schema) {
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new ApiError(status, 'invalid_response', `Unexpected response shape from ${path}`);
    return parsed.data;
  }
  return payload as T;
}

/**
 * Calls the API: adds `Authorization: Bearer` (admin token first, else public), `Accept-Language`
 * (stored language), JSON body; parses the envelope `{success, data, meta}`; throws ApiError on
 * `success:false`, HTTP errors (status + server code/message) or network failure (status 0).
 * FormData bodies are sent as multipart. Response `data` is checked with `schema` when given.
 * An anonymous GET the page's HTML already answered (boot data, decision 012) is served from there once.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const target = pathWithQuery(path, options.query);
  const picked = pickToken(options.scope);
  const schemaLoad = startSchemaLoad(options.schema);
  if ((options.method ?? 'GET') === 'GET' && !picked.token) {
    const boot = takeBootResponse(target) as { success?: boolean } | undefined;
    if (boot && boot.success === true) return payloadOf(boot, path, 200, options, schemaLoad);
  }
  const send = async (token: string | null) => {
    const headers: Record<string, string> = { ...options.headers, 'Accept-Language': storedLang(), Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    try {
      const res = await transport(`${API_URL}${target}`, { method: options.method ?? 'GET', headers, body, signal: options.signal });
      reportNetworkSuccess();
      // an answer the service worker served from its cache says so (decision 047)
      noteAnswer(res);
      return res;
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      reportNetworkFailure();
      throw new ApiError(0, 'network_error', 'Network issue. Please check your connection.');
    }
  };
  // a weak network: past a few seconds without an answer, the network notice says so (decision 056)
  const answered = watchSlowRequest();
  let res: ApiAnswer;
  let json: any;
  try {
    res = await send(picked.token);
    if (res.status === 401 && picked.token && hooks) {
      const fresh = await refreshOnce(picked.scope);
      if (fresh) res = await send(fresh);
      if (!fresh || res.status === 401) {
        hooks.onAuthFailure(picked.scope);
      }
    }
    try {
      json = await res.json();
    } catch {
      json = null;
    }
  } finally {
    answered();
  }
  if (!res.ok || !json || json.success === false) {
    const retryAfter = Number(res.headers.get('Retry-After') ?? NaN);
    throw new ApiError(res.status, json?.error?.code ?? 'http_error', json?.error?.message ?? res.statusText ?? 'Request failed', json?.error?.fields,
      Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined);
  }
  return payloadOf(json, path, res.status, options, schemaLoad);
}
