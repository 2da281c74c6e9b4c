import { uploadImage } from '../../../lib/upload-image.ts';

/** The upload buckets: place logos and images, category icons, the site logo. */
export type UploadBucket = 'places' | 'categories' | 'website';

/**
 * POST /admin/upload/{bucket} (multipart, field `image`): stores a PNG/JPG/GIF of at most 5 MB and
 * resolves to its URL. Throws ApiError (413 too large, 415 not an image, 401/403).
 */
export function uploadAdminImage(bucket: UploadBucket, file: File): Promise<string> {
  return uploadImage(`/admin/upload/${bucket}`, file, 'admin');
}

/** An `upload` prop for ImageUploadField bound to one bucket. */
export const uploaderFor = (bucket: UploadBucket) => (file: File) => uploadAdminImage(bucket, file);
