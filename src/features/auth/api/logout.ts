import { apiRequest } from '../../../lib/api-client.ts';
import { session, type SessionScope } from '../../../lib/session.ts';

const LOGOUT_PATH: Record<SessionScope, string> = { public: '/public/auth/logout', admin: '/admin/auth/logout' };

/**
 * POST /public/auth/logout or /admin/auth/logout {refreshToken}: ends that session on the server.
 * Best-effort: never rejects. Sent without a bearer token so an expired one cannot trigger a refresh.
 */
export function endServerSession(scope: SessionScope, refreshToken: string | null): Promise<void> {
  if (!refreshToken) return Promise.resolve();
  return apiRequest<unknown>(LOGOUT_PATH[scope], { method: 'POST', body: { refreshToken }, scope: 'none' }).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Signs out of `scope` at once: clears the stored tokens (both storages), then ends the server session
 * best-effort (the local sign-out has already happened whatever the server answers).
 */
export function signOut(scope: SessionScope): Promise<void> {
  const refreshToken = session.refreshToken(scope);
  session.clear(scope);
  return endServerSession(scope, refreshToken);
}
