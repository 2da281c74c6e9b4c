import { apiRequest } from '../../../lib/api-client.ts';
import { session, userFromToken, type SessionScope } from '../../../lib/session.ts';
import { navigateTo } from '../navigation.ts';

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

const leaving: Record<SessionScope, boolean> = { public: false, admin: false };

/**
 * True while a deliberate sign-out of `scope` is taking the user to its destination: guards then
 * wait instead of sending the user to the login page with the page they were leaving.
 */
export const isSigningOut = (scope: SessionScope) => leaving[scope];

/**
 * Signs out of `scope` at once: clears the stored tokens (both storages), deletes what the device keeps of the
 * user in IndexedDB (their queued requests, decision 048) and in the service worker's caches (decision 047), ends the server session best-effort (the local
 * sign-out stands whatever the server answers) and, with `to`, goes there.
 */
export async function signOut(scope: SessionScope, to?: string): Promise<void> {
  const refreshToken = session.refreshToken(scope);
  const userId = userFromToken(session.token(scope))?.id ?? null;
  leaving[scope] = Boolean(to);
  session.clear(scope);
  // what the service worker's caches hold of this person goes too (decision 047; loaded on sign-out, pre-cached)
  const cachesCleared = import('../../../lib/user-caches.ts').then((m) => m.clearUserCaches(), () => 0);
  await import('../../../lib/offline-user-data.ts').then((m) => m.clearUserOfflineData(userId), () => undefined);
  const server = endServerSession(scope, refreshToken);
  if (to) {
    try {
      await navigateTo(to);
    } finally {
      leaving[scope] = false;
    }
  }
  await server;
  await cachesCleared;
}
