import { ApiError } from '../../lib/api-client-error.ts';
import { validationMessageKey } from './auth-forms.ts';
import '../../lib/late-strings.ts';

/**
 * What an auth screen says about a failed call: an i18n key of ours, or the server's own message
 * (already in the user's language through Accept-Language) for errors only the server can explain.
 *  - 401 invalid_credentials → 'Invalid credentials'
 *  - 400/403/429 with a server code (wrong or expired code, unverified address, wrong current password,
 *    rate limit…) → the server's message (for validation_failed: its first field message)
 *  - network failures, 5xx, unexpected answers → 'Something went wrong. Please try again.'
 */
export type AuthErrorText = { key: string } | { text: string };

const SERVER_EXPLAINS = new Set([
  'invalid_code', 'code_attempts_exceeded', 'email_not_verified', 'current_password_incorrect', 'same_password',
  'rate_limited', 'validation_failed', 'profile_not_found', 'auth_unavailable',
]);

export function describeAuthError(error: unknown): AuthErrorText {
  if (!(error instanceof ApiError)) return { key: 'auth.errors.generic' };
  if (error.status === 401 && (error.code === 'invalid_credentials' || error.code === 'unauthorized')) return { key: 'auth.errors.invalidCredentials' };
  if (error.status >= 400 && error.status < 500 && SERVER_EXPLAINS.has(error.code) && error.message) {
    if (error.code === 'validation_failed' && error.fields) {
      // The first field problem: the server answers it in the request's language (Accept-Language is
      // the UI's); an English text of the shared schemas still maps to our key.
      const first = Object.values(error.fields).flat()[0];
      const key = validationMessageKey(first);
      if (key) return { key };
      if (first) return { text: first };
    }
    return { text: error.message };
  }
  return { key: 'auth.errors.generic' };
}

/** True when a sign-in failed only because the address still awaits its code (403 email_not_verified). */
export const isEmailNotVerified = (error: unknown) => error instanceof ApiError && error.code === 'email_not_verified';
