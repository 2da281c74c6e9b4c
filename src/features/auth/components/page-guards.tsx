import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../../components/ui/page-spinner.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';
import { useSession } from '../../../lib/session.ts';
import { useAdminAuth } from '../admin/admin-auth-store.ts';
import { isSigningOut } from '../api/logout.ts';
import { adminLoginPath, afterSignInPath, publicLoginPath } from '../redirect.ts';

/**
 * Auth pages are for anonymous visitors only: a signed-in user goes to the page the login
 * guard kept (`?redirect=`) or home, in the current language.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user } = useSession('public');
  const { lang } = usePreferences();
  const location = useLocation();
  if (user) return <Navigate to={afterSignInPath(location.search, lang)} replace />;
  return children;
}

/** Pages that need a public login (/profile): otherwise /auth/login (…/ar in Arabic) keeping the origin. */
export function RequirePublicAuth({ children }: { children: ReactNode }) {
  const { user } = useSession('public');
  const { lang } = usePreferences();
  const location = useLocation();
  if (!user) {
    // A deliberate sign-out is already taking the user elsewhere (e.g. home from the header).
    if (isSigningOut('public')) return <PageSpinner />;
    return <Navigate to={publicLoginPath(lang, `${location.pathname}${location.search}`)} replace />;
  }
  return children;
}

/**
 * The admin area's guard: a spinner while the session is judged, /admin/login (keeping the
 * page) without an admin session, the admin pages with one.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const auth = useAdminAuth();
  const location = useLocation();
  if (auth.status === 'loading' || (auth.status === 'unauthenticated' && isSigningOut('admin'))) return <PageSpinner />;
  if (auth.status === 'unauthenticated') return <Navigate to={adminLoginPath(`${location.pathname}${location.search}`)} replace />;
  return children;
}
