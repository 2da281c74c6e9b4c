import { z } from '@hono/zod-openapi';
import { apiErrorSchema, idSchema } from '../../shared/schemas/common-schemas.ts';
import { JSON_BODY_LIMIT_BYTES } from './body-limit.ts';
import type { ApiApp } from './app-deps.ts';
import { completeDocument } from './openapi-document.ts';

/**
 * The OpenAPI side of the routes: the response/request helpers every route module uses, and the
 * document served at /api/openapi.json (produced from the route definitions, completed here).
 */

/** `security` of an operation that needs `Authorization: Bearer <token>` (the app answers 401 without one). */
export const security = [{ bearerAuth: [] }];

/** Path parameters `{id}` (a positive integer id). */
export const idParams = z.object({ id: idSchema });

/** OpenAPI response entries: a JSON success body plus the error envelope for the given statuses. */
export function jsonResponses<T extends z.ZodTypeAny>(schema: T, description: string, errors: number[] = [400]) {
  const out: Record<number, { description: string; content: { 'application/json': { schema: z.ZodTypeAny } } }> = {
    200: { description, content: { 'application/json': { schema } } },
  };
  const names: Record<number, string> = {
    400: 'Invalid input (field errors in error.fields)', 401: 'Missing or invalid token', 403: 'Not allowed',
    404: 'Not found', 409: 'Conflict', 413: 'Too large', 415: 'Unsupported media type', 429: 'Rate limited (Retry-After)',
    503: 'Database unavailable',
  };
  for (const status of [...errors, 503]) out[status] = { description: names[status] ?? 'Error', content: { 'application/json': { schema: apiErrorSchema } } };
  return out as unknown as { 200: { description: string; content: { 'application/json': { schema: T } } } };
}

/** jsonResponses with 201 (created) instead of 200. */
export function created<T extends z.ZodTypeAny>(schema: T, description: string, errors: number[]) {
  const { 200: ok, ...rest } = jsonResponses(schema, description, errors) as unknown as Record<number, unknown>;
  return { 201: ok, ...rest } as unknown as { 201: { description: string; content: { 'application/json': { schema: T } } } };
}

/** A required JSON request body. */
export function jsonBody<T extends z.ZodTypeAny>(schema: T) {
  return { body: { content: { 'application/json': { schema } }, required: true } };
}

const API_DESCRIPTION = [
  'Public, user and admin endpoints of Dalil, a bilingual (English/Arabic) city services directory. Guide: docs/api.md.',
  '',
  'Every answer is JSON: `{ success: true, data, meta? }` or `{ success: false, error: { code, message, fields?, fieldCodes? } }` with the HTTP status',
  '(400 invalid input, 401 no/invalid token, 403 not allowed, 404, 409 conflict, 413 body over 64 KiB (uploads: 5 MB), 415, 429 rate limited,',
  '503 database unavailable or a statement over the time limit — retry after `Retry-After` seconds). Messages follow `Accept-Language` (en, ar).',
  'Authenticated endpoints take `Authorization: Bearer <token>` from `POST /api/public/auth/login` (refresh with `/api/public/auth/refresh`).',
  'Every response carries `X-Request-Id` (send your own to correlate).',
  'Anonymous public GETs may come from the server\'s cache, which is emptied on every change of the data (`X-Cache: hit|miss|bypass`);',
  '`Cache-Control: no-cache` asks for a fresh answer.',
].join('\n');

/**
 * The operations of `app` that declare bearerAuth (or, with `secured: false`, that do not; with
 * `under`, only those whose path starts with it), as `{ method, pattern }` over the full request
 * path (`/api/...`); read after every route is mounted.
 */
export function securedOperations(app: ApiApp, options: { secured?: boolean; under?: string } = {}): { method: string; pattern: RegExp }[] {
  const out: { method: string; pattern: RegExp }[] = [];
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    if (Boolean(definition.route.security?.some((s) => 'bearerAuth' in s)) !== (options.secured ?? true)) continue;
    if (options.under && !definition.route.path.startsWith(options.under)) continue;
    const pattern = new RegExp(`^/api${definition.route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);
    out.push({ method: definition.route.method.toUpperCase(), pattern });
  }
  return out;
}

/** The OpenAPI server URL of a request: `serverUrl` (without a trailing slash) when given, else the request's origin. */
export function openApiServerUrl(requestUrl: string, serverUrl?: string): string {
  return serverUrl ? serverUrl.replace(/\/+$/, '') : new URL(requestUrl).origin;
}

/**
 * `GET /openapi.json`: the document of every route of `app` (tag `meta`). Its paths start with
 * `/api`; `servers` names what callers prefix them with: `serverUrl` when given (the Edge
 * Function's public `…/functions/v1`), else the request's origin (Node).
 */
export function registerOpenApiDocument(app: ApiApp, serverUrl?: string): void {
  let document: Record<string, unknown> | undefined;
  app.get('/openapi.json', (c) => {
    document ??= completeDocument(app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 'Dalil — city services directory API', version: '1.0.0', description: API_DESCRIPTION },
    }) as unknown as Record<string, unknown>, { jsonBodyLimitBytes: JSON_BODY_LIMIT_BYTES });
    return c.json({ ...document, servers: [{ url: openApiServerUrl(c.req.url, serverUrl), description: 'This server' }] });
  });
  app.openAPIRegistry.registerPath({
    method: 'get', path: '/openapi.json', tags: ['meta'], summary: 'This OpenAPI 3.1 document',
    responses: { 200: { description: 'The OpenAPI document', content: { 'application/json': { schema: z.object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }).passthrough() } } } },
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
}
