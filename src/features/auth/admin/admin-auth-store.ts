import { useEffect, useSyncExternalStore } from 'react';
import { session } from '../../../lib/session.ts';
import { adminLogin, verifyAdmin } from '../api/admin-auth-api.ts';
import { signOut } from '../api/logout.ts';
import { refreshSession } from '../api/refresh-session.ts';
import { createAdminAuth, type AdminAuthState } from './admin-auth-machine.ts';

/** The app's one admin session, on the admin token in local/session storage. */
export const adminAuth = createAdminAuth({
  readToken: () => session.token('admin'),
  store: (tokens, remember) => session.set('admin', tokens, remember),
  clear: () => session.clear('admin'),
  refresh: () => refreshSession('admin'),
  verify: verifyAdmin,
  login: adminLogin,
  signOut: () => void signOut('admin', '/admin/login'),
  now: () => Date.now(),
});

// One storage watch and one expiry timer however many components use the admin session.
let users = 0;
let stopSession: (() => void) | null = null;
function acquire() {
  if (users++ === 0) {
    const unsubscribe = session.subscribe(() => void adminAuth.syncWithStorage());
    const stopTimer = adminAuth.start();
    stopSession = () => {
      unsubscribe();
      stopTimer();
    };
  }
  return () => {
    if (--users === 0) {
      stopSession?.();
      stopSession = null;
    }
  };
}

/**
 * The admin session for components: `{ status: 'loading' | 'unauthenticated' | 'authenticated', user? }`
 * plus `login(email, password, remember) → Promise<AdminLoginFailure | null>` and `logout()`. Mounting it starts the
 * session (start-up check, storage watch, expiry check every 300 000 ms).
 */
export function useAdminAuth(): AdminAuthState & { login: typeof adminAuth.login; logout: typeof adminAuth.logout } {
  useEffect(acquire, []);
  const state = useSyncExternalStore(adminAuth.subscribe, adminAuth.getState, adminAuth.getState);
  return { ...state, login: adminAuth.login, logout: adminAuth.logout };
}
