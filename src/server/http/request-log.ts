import type { Context, MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { once } from './security-headers.ts';

/**
 * The logger the server writes to: a pino logger on Node (src/server/logger.ts) — any object with
 * pino's `info/warn/error(obj, msg)` shape works (the Edge Function passes one too).
 */
export interface RequestLogger {
  debug?(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * The Hono bindings (`app.request(path, init, IN_PROCESS)`) of a request the server makes to its own API in process:
 * the server renderer's reads of a page's data and the client-rendered document's boot answers. Their request
 * lines are written at debug level (a 5xx still at error level): the page's own line already says the request,
 * its status and its time; a rendered page wrote three or four lines, and the log file was 3.5 % of a render's CPU (decisions 054, 061). Not
 * reachable from outside: a client cannot set bindings, only headers.
 */
export const IN_PROCESS = Object.freeze({ inProcess: true as const });

const isInProcess = (c: Context) => (c.env as { inProcess?: unknown } | undefined)?.inProcess === true;

/** A logger that drops everything (tests and callers that pass none). */
export const SILENT_LOGGER: RequestLogger = { info() {}, warn() {}, error() {} };

/**
 * Query parameters whose values are never logged (secrets a client might put in a URL by mistake). Covers every
 * key of the logger's REDACT_PATHS (src/server/logger.ts), so a request line needs no redaction pass of its own.
 */
const SECRET_PARAM = /pass|token|secret|code|key|auth|session|cookie|signature|otp|email|parameters|query_text/i;

/**
 * The path and query of a request as logged: the pathname as is, each query value kept only when
 * its name is not secret-looking (`SECRET_PARAM`), else `[REDACTED]`; values are cut to 100 characters.
 * Example: `/api/public/places?search=cafe&token=abc` → `{ path: '/api/public/places', query: { search: 'cafe', token: '[REDACTED]' } }`.
 */
export function loggablePath(url: string): { path: string; query?: Record<string, string> } {
  const parsed = new URL(url, 'http://localhost');
  const query: Record<string, string> = {};
  for (const [name, value] of parsed.searchParams) {
    query[name] = SECRET_PARAM.test(name) ? '[REDACTED]' : value.length > 100 ? `${value.slice(0, 100)}…` : value;
  }
  return Object.keys(query).length ? { path: parsed.pathname, query } : { path: parsed.pathname };
}

/**
 * The logger request lines are written with. A pino logger's redaction (REDACT_PATHS: wildcard paths, the second
 * line of defence for error objects and ad-hoc calls) runs on every top-level value of every line and cost
 * ~60–190 µs per request line on this machine, about a tenth of an uncached answer's CPU (issue #28). A request line
 * holds only what `requestLog` puts in it — id, method, path, the query as `loggablePath` redacts it (by name,
 * covering every redacted key), status, duration, user id — so it goes through a child logger without that pass:
 * same fields, same output. Any other logger is used as is.
 */
function linesLogger(logger: RequestLogger): RequestLogger {
  const pino = logger as RequestLogger & { child?: (bindings: object, options: { redact: string[] }) => RequestLogger };
  return typeof pino.child === 'function' ? pino.child({}, { redact: [] }) : logger;
}

function userIdOf(c: Context): string | undefined {
  const claims = (c as unknown as { get(k: string): unknown }).get('claims') as { sub?: string; role?: string } | undefined;
  return claims?.role === 'authenticated' && claims.sub ? claims.sub : undefined;
}

/**
 * Request id and access log, installed once per request:
 * - `X-Request-Id`: the client's own (≤ 255 characters of [A-Za-z0-9_=-]) or a new UUID, set as
 *   `c.get('requestId')` and echoed on the response (Hono's requestId middleware);
 * - one JSON line per request when it ends: `{ reqId, method, path, query?, status, durationMs,
 *   userId? }`, message `request`, at level info (error from status 500; debug for the server's own in-process
 *   requests, `IN_PROCESS`).
 * Bodies, headers and cookies are never logged; secret-looking query values are redacted (`loggablePath`).
 */
export function requestLog(logger: RequestLogger): MiddlewareHandler {
  const withId = requestId();
  logger = linesLogger(logger);
  return once('requestLog', async (c, next) => {
    const started = performance.now();
    await withId(c, async () => {
      try {
        await next();
      } finally {
        const status = c.res?.status ?? 500;
        const entry = {
          reqId: c.get('requestId'),
          method: c.req.method,
          ...loggablePath(c.req.url),
          status,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
          ...(userIdOf(c) ? { userId: userIdOf(c) } : {}),
        };
        if (status >= 500) logger.error(entry, 'request');
        else if (isInProcess(c)) logger.debug?.(entry, 'request');
        else logger.info(entry, 'request');
      }
    });
  });
}
