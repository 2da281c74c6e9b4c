import { StorageClient } from '@supabase/storage-js';
import { assertObjectName, StorageWriteError, type StorageProvider, type UploadBucket } from './storage-provider.ts';

export interface SupabaseStorageConfig {
  /** https://<ref>.supabase.co */
  url: string;
  /**
   * The service-role key: the API has already checked the caller, the size and the bytes (Supabase
   * Storage trusts the declared MIME type), so it writes past the buckets' admin-only
   * storage.objects policies.
   */
  serviceRoleKey: string;
  /** fetch to use (tests); defaults to the global one. */
  fetch?: typeof fetch;
}

/** Cache lifetime of stored objects in seconds: names are random, so an object never changes. */
const CACHE_SECONDS = '31536000';

/**
 * Supabase Storage (public buckets `places`, `categories`, `website`, created by
 * supabase/migrations/20260101001000_storage.sql) through storage-js's StorageClient: one
 * `POST /storage/v1/object/<bucket>/<name>` per image with `x-upsert: false` (an existing name is
 * an error, never overwritten). Returns the object's public URL,
 * `<url>/storage/v1/object/public/<bucket>/<name>`. Runs under Node and Deno.
 */
export class SupabaseStorageProvider implements StorageProvider {
  private readonly client: StorageClient;

  constructor(config: SupabaseStorageConfig) {
    const key = config.serviceRoleKey;
    this.client = new StorageClient(`${config.url.replace(/\/+$/, '')}/storage/v1`, { apikey: key, Authorization: `Bearer ${key}` }, config.fetch);
  }

  async put(bucket: UploadBucket, name: string, bytes: Uint8Array, contentType: string): Promise<string> {
    assertObjectName(name);
    let result: Awaited<ReturnType<ReturnType<StorageClient['from']>['upload']>>;
    try {
      result = await this.client.from(bucket).upload(name, bytes, { contentType, upsert: false, cacheControl: CACHE_SECONDS });
    } catch (error) {
      throw new StorageWriteError(`Supabase Storage upload of ${bucket}/${name} failed: ${(error as Error).message}`, { cause: error });
    }
    if (result.error) {
      throw new StorageWriteError(`Supabase Storage refused ${bucket}/${name}: ${result.error.message}`, { cause: result.error });
    }
    return this.client.from(bucket).getPublicUrl(result.data.path).data.publicUrl;
  }
}
