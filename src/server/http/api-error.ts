import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FieldProblem } from '../domain-errors.ts';
import type { ErrorCode, MessageParam } from '../message-catalogue.ts';

/**
 * An HTTP error, thrown by routes and the app's plumbing (the service layer throws DomainErrors, which
 * http/http-errors.ts turns into ApiErrors), answered as the JSON error envelope `{ success:false, error:{ code, message, fields? } }`.
 * `code` is a stable machine code of the message catalogue (message-catalogue.ts); `message` is localised from it unless given.
 * `fields` names each field's problems with English message constants (or zod issues); the answer gives
 * them in the request's language with their codes (http/field-messages.ts).
 */
export class ApiError extends Error {
  constructor(
    public readonly status: ContentfulStatusCode,
    public readonly code: ErrorCode,
    public readonly fields?: Record<string, FieldProblem[]>,
    public readonly params?: Record<string, MessageParam>,
    public readonly headers?: Record<string, string>,
    /** Extra machine-readable fields added to `error` (e.g. `placesCount`); never `code`, `message` or `fields`. */
    public readonly details?: Record<string, string | number | boolean | null | string[]>,
  ) {
    super(code);
  }
}
