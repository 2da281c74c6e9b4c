import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FieldProblem } from './field-messages.ts';
import type { MessageKey, MessageParam } from './messages.ts';

/**
 * An error answered as the JSON error envelope `{ success:false, error:{ code, message, fields? } }`.
 * `code` is a stable machine code (also the message key); `message` is localised from it unless given.
 * `fields` names each field's problems with English message constants (or zod issues); the answer gives
 * them in the request's language with their codes (http/field-messages.ts).
 */
export class ApiError extends Error {
  constructor(
    public readonly status: ContentfulStatusCode,
    public readonly code: MessageKey,
    public readonly fields?: Record<string, FieldProblem[]>,
    public readonly params?: Record<string, MessageParam>,
    public readonly headers?: Record<string, string>,
    /** Extra machine-readable fields added to `error` (e.g. `placesCount`); never `code`, `message` or `fields`. */
    public readonly details?: Record<string, string | number | boolean | null | string[]>,
  ) {
    super(code);
  }
}
