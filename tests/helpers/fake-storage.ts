import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';

/**
 * A small, honest fake of Supabase Storage's object API over HTTP, for SupabaseStorageProvider
 * tests. It implements what storage-js's `upload` and the public URL need, with Storage's documented
 * shapes: `POST /storage/v1/object/{bucket}/{name}` (service-role bearer + apikey; body = the bytes,
 * Content-Type = the declared type; `x-upsert: false` refuses an existing name) answering
 * `{ Key: "<bucket>/<name>", Id }`; errors `{ statusCode, error, message }`; per-bucket
 * `file_size_limit` and `allowed_mime_types` checked against the DECLARED type only (as Storage does);
 * `GET /storage/v1/object/public/{bucket}/{name}` serves public objects.
 */
export interface FakeStorage {
  url: string;
  serviceRoleKey: string;
  objects: Map<string, { bytes: Uint8Array<ArrayBuffer>; contentType: string; cacheControl: string | undefined }>;
  /** Makes the next uploads fail with HTTP 500 (a Storage outage). */
  failUploads: boolean;
  close(): Promise<void>;
}

const BUCKETS: Record<string, { public: boolean; fileSizeLimit: number; allowedMimeTypes: string[] }> = Object.fromEntries(
  ['places', 'categories', 'website'].map((id) => [id, { public: true, fileSizeLimit: 5_242_880, allowedMimeTypes: ['image/png', 'image/jpeg', 'image/gif'] }]),
);

export async function startFakeStorage(): Promise<FakeStorage> {
  const serviceRoleKey = `service-role-${randomUUID()}`;
  const objects: FakeStorage['objects'] = new Map();
  const state = { failUploads: false };
  const app = new Hono();
  const fail = (status: number, error: string, message: string) =>
    new Response(JSON.stringify({ statusCode: String(status), error, message }), { status, headers: { 'content-type': 'application/json' } });

  app.post('/storage/v1/object/:bucket/:name{.+}', async (c) => {
    if (c.req.header('authorization') !== `Bearer ${serviceRoleKey}` || c.req.header('apikey') !== serviceRoleKey) {
      return fail(403, 'Unauthorized', 'new row violates row-level security policy');
    }
    if (state.failUploads) return fail(500, 'internal', 'Internal Server Error');
    const { bucket, name } = c.req.param();
    const config = BUCKETS[bucket];
    if (!config) return fail(404, 'Bucket not found', 'Bucket not found');
    const contentType = c.req.header('content-type') ?? 'application/octet-stream';
    if (!config.allowedMimeTypes.includes(contentType)) return fail(415, 'invalid_mime_type', `mime type ${contentType} is not supported`);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > config.fileSizeLimit) return fail(413, 'Payload too large', 'The object exceeded the maximum allowed size');
    const key = `${bucket}/${name}`;
    if (objects.has(key) && c.req.header('x-upsert') !== 'true') return fail(409, 'Duplicate', 'The resource already exists');
    const cacheControl = c.req.header('cache-control');
    objects.set(key, { bytes, contentType, cacheControl });
    return c.json({ Key: key, Id: randomUUID() }, 200);
  });

  app.get('/storage/v1/object/public/:bucket/:name{.+}', (c) => {
    const { bucket, name } = c.req.param();
    const object = BUCKETS[bucket]?.public ? objects.get(`${bucket}/${name}`) : undefined;
    if (!object) return fail(404, 'not_found', 'Object not found');
    return new Response(object.bytes, { headers: { 'content-type': object.contentType, ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}) } });
  });

  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    serviceRoleKey,
    objects,
    get failUploads() { return state.failUploads; },
    set failUploads(v: boolean) { state.failUploads = v; },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
