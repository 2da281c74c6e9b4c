import { setAuthHooks } from '../../lib/api-client.ts';
import { langOfPath, storedLang } from '../../lib/browser-language.ts';
import { session } from '../../lib/session.ts';
import { refreshSession } from './api/refresh-session.ts';
import { currentLocation, navigateTo, setAuthNavigator } from './navigation.ts';
import { adminLoginPath, publicLoginPath } from './redirect.ts';

/**
 * Where a failed session sends the user: admin → /admin/login; public → /auth/login, or
 * /auth/login/ar in Arabic, keeping the page they were on. Null when they are on that login page already.
 */
export function authFailureRedirect(scope: 'public' | 'admin', location: string, lang: 'en' | 'ar'): string | null {
  const pathname = location.split('?')[0];
  if (scope === 'admin') return pathname.startsWith('/admin/login') ? null : adminLoginPath(location);
  return pathname.startsWith('/auth/') ? null : publicLoginPath(lang, location);
}

/**
 * Registers the transport's auth hooks once at start: on a 401 the client runs one refresh
 * of the scope's session (POST …/auth/refresh with the stored refresh token); if it fails, the scope's
 * tokens are cleared and the user goes to that scope's login page. `navigate` is the router's.
 */
export function installAuthHooks(navigate: (to: string) => void) {
  setAuthNavigator(navigate);
  setAuthHooks({
    refresh: (scope) => refreshSession(scope),
    onAuthFailure: (scope) => {
      session.clear(scope);
      const location = currentLocation();
      const target = authFailureRedirect(scope, location, langOfPath(location.split('?')[0]) ?? storedLang());
      if (target) navigateTo(target);
    },
  });
}
