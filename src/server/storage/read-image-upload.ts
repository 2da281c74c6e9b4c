import { LIMITS } from '../../shared/schemas/common-schemas.ts';
import { SERVER_FIELD_MESSAGES, TooLargeError, UnsupportedTypeError, ValidationError } from '../domain-errors.ts';
import { detectImageType, type ImageType } from './image-type.ts';

/** Room for the multipart boundaries and part headers around the file, in bytes. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface ImageUpload {
  bytes: Uint8Array;
  type: ImageType;
}

/** Reads the body while counting: past `cap` bytes it stops (413) instead of buffering more. */
async function readBodyUpTo(request: Request, cap: number, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > cap) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      // Stop here; the server drains or closes the rest (@hono/node-server drains up to 64 MiB).
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(maxBytes: number) {
  return new TooLargeError('file_too_large', { fields: { image: [SERVER_FIELD_MESSAGES.fileTooLarge] }, params: { maxSize: Math.round(maxBytes / 1024 / 1024) } });
}

function invalidType() {
  return new UnsupportedTypeError('invalid_file_type', { fields: { image: [SERVER_FIELD_MESSAGES.invalidFileType] } });
}

/**
 * Reads the multipart/form-data field `field` (default `image`) of an upload request, runtime-neutral
 * (web streams: Node and Deno). Memory stays bounded: the body is counted while it streams in and
 * refused once it exceeds `maxBytes` + MULTIPART_OVERHEAD_BYTES (or when Content-Length says so),
 * without reading further. Then the file itself must be at most `maxBytes` (default 5 242 880) and
 * start with a PNG, JPEG or GIF signature — its name and declared type are ignored.
 *
 * Errors (domain errors, answered by http/http-errors.ts): ValidationError `image_required` (400: not multipart,
 * or no file in `field`), TooLargeError `file_too_large` (413), UnsupportedTypeError `invalid_file_type` (415:
 * SVG, text, WebP, empty, … whatever the extension).
 */
export async function readImageUpload(request: Request, options: { maxBytes?: number; field?: string } = {}): Promise<ImageUpload> {
  const maxBytes = options.maxBytes ?? LIMITS.imageMaxBytes;
  const field = options.field ?? 'image';
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(contentType)) {
    throw new ValidationError('image_required', { fields: { [field]: [SERVER_FIELD_MESSAGES.imageRequired] } });
  }
  const body = await readBodyUpTo(request, maxBytes + MULTIPART_OVERHEAD_BYTES, maxBytes);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new ValidationError('image_required', { fields: { [field]: [SERVER_FIELD_MESSAGES.imageRequired] } });
  }
  const file = form.get(field);
  if (!file || typeof file === 'string') throw new ValidationError('image_required', { fields: { [field]: [SERVER_FIELD_MESSAGES.imageRequired] } });
  if (file.size > maxBytes) throw tooLarge(maxBytes);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectImageType(bytes);
  if (!type) throw invalidType();
  return { bytes, type };
}
