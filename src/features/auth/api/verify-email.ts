import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { authSessionSchema, type AuthSessionView } from '../../../shared/schemas/auth-schemas.ts';

/**
 * POST /public/auth/verify-email {email, code} → session {token, refreshToken, expiresAt, user}.
 * Throws ApiError 400 invalid_code / code_attempts_exceeded / validation_failed, 429.
 */
export function verifyEmail(body: { email: string; code: string }): Promise<AuthSessionView> {
  return apiRequest('/public/auth/verify-email', { method: 'POST', body, schema: authSessionSchema, scope: 'none' });
}

/** Confirms the address and signs the user in (persistent storage). */
export function useVerifyEmailMutation() {
  return useSingleFlightMutation({
    mutationFn: verifyEmail,
    onSuccess: (data) => session.set('public', { token: data.token, refreshToken: data.refreshToken }, true),
  });
}
