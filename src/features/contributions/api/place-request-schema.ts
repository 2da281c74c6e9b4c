/**
 * The answer's schema of a sent place request, as a module of its own for `import()` (send-queued.ts): an entry of
 * its own, so the build needs no namespace object (and no runtime helper in the public pages' first scripts).
 */
export { placeRequestSchema } from '../../../shared/schemas/place-request-schemas.ts';
