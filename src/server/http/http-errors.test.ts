import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { fieldErrors, toApiError } from './http-errors.ts';
import { ConflictError, ForbiddenError, GoneError, NotFoundError, RateLimitedError, TooLargeError, UnauthenticatedError, UnavailableError, UnsupportedTypeError, ValidationError } from '../domain-errors.ts';
import { ApiError } from './api-error.ts';

describe('fieldErrors', () => {
  it('groups zod issues by dotted path, "_" for the root, keeping each issue code (and origin) for the answer', () => {
    expect(fieldErrors([
      { path: ['page'], message: 'Too small', code: 'too_small', origin: 'number' },
      { path: ['page'], message: 'Not an integer', code: 'invalid_type' },
      { path: ['details', 'youtubeUrl'], message: 'invalid URL', code: 'custom' },
      { path: ['items', 2, 'name'], message: 'required' },
      { path: [], message: 'Expected object', code: 'invalid_type' },
    ])).toEqual({
      page: [{ message: 'Too small', code: 'too_small', origin: 'number' }, { message: 'Not an integer', code: 'invalid_type' }],
      'details.youtubeUrl': [{ message: 'invalid URL', code: 'custom' }],
      'items.2.name': [{ message: 'required', code: 'custom' }],
      _: [{ message: 'Expected object', code: 'invalid_type' }],
    });
  });
});

describe('toApiError', () => {
  const pg = (code: string) => Object.assign(new Error('pg'), { code });

  it('passes ApiErrors through unchanged', () => {
    const error = new ApiError(404, 'place_not_found');
    expect(toApiError(error)).toBe(error);
  });

  it('maps domain errors to their status by kind, keeping code, fields, params and extra members', () => {
    expect(toApiError(new ValidationError('no_changes'))).toMatchObject({ status: 400, code: 'no_changes' });
    expect(toApiError(new ForbiddenError('not_place_owner'))).toMatchObject({ status: 403, code: 'not_place_owner' });
    expect(toApiError(new NotFoundError('zone_not_found'))).toMatchObject({ status: 404, code: 'zone_not_found' });
    expect(toApiError(new ConflictError('slug_taken', { fields: { slug: ['This slug is already in use'] } })))
      .toMatchObject({ status: 409, code: 'slug_taken', fields: { slug: ['This slug is already in use'] } });
    expect(toApiError(new ConflictError('category_in_use', { params: { count: 2 }, extra: { placesCount: 2 } })))
      .toMatchObject({ status: 409, code: 'category_in_use', params: { count: 2 }, details: { placesCount: 2 } });
    expect(toApiError(new GoneError('history_restore_expired', { params: { days: 30 } }))).toMatchObject({ status: 410, params: { days: 30 } });
  });

  it('maps the auth and upload kinds, with Retry-After from retryAfterSeconds', () => {
    expect(toApiError(new UnauthenticatedError('invalid_credentials'))).toMatchObject({ status: 401, code: 'invalid_credentials', headers: undefined });
    expect(toApiError(new TooLargeError('file_too_large', { params: { maxSize: 5 } }))).toMatchObject({ status: 413, params: { maxSize: 5 } });
    expect(toApiError(new UnsupportedTypeError('invalid_file_type'))).toMatchObject({ status: 415, code: 'invalid_file_type' });
    expect(toApiError(new RateLimitedError('rate_limited', { retryAfterSeconds: 60 }))).toMatchObject({ status: 429, headers: { 'Retry-After': '60' } });
    expect(toApiError(new UnavailableError('auth_unavailable', { retryAfterSeconds: 5 }))).toMatchObject({ status: 503, headers: { 'Retry-After': '5' } });
    expect(toApiError(new UnavailableError('auth_unavailable')).headers).toBeUndefined();
  });

  it('maps Hono HTTP exceptions (body limit, bad JSON)', () => {
    expect(toApiError(new HTTPException(413))).toMatchObject({ status: 413, code: 'payload_too_large' });
    expect(toApiError(new HTTPException(400))).toMatchObject({ status: 400, code: 'invalid_json' });
    expect(toApiError(new HTTPException(401))).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it.each([
    ['23505', 409, 'conflict'], ['23503', 409, 'conflict'], ['23514', 400, 'validation_failed'],
    ['42501', 403, 'forbidden'], ['57014', 503, 'database_unavailable'], ['ECONNREFUSED', 503, 'database_unavailable'],
  ])('Postgres %s → %i %s', (code, status, apiCode) => {
    expect(toApiError(pg(code))).toMatchObject({ status, code: apiCode });
  });

  it('asks clients to retry when the database is unavailable', () => {
    expect(toApiError(pg('57P01')).headers).toEqual({ 'Retry-After': '1' });
  });

  it('answers anything else as a 500 without details', () => {
    expect(toApiError(new TypeError('x is undefined'))).toMatchObject({ status: 500, code: 'internal_error', fields: undefined });
    expect(toApiError('a string')).toMatchObject({ status: 500, code: 'internal_error' });
  });
});
