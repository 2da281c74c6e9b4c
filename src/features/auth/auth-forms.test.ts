import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client-error.ts';
import { AUTH_MESSAGES } from '../../shared/schemas/auth-schemas.ts';
import { describeAuthError } from './auth-errors.ts';
import { changePasswordFormSchema, newPasswordFormSchema, normalizeCodeInput, validationMessageKey } from './auth-forms.ts';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('change password form', () => {
  it('says all fields are required for any empty field', () => {
    expect(messages(changePasswordFormSchema.safeParse({ currentPassword: '', newPassword: '', confirmPassword: '' }))).toEqual({
      currentPassword: AUTH_MESSAGES.allFieldsRequired,
      newPassword: AUTH_MESSAGES.allFieldsRequired,
      confirmPassword: AUTH_MESSAGES.allFieldsRequired,
    });
  });

  it('needs a new password of at least 6 characters', () => {
    expect(messages(changePasswordFormSchema.safeParse({ currentPassword: 'old', newPassword: '12345', confirmPassword: '12345' }))).toEqual({
      newPassword: AUTH_MESSAGES.newPasswordMin,
    });
  });

  it('needs matching passwords', () => {
    expect(messages(changePasswordFormSchema.safeParse({ currentPassword: 'old', newPassword: '123456', confirmPassword: '123457' }))).toEqual({
      confirmPassword: AUTH_MESSAGES.passwordsMismatch,
    });
    expect(changePasswordFormSchema.safeParse({ currentPassword: 'old', newPassword: '123456', confirmPassword: '123456' }).success).toBe(true);
  });

  it('reset: new password rules and confirmation', () => {
    expect(messages(newPasswordFormSchema.safeParse({ newPassword: 'abc', confirmPassword: 'abc' }))).toEqual({ newPassword: AUTH_MESSAGES.passwordMin });
    expect(messages(newPasswordFormSchema.safeParse({ newPassword: 'abcdef', confirmPassword: 'abcdeg' }))).toEqual({ confirmPassword: AUTH_MESSAGES.passwordsMismatch });
  });
});

describe('code input', () => {
  it('keeps six ASCII digits, converting Arabic-Indic and Persian digits', () => {
    expect(normalizeCodeInput('123 456')).toBe('123456');
    expect(normalizeCodeInput('١٢٣٤٥٦')).toBe('123456');
    expect(normalizeCodeInput('۱۲۳abc۴۵۶۷')).toBe('123456');
  });
});

describe('messages', () => {
  it('maps the shared schemas messages to i18n keys', () => {
    expect(validationMessageKey(AUTH_MESSAGES.passwordsMismatch)).toBe('auth.validation.passwordsMismatch');
    expect(validationMessageKey('Something else')).toBeNull();
  });

  it('describes API failures in the product words', () => {
    expect(describeAuthError(new ApiError(401, 'invalid_credentials', 'Invalid credentials'))).toEqual({ key: 'auth.errors.invalidCredentials' });
    expect(describeAuthError(new ApiError(0, 'network_error', 'offline'))).toEqual({ key: 'auth.errors.generic' });
    expect(describeAuthError(new ApiError(500, 'internal_error', 'boom'))).toEqual({ key: 'auth.errors.generic' });
    expect(describeAuthError(new Error('x'))).toEqual({ key: 'auth.errors.generic' });
    expect(describeAuthError(new ApiError(400, 'invalid_code', 'الرمز غير صحيح'))).toEqual({ text: 'الرمز غير صحيح' });
    expect(describeAuthError(new ApiError(400, 'validation_failed', 'Invalid', { email: [AUTH_MESSAGES.emailInvalid] }))).toEqual({ key: 'auth.validation.emailInvalid' });
    // an Arabic answer's field message (already in the UI's language) is shown as is, not the generic message
    expect(describeAuthError(new ApiError(400, 'validation_failed', 'بعض الحقول غير صالحة.', { email: ['يرجى إدخال بريد إلكتروني صحيح'] }))).toEqual({ text: 'يرجى إدخال بريد إلكتروني صحيح' });
  });
});
