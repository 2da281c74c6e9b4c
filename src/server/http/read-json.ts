import type { Context } from 'hono';
import type { z } from '@hono/zod-openapi';
import { ApiError } from './api-error.ts';
import type { AppEnv } from './app-deps.ts';
import { fieldErrors } from './http-errors.ts';

/**
 * Reads an optional JSON body (none, empty, or valid for `schema`); malformed JSON → 400
 * invalid_json, a wrong shape → 400 validation_failed with fields.
 */
export async function readOptionalJson<T extends z.ZodTypeAny>(c: Context<AppEnv>, schema: T): Promise<z.infer<T>> {
  const text = await c.req.text();
  let json: unknown = {};
  if (text.trim()) {
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiError(400, 'invalid_json');
    }
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(400, 'validation_failed', fieldErrors(parsed.error.issues));
  return parsed.data;
}
