import { randomUUID } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertObjectName, StorageWriteError, type StorageProvider, type UploadBucket } from './storage-provider.ts';

/**
 * Files under `<root>/<bucket>/<name>` (root = `<DATA_DIR>/uploads`), served by src/server/node.ts at
 * `/uploads/<bucket>/<name>` with the Content-Type of the extension, `X-Content-Type-Options: nosniff`
 * and a year-long immutable cache (names are random, so a stored file never changes).
 *
 * Atomic: the bytes go to a hidden temporary file in the same folder, renamed to the final name
 * once complete, so a reader never sees a partial image and a failed write leaves no file behind.
 * Node only (the Edge Function uses SupabaseStorageProvider).
 */
export class LocalStorageProvider implements StorageProvider {
  constructor(private readonly root: string) {}

  async put(bucket: UploadBucket, name: string, bytes: Uint8Array, _contentType: string): Promise<string> {
    assertObjectName(name);
    const folder = path.join(this.root, bucket);
    const temp = path.join(folder, `.${randomUUID()}.part`);
    const target = path.join(folder, name);
    try {
      await mkdir(folder, { recursive: true });
      await writeFile(temp, bytes, { flag: 'wx', mode: 0o644 });
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw new StorageWriteError(`Could not store ${bucket}/${name} under ${this.root}: ${(error as Error).message}`, { cause: error });
    }
    return `/uploads/${bucket}/${encodeURIComponent(name)}`;
  }
}
