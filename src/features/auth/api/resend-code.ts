import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /public/auth/resend-code {email}: mails a new sign-up code (same answer for any address). Throws ApiError 400 / 429. */
export function resendVerificationCode(body: { email: string }): Promise<void> {
  return apiRequest<unknown>('/public/auth/resend-code', { method: 'POST', body, scope: 'none' }).then(() => undefined);
}

export function useResendCodeMutation() {
  return useSingleFlightMutation({ mutationFn: resendVerificationCode });
}
