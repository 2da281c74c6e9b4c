import { apiRequest } from './api-client.ts';
import { ApiError } from './api-client-error.ts';
import { uploadResultSchema } from '../shared/schemas/entity-schemas.ts';

/**
 * POSTs `file` as multipart field `image` to an upload endpoint (`/admin/upload/{bucket}`,
 * `/public/auth/upload/places`) with the scope's token and resolves to the stored image's URL
 * (`data.url`: a /uploads/… path locally, a public Storage URL on Supabase). Throws ApiError
 * (413 too large, 415 not a PNG/JPEG/GIF, 401/403).
 */
export async function uploadImage(path: string, file: File, scope: 'admin' | 'public'): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const { url } = await apiRequest(path, { method: 'POST', body, schema: uploadResultSchema, scope });
  return url;
}

/** Why an upload failed, as an i18n key under `imageUpload.` (common namespace). */
export type UploadProblem = 'invalidFileType' | 'fileTooLarge' | 'unreadable' | 'storageUnavailable' | 'uploadFailed';

/**
 * The server's specific reason for a failed upload (issue #17: not only "Failed to upload"), from its
 * error code: 415 invalid_file_type (the bytes are not a PNG/JPEG/GIF, whatever the name says), 413
 * file_too_large, 400 image_required (no readable file in the form), 503 storage_unavailable; anything
 * else (network, 5xx) is 'uploadFailed'.
 */
export function uploadProblemOf(error: unknown): UploadProblem {
  if (!(error instanceof ApiError)) return 'uploadFailed';
  switch (error.code) {
    case 'invalid_file_type': return 'invalidFileType';
    case 'file_too_large': return 'fileTooLarge';
    case 'image_required': return 'unreadable';
    case 'storage_unavailable': return 'storageUnavailable';
    default: return 'uploadFailed';
  }
}
