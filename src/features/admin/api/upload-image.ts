import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** The upload buckets of spec §7: place logos and images, category icons, the site logo. */
export type UploadBucket = 'places' | 'categories' | 'website';

const uploadResultSchema = z.object({ url: z.string().min(1) });

/**
 * POST /admin/upload/{bucket} (multipart, field `image`): stores a PNG/JPG/GIF of at most 5 MB and
 * resolves to its URL (`data.url`: a /uploads/… path locally, a public Storage URL on Supabase).
 * Throws ApiError (413 too large, 415 not an image, 401/403).
 */
export async function uploadAdminImage(bucket: UploadBucket, file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  const { url } = await apiRequest(`/admin/upload/${bucket}`, { method: 'POST', body, schema: uploadResultSchema, scope: 'admin' });
  return url;
}

/** An `upload` prop for ImageUploadField bound to one bucket. */
export const uploaderFor = (bucket: UploadBucket) => (file: File) => uploadAdminImage(bucket, file);
