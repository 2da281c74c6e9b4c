import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { requireUser } from '../auth/request-guards.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiApp, AppDeps, AppEnv } from '../http/app-deps.ts';
import { security } from '../http/openapi.ts';
import { createRouter } from '../http/create-router.ts';
import { readImageUpload } from '../storage/read-image-upload.ts';
import { StorageWriteError, UPLOAD_BUCKETS, type UploadBucket } from '../storage/storage-provider.ts';
import { apiErrorSchema, envelope, LIMITS } from '../../shared/schemas/common-schemas.ts';
import { uploadResultSchema } from '../../shared/schemas/entity-schemas.ts';


const errorContent = { 'application/json': { schema: apiErrorSchema } };

/**
 * Checks and stores one image (multipart field `image`) in `bucket` under a random name
 * (`crypto.randomUUID()` + the extension of the DETECTED type). 201 `{success, data:{url}}`.
 * Errors: 400 image_required, 413 file_too_large (> 5 242 880 bytes, refused while streaming),
 * 415 invalid_file_type (not PNG/JPEG/GIF by magic bytes), 503 storage_unavailable when the storage
 * cannot take the file (local folder not writable or not a folder, disk full, Storage API down or refusing;
 * nothing is left behind, the cause is logged) or when no storage is configured.
 */
async function storeUpload(c: Context<AppEnv>, deps: AppDeps, bucket: UploadBucket) {
  if (!deps.storage) throw new ApiError(503, 'storage_unavailable');
  const { bytes, type } = await readImageUpload(c.req.raw, { maxBytes: LIMITS.imageMaxBytes });
  const name = `${crypto.randomUUID()}.${type.ext}`;
  let url: string;
  try {
    url = await deps.storage.put(bucket, name, bytes, type.mime);
  } catch (error) {
    if (!(error instanceof StorageWriteError)) throw error;
    console.error(`[uploads] ${error.message}`);
    throw new ApiError(503, 'storage_unavailable');
  }
  return c.json({ success: true as const, data: { url } }, 201);
}

function documentUpload(app: ApiApp, path: string, summary: string, errors: number[]) {
  const names: Record<number, string> = {
    400: "No file in the multipart field 'image'", 401: 'Missing or invalid token', 403: 'Not an admin',
    413: 'File larger than 5 242 880 bytes', 415: 'Not a PNG, JPEG or GIF (checked by content)',
    503: 'storage_unavailable: the storage cannot take the file (not writable, full, down) or is not configured; nothing stored',
  };
  const responses: Record<string, unknown> = {
    201: { description: 'Stored', content: { 'application/json': { schema: envelope(uploadResultSchema) } } },
  };
  for (const status of errors) responses[status] = { description: names[status] ?? 'Error', content: errorContent };
  app.openAPIRegistry.registerPath({
    method: 'post', path, tags: ['uploads'], summary, security,
    request: {
      body: {
        required: true,
        content: { 'multipart/form-data': { schema: z.object({ image: z.string().openapi({ type: 'string', format: 'binary', description: 'PNG, JPEG or GIF, at most 5 242 880 bytes' }) }) } },
      },
    },
    responses: responses as never,
  });
}

/**
 * Image uploads: `POST /public/auth/upload/places` for signed-in users and
 * `POST /admin/upload/{places|categories|website}` for admins. The body is NOT parsed by a
 * validator (that would buffer it unbounded): readImageUpload counts it while it streams in.
 * The caller is checked before a byte of the body is read (401 by the app for anonymous callers,
 * 403 by the admin guard on /admin/*).
 */
export function uploadRoutes(deps: AppDeps): ApiApp {
  const app = createRouter();
  const errors = [400, 401, 413, 415, 503];
  documentUpload(app, '/public/auth/upload/places', 'Upload a place logo or image (signed-in user); answers data.url', errors);
  app.post('/public/auth/upload/places', (c) => {
    requireUser(c);
    return storeUpload(c, deps, 'places');
  });
  for (const bucket of UPLOAD_BUCKETS) {
    documentUpload(app, `/admin/upload/${bucket}`, `Upload an image to the ${bucket} bucket (admin); answers data.url`, [...errors, 403]);
    app.post(`/admin/upload/${bucket}`, (c) => storeUpload(c, deps, bucket));
  }
  return app;
}
