import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Password reset: POST /public/auth/forgot-password {email} (always succeeds: 'If the email
 * exists, a reset code has been sent'), /verify-reset-code {email, code}, /reset-password
 * {email, code, newPassword}. Each throws ApiError: 400 invalid_code / code_attempts_exceeded /
 * validation_failed, 429 rate_limited.
 */
export function requestPasswordReset(body: { email: string }): Promise<void> {
  return apiRequest<unknown>('/public/auth/forgot-password', { method: 'POST', body, scope: 'none' }).then(() => undefined);
}

export function verifyResetCode(body: { email: string; code: string }): Promise<void> {
  return apiRequest<unknown>('/public/auth/verify-reset-code', { method: 'POST', body, scope: 'none' }).then(() => undefined);
}

export function resetPassword(body: { email: string; code: string; newPassword: string }): Promise<void> {
  return apiRequest<unknown>('/public/auth/reset-password', { method: 'POST', body, scope: 'none' }).then(() => undefined);
}

export const useForgotPasswordMutation = () => useMutation({ mutationFn: requestPasswordReset });
export const useVerifyResetCodeMutation = () => useMutation({ mutationFn: verifyResetCode });
export const useResetPasswordMutation = () => useMutation({ mutationFn: resetPassword });
