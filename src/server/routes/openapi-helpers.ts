import { z } from 'zod';
import { apiErrorSchema } from '../../shared/schemas/common.ts';

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
