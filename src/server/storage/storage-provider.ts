/**
 * Where uploaded images live: `LocalStorageProvider` on the embedded stack (files under
 * the data folder, served at /uploads/<bucket>/<name>) and `SupabaseStorageProvider` on Supabase
 * (public buckets created by supabase/migrations/20260101001000_storage.sql). The upload routes
 * check size and type themselves before calling `put`, in both modes.
 */

/** The public buckets: place logos and images, category icons, the site logo. */
export const UPLOAD_BUCKETS = ['places', 'categories', 'website'] as const;
export type UploadBucket = (typeof UPLOAD_BUCKETS)[number];

/** Object names the providers accept: one path segment of safe characters, never a dot file. */
export const OBJECT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export interface StorageProvider {
  /**
   * Stores `bytes` as `<bucket>/<name>` (never overwriting an existing object) and returns its public
   * URL: a same-origin path `/uploads/<bucket>/<name>` locally, an absolute https URL on Supabase.
   * Either the whole object is stored or nothing is. Throws StorageWriteError when it cannot store.
   */
  put(bucket: UploadBucket, name: string, bytes: Uint8Array, contentType: string): Promise<string>;
}

/** The storage backend refused or failed a write (folder not writable, Storage API error, …). */
export class StorageWriteError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageWriteError';
  }
}

/** Throws a plain Error (a programming error, not a storage failure) for names outside OBJECT_NAME_PATTERN. */
export function assertObjectName(name: string): void {
  if (!OBJECT_NAME_PATTERN.test(name)) throw new Error(`Invalid storage object name: ${JSON.stringify(name)}`);
}
