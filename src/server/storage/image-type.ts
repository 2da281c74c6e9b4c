/** The image formats uploads accept (PNG, JPG, GIF), with the extension stored files get. */
export type ImageType =
  | { mime: 'image/png'; ext: 'png' }
  | { mime: 'image/jpeg'; ext: 'jpg' }
  | { mime: 'image/gif'; ext: 'gif' };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87A = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61];
const GIF89A = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return bytes.length > signature.length && signature.every((b, i) => bytes[i] === b);
}

/**
 * The image type from the file's first bytes (its magic number), never from its name or declared
 * Content-Type: PNG `89 50 4E 47 0D 0A 1A 0A`, JPEG `FF D8 FF`, GIF `GIF87a`/`GIF89a`. Anything else
 * — SVG (text, and able to carry scripts), WebP, text renamed .png, empty files — is null.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG)) return { mime: 'image/png', ext: 'png' };
  if (startsWith(bytes, JPEG)) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(bytes, GIF87A) || startsWith(bytes, GIF89A)) return { mime: 'image/gif', ext: 'gif' };
  return null;
}
