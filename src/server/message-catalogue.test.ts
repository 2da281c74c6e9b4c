import { describe, expect, it } from 'vitest';
import { ConflictError, GoneError, NotFoundError, ValidationError } from './domain-errors.ts';
import { ApiError } from './http/api-error.ts';
import { errorCodes, langFromHeader, message, MESSAGES, type ErrorCode, type MessageKey } from './message-catalogue.ts';

describe('langFromHeader', () => {
  it.each([
    ['ar', 'ar'], ['ar-SA', 'ar'], ['AR-sa,en;q=0.8', 'ar'], [' ar ;q=1', 'ar'],
    ['en-US,ar;q=0.9', 'en'], ['fr', 'en'], ['', 'en'], [undefined, 'en'], [null, 'en'], ['*', 'en'],
  ] as const)('%j → %s', (header, lang) => {
    expect(langFromHeader(header)).toBe(lang);
  });
});

describe('message', () => {
  it('returns the text in the requested language', () => {
    expect(message('place_not_found', 'en')).toBe('Place not found.');
    expect(message('place_not_found', 'ar')).toBe('المكان غير موجود.');
  });

  it('fills {{name}} placeholders from params, leaving missing ones empty', () => {
    expect(message('file_too_large', 'en', { maxSize: 5 })).toBe('File is too large. Maximum size is 5MB.');
    expect(message('file_too_large', 'ar', { maxSize: 5 })).toBe('الملف كبير جدًا. الحد الأقصى للحجم 5 ميجابايت.');
    expect(message('file_too_large', 'en')).toBe('File is too large. Maximum size is MB.');
  });

  it('renders a message given as a placeholder in the same language', () => {
    const reason = { key: 'not_applicable_zone_missing', params: { id: '7' } } as const;
    expect(message('request_not_applicable', 'en', { reason })).toBe('This request cannot be applied: its district (#7) no longer exists');
    expect(message('request_not_applicable', 'ar', { reason })).toBe('لا يمكن تطبيق هذا الطلب: الحي المختار (رقم 7) لم يعد موجودًا');
  });
});

describe('the catalogue', () => {
  it('has every message in both languages: English text, and Arabic in Arabic script', () => {
    expect(Object.keys(MESSAGES).length).toBeGreaterThan(50);
    for (const [code, text] of Object.entries(MESSAGES)) {
      expect(text.en.trim(), code).not.toBe('');
      expect(text.en, code).not.toMatch(/[\u0600-\u06FF]/);
      expect(text.ar, code).toMatch(/[\u0600-\u06FF]/);
      // the same placeholders in both languages
      const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(text.ar), code).toEqual(names(text.en));
    }
  });

  it('lists the error codes without the success messages, sorted', () => {
    const codes = errorCodes();
    expect(codes).toEqual([...codes].sort());
    expect(codes).toContain('slug_taken');
    expect(codes).toContain('idempotency_key_reused');
    expect(codes).not.toContain('signed_out');
    expect(codes).not.toContain('password_changed');
  });

  it('refuses, at compile time, a code it does not hold (npm run typecheck fails if these compile)', () => {
    // @ts-expect-error an unknown code is not a MessageKey
    const unknownKey: MessageKey = 'no_such_code';
    // @ts-expect-error a success message is not an error code
    const successAsError: ErrorCode = 'signed_out';
    // @ts-expect-error message() takes catalogue keys only
    expect(message('no_such_code', 'en')).toBe('no_such_code');
    // @ts-expect-error domain errors take catalogue codes only
    expect(new NotFoundError('no_such_code').code).toBe('no_such_code');
    // @ts-expect-error ApiError takes catalogue codes only
    expect(new ApiError(400, 'no_such_code').code).toBe('no_such_code');
    expect([unknownKey, successAsError]).toEqual(['no_such_code', 'signed_out']);
  });
});

describe('domain errors', () => {
  it('carry their kind, code, fields, params and extra members, and no HTTP status', () => {
    const error = new ConflictError('category_in_use', { params: { count: 3 }, extra: { placesCount: 3 } });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ConflictError', kind: 'conflict', code: 'category_in_use', message: 'category_in_use', params: { count: 3 }, extra: { placesCount: 3 } });
    expect(error).not.toHaveProperty('status');
    expect(new ValidationError('validation_failed', { fields: { slug: ['x'] } })).toMatchObject({ kind: 'invalid', fields: { slug: ['x'] } });
    expect(new GoneError('history_restore_expired').kind).toBe('gone');
  });
});
