import type { ErrorCode, MessageParam } from './message-catalogue.ts';

/**
 * The errors the service layer (src/server/queries, the importer, the backup) throws: what went wrong in
 * the domain's terms, with a code of the message catalogue, and no HTTP. `http/http-errors.ts` alone turns
 * them into answers (status by kind, message in the request's language; decision 052):
 *
 * | class             | kind         | HTTP |
 * |-------------------|--------------|------|
 * | `ValidationError` | `invalid`    | 400  |
 * | `ForbiddenError`  | `forbidden`  | 403  |
 * | `NotFoundError`   | `not_found`  | 404  |
 * | `ConflictError`   | `conflict`   | 409  |
 * | `GoneError`       | `gone`       | 410  |
 * | `UnauthenticatedError` | `unauthenticated` | 401 |
 * | `TooLargeError`   | `too_large`  | 413  |
 * | `UnsupportedTypeError` | `unsupported_type` | 415 |
 * | `RateLimitedError` | `rate_limited` | 429 (`Retry-After` from `retryAfterSeconds`) |
 * | `UnavailableError` | `unavailable` | 503 (`Retry-After` from `retryAfterSeconds`) |
 */

/** A field problem as thrown: an English message, or a zod issue (its code decides an unknown message's Arabic). */
export type FieldProblem = string | { message: string; code: string; origin?: string };

/** Field messages of checks made by the server after parsing (references, uniqueness, uploads, passwords). */
export const SERVER_FIELD_MESSAGES = {
  slugTaken: 'This slug is already in use',
  buildingNotInZone: 'Building is not in this zone',
  invalidListCursor: 'invalid or expired cursor for this list',
  nearRequired: 'near ("<latitude>,<longitude>") is required with sort=distance',
  bboxWithZoom: 'bbox and zoom go together: give both or neither',
  fileTooLarge: 'file too large',
  invalidFileType: 'invalid file type',
  imageRequired: 'image required',
  currentPasswordIncorrect: 'Current password is incorrect',
  samePassword: 'The new password must be different from the current one',
} as const;

/** What a domain error carries besides its code. */
export interface DomainErrorDetails {
  /** Each field's problems (English message constants or zod issues), answered in the request's language. */
  fields?: Record<string, FieldProblem[]>;
  /** Values of the message's `{{placeholders}}`. */
  params?: Record<string, MessageParam>;
  /** Extra machine-readable members of the answer's `error` (e.g. `placesCount`); never `code`, `message` or `fields`. */
  extra?: Record<string, string | number | boolean | null | string[]>;
  /** When trying again may work, seconds (rate limits, an unavailable upstream): answered as `Retry-After`. */
  retryAfterSeconds?: number;
}

/** The kinds of domain errors; http/http-errors.ts maps each to its status. */
export type DomainErrorKind =
  | 'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'gone'
  | 'unauthenticated' | 'too_large' | 'unsupported_type' | 'rate_limited' | 'unavailable';

/** Base of the service layer's errors: a kind, a catalogue code, and optional fields, params and extra members. */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  readonly fields?: Record<string, FieldProblem[]>;
  readonly params?: Record<string, MessageParam>;
  readonly extra?: Record<string, string | number | boolean | null | string[]>;
  readonly retryAfterSeconds?: number;

  constructor(public readonly code: ErrorCode, details: DomainErrorDetails = {}) {
    super(code);
    this.name = new.target.name;
    this.fields = details.fields;
    this.params = details.params;
    this.extra = details.extra;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/** The input breaks a rule checked against the data (an order taken, a malformed cursor, no changes). */
export class ValidationError extends DomainError {
  readonly kind = 'invalid';
}

/** The caller may not do this to this record (e.g. an edit request for a place that is not theirs). */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
}

/** The record named does not exist (or is not visible to the caller). */
export class NotFoundError extends DomainError {
  readonly kind = 'not_found';
}

/** The change conflicts with the data as it is now (a slug taken, a request already reviewed, a category in use). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** The record existed but the action is no longer possible (a deletion older than the restore window). */
export class GoneError extends DomainError {
  readonly kind = 'gone';
}

/** The caller is not who they must be: no valid token, wrong credentials, an unusable refresh token. */
export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthenticated';
}

/** An uploaded file is over its size limit. */
export class TooLargeError extends DomainError {
  readonly kind = 'too_large';
}

/** An uploaded file is not of a type accepted here. */
export class UnsupportedTypeError extends DomainError {
  readonly kind = 'unsupported_type';
}

/** Too many attempts of an action (ours, or Supabase Auth's own limit); `retryAfterSeconds` says when to try again. */
export class RateLimitedError extends DomainError {
  readonly kind = 'rate_limited';
}

/** A service this one depends on (Supabase Auth) did not answer or failed; worth trying again later. */
export class UnavailableError extends DomainError {
  readonly kind = 'unavailable';
}
