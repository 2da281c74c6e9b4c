import { apiRequest } from '../../../lib/api-client.ts';
import { adminUserSchema, authSessionSchema, type AdminLoginRequest, type AuthSessionView } from '../../../shared/schemas/auth-schemas.ts';

/**
 * POST /admin/auth/login {email, password, remember} → {token, refreshToken, expiresAt, user}. Only
 * admins get a session; anyone else gets 401 invalid_credentials. Also 400 validation_failed, 429.
 */
export function adminLogin(body: AdminLoginRequest): Promise<AuthSessionView> {
  return apiRequest('/admin/auth/login', { method: 'POST', body, schema: authSessionSchema, scope: 'none' });
}

/** GET /admin/auth/verify (admin token) → the admin {id, email} as the server sees it now. Throws ApiError 401/403. */
export async function verifyAdmin(): Promise<{ id: string; email: string }> {
  return apiRequest('/admin/auth/verify', { schema: adminUserSchema, scope: 'admin' });
}
