import { CACHEABLE_ROUTES } from './cacheable-routes.ts';
import { fieldCodes } from './field-messages.ts';
import { idempotentOperation } from './idempotency-middleware.ts';
import { errorCodes, MESSAGES } from '../message-catalogue.ts';
import {
  IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_TTL_HOURS, IDEMPOTENT_REPLAYED_HEADER,
} from '../../shared/idempotency-headers.ts';

/**
 * What the OpenAPI document says beyond the route definitions (@hono/zod-openapi): tags with their
 * descriptions, one operationId per operation, a description, examples, the headers every answer
 * carries and the list of error codes. Kept in one place so route modules stay HTTP only; the
 * document is linted with Spectral's `spectral:oas` ruleset (tests/api/openapi-quality.test.ts).
 */

/** The document's tags in display order: every operation has one of them. */
export const OPENAPI_TAGS = [
  { name: 'public', description: 'Anonymous reads: categories, zones, places, search, map markers, site branding. Answers may come from the server cache (`X-Cache`).' },
  { name: 'auth', description: 'Accounts of the public site: sign-up with an e-mailed 6-digit code, sign-in, token refresh, password reset, profile.' },
  { name: 'contributions', description: 'Signed-in users propose new places and changes to places they own, and follow their requests.' },
  { name: 'uploads', description: 'Image uploads (multipart, at most 5 MB; JPEG, PNG, WebP or GIF) answering the stored image\'s URL.' },
  { name: 'admin auth', description: 'Sessions of the admin console: admin sign-in, refresh, token check, password change.' },
  { name: 'moderation', description: 'Admins review place requests: approve (the place is created or changed) or reject with a reason.' },
  { name: 'admin: categories', description: 'Admin management of categories.' },
  { name: 'admin: zones', description: 'Admin management of zones (districts) and their display order.' },
  { name: 'admin: buildings', description: 'Admin management of the buildings of a zone and their display order.' },
  { name: 'admin: places', description: 'Admin management of places.' },
  { name: 'admin: website settings', description: 'Admin management of the site\'s branding (logo, names, descriptions).' },
  { name: 'admin: duplicates', description: 'Likely duplicate places of the whole directory and merging them (the removed slug answers 301 to the kept place).' },
  { name: 'admin: history', description: 'Every change of places, categories, zones, buildings and website settings as the database recorded it; restoring places.' },
  { name: 'admin: import', description: 'Admins import directory files (JSON) or CSVs of places: a dry-run preview of what would be inserted, updated or left alone, then the import. Records are matched by their source identity, never by slug.' },
  { name: 'meta', description: 'Health, this document and the interactive API reference.' },
] as const;

/**
 * operationId of every operation ("METHOD /api/path" → id): the method names of generated clients,
 * stable across releases. An operation missing here gets an id derived from its method and path
 * (tests/api/openapi-quality.test.ts fails on that, so a new route gets a chosen name).
 */
export const OPERATION_IDS: Record<string, string> = {
  'GET /api/website-settings': 'getWebsiteSettings',
  'GET /api/public/categories': 'listCategories',
  'GET /api/public/categories/{slug}': 'getCategory',
  'GET /api/public/categories/{slug}/places': 'listCategoryPlaces',
  'GET /api/public/zones': 'listZones',
  'GET /api/public/zones/{slug}': 'getZone',
  'GET /api/public/zones/{slug}/places': 'listZonePlaces',
  'GET /api/public/places': 'listPlaces',
  'POST /api/public/places': 'proposePlace',
  'GET /api/public/places/{slug}': 'getPlace',
  'GET /api/public/places/{slug}/share': 'getPlaceShareLink',
  'GET /api/public/search': 'search',
  'GET /api/public/map/markers': 'listMapMarkers',
  'POST /api/public/auth/register': 'register',
  'POST /api/public/auth/verify-email': 'verifyEmail',
  'POST /api/public/auth/resend-code': 'resendVerificationCode',
  'POST /api/public/auth/login': 'login',
  'POST /api/public/auth/refresh': 'refreshSession',
  'POST /api/public/auth/logout': 'logout',
  'POST /api/public/auth/forgot-password': 'forgotPassword',
  'POST /api/public/auth/verify-reset-code': 'verifyResetCode',
  'POST /api/public/auth/reset-password': 'resetPassword',
  'GET /api/public/auth/profile': 'getProfile',
  'PUT /api/public/auth/profile': 'updateProfile',
  'PUT /api/public/auth/profile/settings': 'updateProfileSettings',
  'PUT /api/public/auth/change-password': 'changePassword',
  'POST /api/admin/auth/login': 'adminLogin',
  'POST /api/admin/auth/refresh': 'adminRefreshSession',
  'GET /api/admin/auth/verify': 'adminVerify',
  'PUT /api/admin/auth/change-password': 'adminChangePassword',
  'POST /api/admin/auth/logout': 'adminLogout',
  'POST /api/public/auth/upload/places': 'uploadPlaceImage',
  'POST /api/admin/upload/places': 'adminUploadPlaceImage',
  'POST /api/admin/upload/categories': 'adminUploadCategoryImage',
  'POST /api/admin/upload/website': 'adminUploadWebsiteImage',
  'POST /api/public/auth/places/{id}/edit-request': 'proposePlaceEdit',
  'GET /api/public/auth/places': 'listMyPlaces',
  'GET /api/public/auth/requests': 'listMyPlaceRequests',
  'GET /api/public/auth/requests/{id}': 'getMyPlaceRequest',
  'GET /api/admin/place-requests': 'listPlaceRequests',
  'GET /api/admin/place-requests/{id}': 'getPlaceRequest',
  'POST /api/admin/place-requests/{id}/approve': 'approvePlaceRequest',
  'POST /api/admin/place-requests/{id}/reject': 'rejectPlaceRequest',
  'POST /api/admin/place-requests/approve-all': 'approveAllPlaceRequests',
  'GET /api/admin/categories': 'adminListCategories',
  'POST /api/admin/categories': 'adminCreateCategory',
  'PUT /api/admin/categories/{id}': 'adminUpdateCategory',
  'DELETE /api/admin/categories/{id}': 'adminDeleteCategory',
  'GET /api/admin/zones': 'adminListZones',
  'POST /api/admin/zones': 'adminCreateZone',
  'PUT /api/admin/zones/reorder': 'adminReorderZones',
  'GET /api/admin/zones/{id}': 'adminGetZone',
  'PUT /api/admin/zones/{id}': 'adminUpdateZone',
  'DELETE /api/admin/zones/{id}': 'adminDeleteZone',
  'GET /api/admin/zones/{zoneId}/buildings': 'adminListBuildings',
  'POST /api/admin/zones/{zoneId}/buildings': 'adminCreateBuilding',
  'PUT /api/admin/zones/{zoneId}/buildings/reorder': 'adminReorderBuildings',
  'PUT /api/admin/buildings/{id}': 'adminUpdateBuilding',
  'DELETE /api/admin/buildings/{id}': 'adminDeleteBuilding',
  'GET /api/admin/places': 'adminListPlaces',
  'POST /api/admin/places': 'adminCreatePlace',
  'GET /api/admin/places/{id}': 'adminGetPlace',
  'PUT /api/admin/places/{id}': 'adminUpdatePlace',
  'DELETE /api/admin/places/{id}': 'adminDeletePlace',
  'GET /api/admin/website-settings': 'adminGetWebsiteSettings',
  'PUT /api/admin/website-settings': 'adminUpdateWebsiteSettings',
  'GET /api/admin/history': 'adminListHistory',
  'GET /api/admin/overview': 'adminGetOverview',
  'GET /api/admin/history/deleted-places': 'adminListDeletedPlaces',
  'POST /api/admin/history/{entryId}/restore': 'adminRestorePlaceVersion',
  'POST /api/admin/import/preview': 'adminPreviewImport',
  'POST /api/admin/import': 'adminImport',
  'GET /api/public/export': 'exportPlaces',
  'GET /api/public/duplicates': 'findDuplicatePlaces',
  'GET /api/admin/duplicates': 'adminListDuplicatePairs',
  'POST /api/admin/duplicates/merge': 'adminMergePlaces',
  'GET /api/health': 'getHealth',
  'GET /api/docs': 'getApiReference',
  'GET /api/docs/scalar.js': 'getApiReferenceScript',
  'GET /api/openapi.json': 'getOpenApiDocument',
};

/** The error code shown in the example of an error answer with this status. */
const EXAMPLE_CODE: Record<string, string> = {
  400: 'validation_failed', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 413: 'payload_too_large',
  415: 'unsupported_media_type', 422: 'idempotency_key_reused', 429: 'rate_limited', 503: 'database_unavailable',
};

/** The `Idempotency-Key` header parameter of the writes that honour it (http/idempotency-middleware.ts). */
const IDEMPOTENCY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description: `Makes the write safe to send again (a lost answer, an offline queue): a repeat with the same key and the same request gets the first answer (\`${IDEMPOTENT_REPLAYED_HEADER}: true\`) instead of a second write; `
    + `the same key with another request answers 422 \`idempotency_key_reused\`; a repeat while the first still runs waits for its answer (409 \`idempotency_key_in_progress\` after 8 s). `
    + `Keys are per user, kept ${IDEMPOTENCY_KEY_TTL_HOURS} h; 5xx and 429 answers are not kept. Use a new random key (a UUID) per new request.`,
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN.source },
  example: '3f0c1f4e-8a47-4a8e-9d5b-2f1c9e7d6a10',
};

type Schema = Record<string, any>;
type Media = { schema?: Schema; example?: unknown; examples?: unknown };
type Response = { description?: string; content?: Record<string, Media>; headers?: Record<string, unknown> };
type Operation = {
  operationId?: string; summary?: string; description?: string; tags?: string[]; security?: Record<string, unknown>[]; parameters?: unknown[];
  requestBody?: { content?: Record<string, Media> }; responses: Record<string, Response>;
};

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/**
 * A value valid for `schema` (JSON Schema of the document): the schema's own example when it has one
 * (named schemas carry one), else built from its type, format, bounds and enum. Used for the example of
 * every request and response body; Spectral checks each against its schema.
 */
export function exampleOf(schema: Schema | undefined, components: Record<string, Schema>, depth = 0): unknown {
  if (!schema || depth > 12) return null;
  if (schema.$ref) {
    const target = components[String(schema.$ref).replace('#/components/schemas/', '')];
    return exampleOf(target, components, depth + 1);
  }
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) {
      const option = (schema[key] as Schema[]).find((s) => s.type !== 'null') ?? schema[key][0];
      return exampleOf(option, components, depth + 1);
    }
  }
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((s: Schema) => exampleOf(s, components, depth + 1)));
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const type = types.find((t) => t !== 'null') ?? types[0] ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        out[name] = exampleOf(property, components, depth + 1);
      }
      return out;
    }
    case 'array': {
      const item = exampleOf(schema.items, components, depth + 1);
      return Array.from({ length: Math.max(1, Number(schema.minItems ?? 1)) }, () => item);
    }
    case 'integer': case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Number(schema.exclusiveMinimum) + 1 : 1);
      return schema.maximum !== undefined ? Math.min(min, schema.maximum) : min;
    }
    case 'boolean': return true;
    case 'null': return null;
    case 'string': {
      const byFormat: Record<string, string> = {
        email: 'reader@example.com', uri: 'https://example.com/', url: 'https://example.com/', uuid: '6f1c3a52-1d0e-4b8e-9a51-2f1f5d1e9c11',
        'date-time': '2026-01-01T09:00:00.000Z', date: '2026-01-01', password: 'correct-horse-battery', binary: 'image bytes',
      };
      let text = byFormat[schema.format] ?? 'text';
      if (schema.pattern && !new RegExp(schema.pattern, 'u').test(text)) {
        text = ['city-pharmacy', '123456', 'https://example.com/', '+966 11 234 5678', ''].find((t) => new RegExp(schema.pattern, 'u').test(t)) ?? text;
      }
      if (schema.minLength && text.length < schema.minLength) text = text.padEnd(schema.minLength, 'x');
      if (schema.maxLength && text.length > schema.maxLength) text = text.slice(0, schema.maxLength);
      return text;
    }
    default: return null;
  }
}

/** Path of an operation with sample values in its parameters, to match against served paths. */
const samplePath = (path: string) => path.replace(/\{[^}]+\}/g, 'x');

/**
 * Completes the generated document (in place, returned): tags, operationIds, descriptions, the error
 * envelope as the named `Error` schema with the enum of every code, 413 for any JSON request body
 * (JSON_BODY_LIMIT_BYTES), 401 for bearerAuth operations, the `X-Request-Id`, `Retry-After` (429, 503)
 * and `X-Cache` (cacheable public reads) response headers, and an example for every JSON body.
 */
export function completeDocument(doc: Record<string, any>, options: { jsonBodyLimitBytes: number }): Record<string, any> {
  const components = (doc.components ??= {});
  const schemas: Record<string, Schema> = (components.schemas ??= {});
  const error = schemas.Error;
  if (error?.properties?.error?.properties?.code) {
    error.properties.error.properties.code = { type: 'string', enum: errorCodes(), description: 'Stable machine code of the error (the message key).' };
    const codes = error.properties.error.properties.fieldCodes;
    if (codes?.additionalProperties?.items) codes.additionalProperties.items = { type: 'string', enum: fieldCodes() };
  }
  doc.tags = OPENAPI_TAGS.map((t) => ({ ...t }));
  doc.info = { ...doc.info, contact: { name: 'Dalil API guide: docs/api.md in the repository; reference at /api/docs' } };
  const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(ops)) {
      const key = `${method.toUpperCase()} ${path}`;
      op.operationId = OPERATION_IDS[key] ?? `${method}${path.replace(/^\/api/, '').replace(/[{}]/g, '').split(/[/-]/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}`;
      const secured = op.security?.some((s) => 'bearerAuth' in s) ?? false;
      if (!op.description) {
        const access = !secured ? 'No token needed.' : /^\/api\/admin\//.test(path) ? 'Admins only: 401 without a valid token, 403 for other users.' : 'Signed-in users: 401 without a valid token.';
        op.description = `${op.summary ?? key}. ${access}`;
      }
      if (op.requestBody?.content?.['application/json'] && !op.responses['413']) op.responses['413'] = errorResponse(`JSON body over ${options.jsonBodyLimitBytes} bytes`);
      if (secured && !op.responses['401']) op.responses['401'] = errorResponse('Missing or invalid token');
      const idempotent = idempotentOperation(method, path, secured);
      if (idempotent) {
        op.parameters = [...(op.parameters ?? []), IDEMPOTENCY_PARAMETER];
        op.responses['422'] ??= errorResponse('`Idempotency-Key` already used with a different request (method, path or body)');
        op.responses['409'] ??= errorResponse('Conflict');
        op.responses['409'].description = `${op.responses['409'].description}; or a request with this \`Idempotency-Key\` is still running (retry after \`Retry-After\`)`;
        if (!op.responses['400']) op.responses['400'] = errorResponse('Invalid input');
      }
      const cacheable = method === 'get' && CACHEABLE_ROUTES.some((r) => r.pattern.test(samplePath(path)));

      for (const media of Object.values(op.requestBody?.content ?? {})) {
        if (media.schema && media.example === undefined && media.examples === undefined) media.example = exampleOf(media.schema, schemas);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        const headers: Record<string, unknown> = {
          ...response.headers,
          'X-Request-Id': { description: 'Id of this request (yours when you sent a valid X-Request-Id)', schema: { type: 'string' } },
        };
        if (idempotent && /^2/.test(status)) {
          headers[IDEMPOTENT_REPLAYED_HEADER] = { description: '`true` when this is the stored answer of an earlier request with the same `Idempotency-Key`', schema: { type: 'string', enum: ['true'] } };
        }
        if (status === '429' || status === '503' || (idempotent && status === '409')) {
          headers['Retry-After'] = { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } };
        }
        if (cacheable && status === '200') {
          headers['X-Cache'] = {
            description: 'Whether the answer came from the server cache (`hit`), was just stored (`miss`) or skipped it (`bypass`: a token, `Cache-Control: no-cache`)',
            schema: { type: 'string', enum: ['hit', 'miss', 'bypass'] },
          };
        }
        response.headers = headers;
        const json = response.content?.['application/json'];
        if (!json?.schema || json.example !== undefined || json.examples !== undefined) continue;
        if (/^[45]/.test(status)) {
          const code = EXAMPLE_CODE[status] ?? 'internal_error';
          json.schema = ERROR_REF;
          json.example = { success: false, error: { code, message: (MESSAGES as Record<string, { en: string }>)[code]?.en ?? code } };
        } else {
          json.example = exampleOf(json.schema, schemas);
        }
      }
    }
  }
  return doc;
}
