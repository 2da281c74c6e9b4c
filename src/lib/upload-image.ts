import { z } from 'zod';
import { apiRequest } from './api-client.ts';

const uploadResultSchema = z.object({ url: z.string().min(1) });

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
