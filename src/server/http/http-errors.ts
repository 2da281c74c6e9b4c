import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { classifyPgError } from '../db/database-error.ts';
import { DomainError, type DomainErrorKind, type FieldProblem } from '../domain-errors.ts';
import { langFromHeader, message, type ErrorCode, type Lang } from '../message-catalogue.ts';
import { ApiError } from './api-error.ts';
import type { AppEnv } from './app-deps.ts';
import { localizeFields } from './field-messages.ts';
import type { RequestLogger } from './request-log.ts';

/**
 * Error handling of the API, in one place: every error a handler or middleware throws (ApiError, a
 * DomainError of the service layer, Hono's HTTPException, a Postgres error, anything else) becomes the JSON error envelope
 * `{ success:false, error:{ code, message, fields?, fieldCodes? } }` with its HTTP status, the message
 * and the field messages in the request's language (message-catalogue.ts, http/field-messages.ts).
 */

type Issue = { path: PropertyKey[]; message: string; code?: string; origin?: string };

/** Turns zod issues into `{ field: [problems] }` (nested paths joined with dots), each with its issue code. */
export function fieldErrors(issues: Issue[]): Record<string, FieldProblem[]> {
  const fields: Record<string, FieldProblem[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fields[key] ??= []).push({ message: issue.message, code: issue.code ?? 'custom', ...(typeof issue.origin === 'string' ? { origin: issue.origin } : {}) });
  }
  return fields;
}

/**
 * Codes whose `fields` are a report quoting the caller's data rather than field messages: answered as
 * written (the route already wrote it in the request's language), without codes (import_rejected:
 * "places[3]" → "lat: …", see routes/admin/admin-import-routes.ts).
 */
const REPORT_CODES = new Set<ErrorCode>(['import_rejected']);

/** `error.fields` (+ `fieldCodes`) of `error` in `lang`; nothing when it has none. */
function fieldsOf(error: ApiError, lang: Lang) {
  if (!error.fields) return {};
  if (REPORT_CODES.has(error.code)) {
    return { fields: Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v.map((p) => (typeof p === 'string' ? p : p.message))])) };
  }
  return localizeFields(error.fields, lang);
}

/** The error envelope of `error` (status, extra headers, localised message). */
export function errorResponse(c: Context<AppEnv>, error: ApiError) {
  const lang = c.get('lang') ?? langFromHeader(c.req.header('accept-language'));
  if (error.headers) for (const [k, v] of Object.entries(error.headers)) c.header(k, v);
  return c.json(
    { success: false as const, error: { ...error.details, code: error.code, message: message(error.code, lang, error.params), ...fieldsOf(error, lang) } },
    error.status,
  );
}

/** The HTTP status of each kind of domain error (domain-errors.ts). */
export const DOMAIN_ERROR_STATUS = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  unauthenticated: 401,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  unavailable: 503,
} as const satisfies Record<DomainErrorKind, ContentfulStatusCode>;

/**
 * Maps any thrown value to an ApiError: ours as is, domain errors by kind (DOMAIN_ERROR_STATUS, with
 * their code, fields, params and extra members, and `Retry-After` from `retryAfterSeconds`), Postgres errors by SQLSTATE, the rest 500.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) {
    const headers = error.retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(error.retryAfterSeconds) };
    return new ApiError(DOMAIN_ERROR_STATUS[error.kind], error.code, error.fields, error.params, headers, error.extra);
  }
  if (error instanceof HTTPException) {
    if (error.status === 413) return new ApiError(413, 'payload_too_large');
    if (error.status === 400) return new ApiError(400, 'invalid_json');
    if (error.status === 415) return new ApiError(415, 'unsupported_media_type');
    return new ApiError(error.status as 400, error.status === 401 ? 'unauthorized' : 'validation_failed');
  }
  switch (classifyPgError(error)) {
    case 'unique_violation': return new ApiError(409, 'conflict');
    case 'foreign_key_violation': return new ApiError(409, 'conflict');
    case 'check_violation': return new ApiError(400, 'validation_failed');
    case 'insufficient_privilege': return new ApiError(403, 'forbidden');
    case 'unavailable': case 'timeout': case 'retry': return new ApiError(503, 'database_unavailable', undefined, undefined, { 'Retry-After': '1' });
    default: return new ApiError(500, 'internal_error');
  }
}

/**
 * The validation hook of every OpenAPI route (http/create-router.ts): input that fails its zod schema
 * answers 400 `validation_failed` with the field messages in `error.fields`.
 */
export function validationHook(result: { success: boolean; error?: { issues: Issue[] } }, c: Context<AppEnv>) {
  if (!result.success) return errorResponse(c, new ApiError(400, 'validation_failed', fieldErrors(result.error?.issues ?? [])));
}

/** The app's one `onError`: the envelope of toApiError(error); 5xx are logged (500 as errors, 503 as warnings). */
export function onApiError(logger: RequestLogger): ErrorHandler<AppEnv> {
  return (error, c) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) {
      const entry = { reqId: c.get('requestId'), method: c.req.method, path: c.req.path, status: apiError.status, code: apiError.code, err: error };
      if (apiError.code === 'internal_error') logger.error(entry, 'unhandled error');
      else logger.warn(entry, apiError.code);
    }
    return errorResponse(c, apiError);
  };
}

/** 404 `route_not_found` for a path no route serves. */
export const onRouteNotFound: NotFoundHandler<AppEnv> = (c) => errorResponse(c, new ApiError(404, 'route_not_found'));
