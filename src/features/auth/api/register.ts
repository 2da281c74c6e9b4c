import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { RegisterRequest } from '../../../shared/schemas/auth-schemas.ts';

/**
 * POST /public/auth/register {email, password, name} → {email, needsVerification}: a 6-digit code is
 * mailed (the same answer whether or not the address is taken). Throws ApiError 400 / 429.
 */
export function registerAccount(body: RegisterRequest) {
  return apiRequest('/public/auth/register', {
    method: 'POST',
    body,
    schema: z.object({ email: z.string(), needsVerification: z.boolean() }),
    scope: 'none',
  });
}

export function useRegisterMutation() {
  return useSingleFlightMutation({ mutationFn: registerAccount });
}
