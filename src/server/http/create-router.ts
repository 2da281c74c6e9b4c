import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ApiApp, AppEnv } from './app-deps.ts';
import { validationHook } from './http-errors.ts';

/**
 * A new resource sub-app (routes/**): an OpenAPIHono over AppEnv whose invalid input answers 400
 * `validation_failed` with field errors. app.ts mounts each with `app.route('/', …)`; routes keep
 * their full paths (`/public/zones/{slug}`), so the path in the OpenAPI document is the one in the file.
 */
export function createRouter(): ApiApp {
  return new OpenAPIHono<AppEnv>({ defaultHook: (result, c) => validationHook(result, c as Context<AppEnv>) });
}
