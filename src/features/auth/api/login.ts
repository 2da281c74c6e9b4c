import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { authSessionSchema, type AuthSessionView, type LoginRequest } from '../../../shared/schemas/auth-schemas.ts';

/**
 * POST /public/auth/login {email, password} → {token, refreshToken, expiresAt, user}.
 * Throws ApiError: 401 invalid_credentials, 403 email_not_verified, 400 validation_failed, 429 rate_limited.
 */
export function loginWithPassword(body: LoginRequest): Promise<AuthSessionView> {
  return apiRequest('/public/auth/login', { method: 'POST', body, schema: authSessionSchema, scope: 'none' });
}

/** Public sign-in; on success the tokens are kept in persistent storage. */
export function useLoginMutation() {
  return useSingleFlightMutation({
    mutationFn: loginWithPassword,
    onSuccess: (data) => session.set('public', { token: data.token, refreshToken: data.refreshToken }, true),
  });
}
