import { Navigate } from 'react-router-dom';
import { RequirePublicAuth } from '../../../features/auth/components/page-guards.tsx';
import { usePreferences } from '../../../lib/preferences.tsx';

/** /profile (and /ar): signed-in users go to /profile/places; others to /auth/login keeping /profile. */
export default function ProfileIndexPage() {
  const { localize } = usePreferences();
  return (
    <RequirePublicAuth>
      <Navigate to={localize('/profile/places')} replace />
    </RequirePublicAuth>
  );
}
