import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Path of the @scalar/api-reference standalone browser bundle in node_modules (Node only), served
 * by the embedded server at /api/docs/scalar.js so the API reference works offline, without a CDN.
 * The package does not export the file, so it is found next to the package's resolved entry.
 */
export function scalarBundlePath(): string {
  const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
  return path.join(path.dirname(entry), 'browser', 'standalone.js');
}
