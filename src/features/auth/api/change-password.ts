import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { SessionScope } from '../../../lib/session.ts';
import type { ChangePasswordRequest } from '../../../shared/schemas/auth-schemas.ts';

const PATH: Record<SessionScope, string> = {
  public: '/public/auth/change-password',
  admin: '/admin/auth/change-password',
};

/**
 * PUT /public/auth/change-password or /admin/auth/change-password {currentPassword, newPassword}.
 * The current session stays signed in; others end. Throws ApiError 400 current_password_incorrect /
 * same_password / validation_failed, 401, 429.
 */
export function changePassword(scope: SessionScope, body: ChangePasswordRequest): Promise<void> {
  return apiRequest<unknown>(PATH[scope], { method: 'PUT', body, scope }).then(() => undefined);
}

export function useChangePasswordMutation(scope: SessionScope) {
  return useSingleFlightMutation({ mutationFn: (body: ChangePasswordRequest) => changePassword(scope, body) });
}
