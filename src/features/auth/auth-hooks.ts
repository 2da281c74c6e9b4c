import { setAuthHooks } from '../../lib/api-client.ts';
import { langOfPath, storedLang } from '../../lib/browser-language.ts';
import { session } from '../../lib/session.ts';
import { currentLocation, navigateTo, setAuthNavigator } from './navigation.ts';

/**
 * Registers the transport's auth hooks once at start: on a 401 the client runs one refresh
 * of the scope's session (POST …/auth/refresh with the stored refresh token); if it fails, the scope's
 * tokens are cleared and the user goes to that scope's login page. `navigate` is the router's.
 */
export function installAuthHooks(navigate: (to: string) => void) {
  setAuthNavigator(navigate);
  // The refresh and the redirect load with the first 401, not with every page's first scripts (decision 063). A refresh
  // whose script cannot load fails like a refused one (null), as a refresh call failing for the network does.
  setAuthHooks({
    refresh: (scope) => import('./api/refresh-session.ts').then((m) => m.refreshSession(scope), () => null),
    onAuthFailure: (scope) => {
      session.clear(scope);
      const location = currentLocation();
      void import('./redirect.ts').then((m) => {
        const target = m.authFailureRedirect(scope, location, langOfPath(location.split('?')[0]) ?? storedLang());
        if (target) void navigateTo(target);
      });
    },
  });
}
