import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withClaims } from '../../src/server/db/client.ts';
import { LocalStorageProvider } from '../../src/server/storage/local-storage-provider.ts';
import { StorageWriteError } from '../../src/server/storage/storage-provider.ts';
import { SupabaseStorageProvider } from '../../src/server/storage/supabase-storage-provider.ts';
import { createUser, ownerSql, testApp } from '../helpers/api.ts';
import { startFakeStorage, type FakeStorage } from '../helpers/fake-storage.ts';

const MAX = 5_242_880;
const sql = ownerSql();
const root = mkdtempSync(path.join(tmpdir(), 'uploads-test-'));
const app = testApp(sql, { storage: new LocalStorageProvider(root) });
let admin: Awaited<ReturnType<typeof createUser>>;
let user: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  admin = await createUser(sql, { role: 'admin' });
  user = await createUser(sql);
});
afterAll(async () => {
  await sql.end();
  rmSync(root, { recursive: true, force: true });
});

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>');

/** A PNG signature followed by zeros: exactly `size` bytes. */
function pngOfSize(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  PNG_1X1.copy(bytes, 0, 0, Math.min(PNG_1X1.length, size));
  return bytes;
}

function form(bytes: Uint8Array, filename: string, type: string, field = 'image'): FormData {
  const body = new FormData();
  body.append(field, new File([new Uint8Array(bytes)], filename, { type }));
  return body;
}

async function post(url: string, body: BodyInit, headers: Record<string, string> = {}) {
  const res = await app.request(`/api${url}`, { method: 'POST', body, headers });
  return { status: res.status, body: (await res.json()) as any };
}

/** Every file under the uploads root (temporary dot files included). */
function storedFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}

function diskPath(url: string): string {
  expect(url.startsWith('/uploads/')).toBe(true);
  return path.join(root, url.slice('/uploads/'.length));
}

describe('POST /public/auth/upload/places (signed-in user)', () => {
  it('stores a PNG under a random name and answers 201 {success, data:{url}}', async () => {
    const { status, body } = await post('/public/auth/upload/places', form(PNG_1X1, 'logo.png', 'image/png'), user.authHeader);
    expect(status).toBe(201);
    expect(body.success).toBe(true);
    expect(body.data.url).toMatch(/^\/uploads\/places\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\.png$/);
    expect(readFileSync(diskPath(body.data.url))).toEqual(PNG_1X1);
    const again = await post('/public/auth/upload/places', form(PNG_1X1, 'logo.png', 'image/png'), user.authHeader);
    expect(again.body.data.url).not.toBe(body.data.url);
  });

  it('names the file by its content: a PNG renamed .gif and declared image/gif is stored as .png', async () => {
    const { status, body } = await post('/public/auth/upload/places', form(PNG_1X1, 'photo.gif', 'image/gif'), user.authHeader);
    expect(status).toBe(201);
    expect(body.data.url).toMatch(/\.png$/);
    expect(readFileSync(diskPath(body.data.url))).toEqual(PNG_1X1);
  });

  it('accepts GIF and JPEG (extensions .gif and .jpg), whatever the declared type', async () => {
    const gif = await post('/public/auth/upload/places', form(GIF_1X1, 'a.bin', 'application/octet-stream'), user.authHeader);
    expect(gif.status).toBe(201);
    expect(gif.body.data.url).toMatch(/\.gif$/);
    const jpeg = await post('/public/auth/upload/places', form(JPEG_HEAD, 'a.jpeg', 'image/jpeg'), user.authHeader);
    expect(jpeg.status).toBe(201);
    expect(jpeg.body.data.url).toMatch(/\.jpg$/);
  });

  it('refuses SVG, text named .png, WebP and empty files with 415 and writes nothing', async () => {
    const before = storedFiles();
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
    const cases: [Uint8Array, string, string][] = [
      [SVG, 'logo.svg', 'image/svg+xml'],
      [SVG, 'logo.png', 'image/png'],
      [Buffer.from('just some text, not an image\n'), 'notes.png', 'image/png'],
      [webp, 'a.webp', 'image/webp'],
      [new Uint8Array(0), 'empty.png', 'image/png'],
      [PNG_1X1.subarray(0, 8), 'signature-only.png', 'image/png'],
    ];
    for (const [bytes, name, type] of cases) {
      const { status, body } = await post('/public/auth/upload/places', form(bytes, name, type), user.authHeader);
      expect(status, name).toBe(415);
      expect(body).toEqual({ success: false, error: { code: 'invalid_file_type', message: 'Invalid file type. Please select a PNG, JPG or GIF image.', fields: { image: ['invalid file type'] }, fieldCodes: { image: ['invalid_file_type'] } } });
    }
    expect(storedFiles()).toEqual(before);
  });

  it('answers in Arabic with Accept-Language: ar', async () => {
    const { status, body } = await post('/public/auth/upload/places', form(SVG, 'a.svg', 'image/svg+xml'), { ...user.authHeader, 'Accept-Language': 'ar' });
    expect(status).toBe(415);
    expect(body.error.message).toBe('نوع الملف غير صالح. يرجى اختيار صورة PNG أو JPG أو GIF.');
  });

  it('accepts exactly 5 242 880 bytes and refuses 5 242 881 with 413, writing nothing', async () => {
    const ok = await post('/public/auth/upload/places', form(pngOfSize(MAX), 'big.png', 'image/png'), user.authHeader);
    expect(ok.status).toBe(201);
    expect(statSync(diskPath(ok.body.data.url)).size).toBe(MAX);

    const before = storedFiles();
    const tooBig = await post('/public/auth/upload/places', form(pngOfSize(MAX + 1), 'big.png', 'image/png'), user.authHeader);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toEqual({ code: 'file_too_large', message: 'File is too large. Maximum size is 5MB.', fields: { image: ['file too large'] }, fieldCodes: { image: ['file_too_large'] } });
    expect(storedFiles()).toEqual(before);

    const ar = await post('/public/auth/upload/places', form(pngOfSize(MAX + 1), 'big.png', 'image/png'), { ...user.authHeader, 'Accept-Language': 'ar' });
    expect(ar.body.error.message).toBe('الملف كبير جدًا. الحد الأقصى للحجم 5 ميجابايت.');
  });

  it('stops reading a huge body while it streams: 413 after about 5 MB of a 50 MB upload', async () => {
    const boundary = 'xBoundaryx';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024);
    const total = 50 * 1024 * 1024;
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(Buffer.concat([head, PNG_1X1])));
        pulled += head.length + PNG_1X1.length;
      },
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
      },
    });
    const before = storedFiles();
    const res = await app.request('/api/public/auth/upload/places', {
      method: 'POST', body: stream, headers: { ...user.authHeader, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).error.code).toBe('file_too_large');
    expect(pulled).toBeLessThan(MAX + 512 * 1024);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const body = new Response(form(PNG_1X1, 'small.png', 'image/png'));
    const res = await app.request('/api/public/auth/upload/places', {
      method: 'POST', body: await body.arrayBuffer(),
      headers: { ...user.authHeader, 'Content-Type': body.headers.get('content-type')!, 'Content-Length': String(MAX + 100 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).error.code).toBe('file_too_large');
  });

  it('answers 400 image_required without a file in the field `image` or without multipart', async () => {
    const wrongField = await post('/public/auth/upload/places', form(PNG_1X1, 'a.png', 'image/png', 'file'), user.authHeader);
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.error.code).toBe('image_required');
    const textField = new FormData();
    textField.append('image', 'https://example.com/a.png');
    expect((await post('/public/auth/upload/places', textField, user.authHeader)).status).toBe(400);
    const json = await post('/public/auth/upload/places', JSON.stringify({ image: 'x' }), { ...user.authHeader, 'Content-Type': 'application/json' });
    expect(json.status).toBe(400);
    expect(json.body.error.code).toBe('image_required');
  });

  it('answers 401 to anonymous callers and writes nothing', async () => {
    const before = storedFiles();
    const { status, body } = await post('/public/auth/upload/places', form(PNG_1X1, 'a.png', 'image/png'));
    expect(status).toBe(401);
    expect(body.error.code).toBe('unauthorized');
    const forged = await post('/public/auth/upload/places', form(PNG_1X1, 'a.png', 'image/png'), { Authorization: 'Bearer not.a.token' });
    expect(forged.status).toBe(401);
    expect(storedFiles()).toEqual(before);
  });
});

describe('POST /admin/upload/{places|categories|website} (admin)', () => {
  it('stores into each bucket', async () => {
    for (const bucket of ['places', 'categories', 'website']) {
      const { status, body } = await post(`/admin/upload/${bucket}`, form(GIF_1X1, 'icon.gif', 'image/gif'), admin.authHeader);
      expect(status, bucket).toBe(201);
      expect(body.data.url).toMatch(new RegExp(`^/uploads/${bucket}/[0-9a-f-]{36}\\.gif$`));
      expect(readFileSync(diskPath(body.data.url))).toEqual(GIF_1X1);
    }
  });

  it('answers 401 anonymous and 403 to a signed-in non-admin, writing nothing', async () => {
    const before = storedFiles();
    for (const bucket of ['places', 'categories', 'website']) {
      expect((await post(`/admin/upload/${bucket}`, form(PNG_1X1, 'a.png', 'image/png'))).status).toBe(401);
      const forbidden = await post(`/admin/upload/${bucket}`, form(PNG_1X1, 'a.png', 'image/png'), user.authHeader);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error.code).toBe('forbidden');
    }
    expect(storedFiles()).toEqual(before);
  });

  it('applies the same type and size checks', async () => {
    expect((await post('/admin/upload/website', form(SVG, 'logo.svg', 'image/svg+xml'), admin.authHeader)).status).toBe(415);
    expect((await post('/admin/upload/categories', form(pngOfSize(MAX + 1), 'a.png', 'image/png'), admin.authHeader)).status).toBe(413);
  });

  it('is not a route for other buckets', async () => {
    expect((await post('/admin/upload/secrets', form(PNG_1X1, 'a.png', 'image/png'), admin.authHeader)).status).toBe(404);
  });
});

describe('storage failures', () => {
  const locked: string[] = [];
  afterEach(() => {
    for (const dir of locked.splice(0)) {
      try { execFileSync('chattr', ['-i', dir], { stdio: 'ignore' }); } catch { /* not set */ }
      chmodSync(dir, 0o755);
    }
  });

  /** Makes `dir` unwritable even for root (chattr +i where available; chmod otherwise). */
  function makeUnwritable(dir: string): boolean {
    chmodSync(dir, 0o555);
    locked.push(dir);
    if (process.getuid?.() === 0) {
      try { execFileSync('chattr', ['+i', dir], { stdio: 'ignore' }); } catch { return false; }
    }
    try {
      writeFileSync(path.join(dir, 'probe'), 'x');
      rmSync(path.join(dir, 'probe'));
      return false;
    } catch {
      return true;
    }
  }

  it('answers 503 storage_unavailable with a clear JSON error and leaves no partial file when the folder is not writable', async (ctx) => {
    const lockedRoot = mkdtempSync(path.join(tmpdir(), 'uploads-locked-'));
    mkdirSync(path.join(lockedRoot, 'places'));
    if (!makeUnwritable(path.join(lockedRoot, 'places'))) ctx.skip('cannot make a folder unwritable here');
    const lockedApp = testApp(sql, { storage: new LocalStorageProvider(lockedRoot) });
    for (const lang of ['en', 'ar']) {
      const res = await lockedApp.request('/api/public/auth/upload/places', { method: 'POST', body: form(PNG_1X1, 'a.png', 'image/png'), headers: { ...user.authHeader, 'Accept-Language': lang } });
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({
        success: false,
        error: { code: 'storage_unavailable', message: lang === 'en' ? 'Failed to upload image. Please try again.' : 'تعذّر رفع الصورة. يرجى المحاولة مرة أخرى.' },
      });
    }
    expect(readdirSync(path.join(lockedRoot, 'places'))).toEqual([]);
  });

  it('LocalStorageProvider removes its temporary file when the final rename fails', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uploads-rename-'));
    const provider = new LocalStorageProvider(dir);
    mkdirSync(path.join(dir, 'places', 'taken.png', 'inside'), { recursive: true });
    await expect(provider.put('places', 'taken.png', PNG_1X1, 'image/png')).rejects.toBeInstanceOf(StorageWriteError);
    expect(readdirSync(path.join(dir, 'places'))).toEqual(['taken.png']);
    await expect(provider.put('places', '../escape.png', PNG_1X1, 'image/png')).rejects.toThrow(/Invalid storage object name/);
    await expect(provider.put('places', '.hidden', PNG_1X1, 'image/png')).rejects.toThrow(/Invalid storage object name/);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 storage_unavailable, leaves nothing behind and keeps serving when the uploads path cannot be written (even as root)', async () => {
    // chmod does not stop root; a file where the bucket folder should be (ENOTDIR) or where the uploads
    // root should be (mkdir fails) does, for every user, with the real file system
    const parent = mkdtempSync(path.join(tmpdir(), 'uploads-blocked-'));
    const bucketIsFile = path.join(parent, 'a');
    mkdirSync(bucketIsFile);
    writeFileSync(path.join(bucketIsFile, 'places'), 'not a folder');
    const rootIsFile = path.join(parent, 'b');
    writeFileSync(rootIsFile, 'not a folder either');
    for (const blockedRoot of [bucketIsFile, rootIsFile]) {
      const blockedApp = testApp(sql, { storage: new LocalStorageProvider(blockedRoot) });
      for (const [url, who] of [['/api/public/auth/upload/places', user], ['/api/admin/upload/places', admin]] as const) {
        const res = await blockedApp.request(url, { method: 'POST', body: form(PNG_1X1, 'a.png', 'image/png'), headers: who.authHeader });
        expect(res.status).toBe(503);
        expect(res.headers.get('content-type')).toMatch(/application\/json/);
        expect(await res.json()).toEqual({ success: false, error: { code: 'storage_unavailable', message: 'Failed to upload image. Please try again.' } });
      }
    }
    expect(readFileSync(path.join(bucketIsFile, 'places'), 'utf8')).toBe('not a folder');
    expect(readdirSync(bucketIsFile)).toEqual(['places']);
    expect(readFileSync(rootIsFile, 'utf8')).toBe('not a folder either');
    expect(readdirSync(parent).sort()).toEqual(['a', 'b']);
    // the same process keeps serving uploads where it can write
    const ok = await post('/public/auth/upload/places', form(PNG_1X1, 'a.png', 'image/png'), user.authHeader);
    expect(ok.status).toBe(201);
    rmSync(parent, { recursive: true, force: true });
  });

  it('answers 503 storage_unavailable when no storage is configured', async () => {
    const bare = testApp(sql);
    const res = await bare.request('/api/admin/upload/places', { method: 'POST', body: form(PNG_1X1, 'a.png', 'image/png'), headers: admin.authHeader });
    expect(res.status).toBe(503);
    expect(((await res.json()) as any).error.code).toBe('storage_unavailable');
  });
});

describe('SupabaseStorageProvider (fake Storage API over HTTP)', () => {
  let fake: FakeStorage;
  beforeAll(async () => { fake = await startFakeStorage(); });
  afterAll(() => fake.close());

  it('uploads with the service-role key and returns the public URL, which serves the bytes', async () => {
    const provider = new SupabaseStorageProvider({ url: `${fake.url}/`, serviceRoleKey: fake.serviceRoleKey });
    const url = await provider.put('categories', 'icon-1.png', PNG_1X1, 'image/png');
    expect(url).toBe(`${fake.url}/storage/v1/object/public/categories/icon-1.png`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG_1X1);
    expect(fake.objects.get('categories/icon-1.png')?.cacheControl).toBe('max-age=31536000');
  });

  it('never overwrites, and reports refusals and outages as StorageWriteError', async () => {
    const provider = new SupabaseStorageProvider({ url: fake.url, serviceRoleKey: fake.serviceRoleKey });
    await provider.put('places', 'same.png', PNG_1X1, 'image/png');
    await expect(provider.put('places', 'same.png', GIF_1X1, 'image/gif')).rejects.toBeInstanceOf(StorageWriteError);
    expect(fake.objects.get('places/same.png')?.bytes).toEqual(new Uint8Array(PNG_1X1));
    const wrongKey = new SupabaseStorageProvider({ url: fake.url, serviceRoleKey: 'anon-key' });
    await expect(wrongKey.put('places', 'x.png', PNG_1X1, 'image/png')).rejects.toBeInstanceOf(StorageWriteError);
    const down = new SupabaseStorageProvider({ url: 'http://127.0.0.1:9', serviceRoleKey: fake.serviceRoleKey });
    await expect(down.put('places', 'x.png', PNG_1X1, 'image/png')).rejects.toBeInstanceOf(StorageWriteError);
  });

  it('serves the upload routes: data.url is the public URL; an outage answers 503 storage_unavailable', async () => {
    const supaApp = testApp(sql, { storage: new SupabaseStorageProvider({ url: fake.url, serviceRoleKey: fake.serviceRoleKey }) });
    const res = await supaApp.request('/api/admin/upload/website', { method: 'POST', body: form(PNG_1X1, 'logo.gif', 'image/gif'), headers: admin.authHeader });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as any;
    expect(data.url).toMatch(new RegExp(`^${fake.url}/storage/v1/object/public/website/[0-9a-f-]{36}\\.png$`));
    expect(fake.objects.get(data.url.split('/public/')[1])?.contentType).toBe('image/png');
    const svg = await supaApp.request('/api/admin/upload/website', { method: 'POST', body: form(SVG, 'logo.png', 'image/png'), headers: admin.authHeader });
    expect(svg.status).toBe(415);

    fake.failUploads = true;
    try {
      const failed = await supaApp.request('/api/public/auth/upload/places', { method: 'POST', body: form(PNG_1X1, 'a.png', 'image/png'), headers: user.authHeader });
      expect(failed.status).toBe(503);
      expect(((await failed.json()) as any).error.code).toBe('storage_unavailable');
    } finally {
      fake.failUploads = false;
    }
  });
});

describe('storage migration (buckets and storage.objects policies)', () => {
  it('creates the three public buckets with the 5 MB limit and PNG/JPEG/GIF types', async () => {
    const rows = await sql`select id, public, file_size_limit::int as limit, allowed_mime_types from storage.buckets
                           where id in ('places', 'categories', 'website') order by id`;
    expect(rows.map((r) => ({ ...r }))).toEqual(['categories', 'places', 'website'].map((id) => ({
      id, public: true, limit: MAX, allowed_mime_types: ['image/png', 'image/jpeg', 'image/gif'],
    })));
  });

  it('lets anyone read the buckets’ objects and only admins write them', async () => {
    const name = `policy-${Date.now()}.png`;
    const insert = (claims: Parameters<typeof withClaims>[1], n: string) =>
      withClaims(sql, claims, (tx) => tx`insert into storage.objects (bucket_id, name) values ('places', ${n})`);
    await expect(insert({ role: 'authenticated', sub: user.id, email: user.email }, `user-${name}`)).rejects.toThrow(/row-level security/);
    await expect(insert({ role: 'anon' }, `anon-${name}`)).rejects.toThrow(/permission denied|row-level security/);
    await insert({ role: 'authenticated', sub: admin.id, email: admin.email, app_metadata: { role: 'admin' } }, name);
    const seen = await withClaims(sql, { role: 'anon' }, (tx) => tx`select name from storage.objects where bucket_id = 'places' and name = ${name}`);
    expect(seen).toHaveLength(1);
    const updated = await withClaims(sql, { role: 'authenticated', sub: user.id, email: user.email },
      (tx) => tx`update storage.objects set name = 'stolen.png' where bucket_id = 'places' and name = ${name} returning id`);
    expect(updated).toHaveLength(0);
    // Storage's protect_delete refuses SQL deletes unless the Storage API's own setting is on
    await sql.begin(async (tx) => {
      await tx`select set_config('storage.allow_delete_query', 'true', true)`;
      await tx`delete from storage.objects where name = ${name}`;
    });
  });
});
